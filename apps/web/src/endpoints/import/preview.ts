import { listSheets, readHeaders, readRows, type SourceRow } from '@chronotope/file-readers'
import { createSchemaBuilder } from '@chronotope/schema'
import type { Endpoint } from 'payload'

import { ApiError, errorResponse, parseIdParameter } from '../../lib/api/api-error'
import { loadImportForRequest } from '../../lib/import/import-access'
import { importFilePath } from '../../lib/import/import-documents'

/** Rows read to compute the preview's field statistics. */
export const PREVIEW_SAMPLE_ROWS = 1000
const MAX_PREVIEW_ROWS = 100

function rowCount(raw: string | null): number {
  if (raw === null || raw === '') return 20
  const rows = Number(raw)
  if (!Number.isInteger(rows) || rows < 1 || rows > MAX_PREVIEW_ROWS) {
    throw new ApiError(
      400,
      'invalid-parameter',
      `rows must be an integer from 1 to ${MAX_PREVIEW_ROWS}; got "${raw}"`,
      'rows',
    )
  }
  return rows
}

/**
 * `GET /api/preview?importId={id}&sheet={index or name}&rows={n}`: a preview of an uploaded file
 * (imported or not): detected format and encoding, its sheets, the detected schema with field
 * statistics (from the first rows), the suggested event mapping, warnings, and the first rows, so
 * a user can check and adjust before importing.
 */
export const previewEndpoint: Endpoint = {
  path: '/preview',
  method: 'get',
  handler: async (req) => {
    try {
      const params = new URL(req.url ?? 'http://localhost/').searchParams
      const importId = parseIdParameter(params.get('importId') ?? params.get('fileId'), 'importId')
      const rows = rowCount(params.get('rows'))
      const file = await loadImportForRequest(req, importId)
      const path = importFilePath(file)
      const detection = file.detection!
      const sheets = file.sheets ?? (await listSheets(path, detection))
      const sheetParam = params.get('sheet')
      const sheet =
        sheetParam === null || sheetParam === '' ? 0 : /^\d+$/.test(sheetParam) ? Number(sheetParam) : sheetParam
      if (!sheets.some((candidate) => candidate.index === sheet || candidate.name === sheet)) {
        throw new ApiError(400, 'invalid-parameter', `The file has no sheet "${sheetParam}"`, 'sheet')
      }
      const headers = await readHeaders(path, detection, { sheet })
      const builder = createSchemaBuilder(headers)
      const firstRows: SourceRow[] = []
      let sampled = 0
      for await (const batch of readRows(path, detection, { sheet, batchSize: 500 })) {
        const take = batch.slice(0, PREVIEW_SAMPLE_ROWS - sampled)
        builder.addRows(take.map((row) => row.values))
        for (const row of take) if (firstRows.length < rows) firstRows.push(row)
        sampled += take.length
        if (sampled >= PREVIEW_SAMPLE_ROWS) break
      }
      const schema = builder.build()
      return Response.json(
        {
          importId: file.id,
          fileName: file.filename,
          detection,
          sheets,
          sheet,
          headers,
          rowsSampled: sampled,
          schema: { fields: schema.fields, mapping: schema.mapping, warnings: schema.warnings },
          rows: firstRows,
        },
        { headers: { 'Cache-Control': 'no-store' } },
      )
    } catch (error) {
      if (
        error instanceof Error &&
        ['MalformedFile', 'TooManyColumns', 'ZipBombDetected', 'SheetNotFound'].includes(error.name)
      ) {
        return errorResponse(new ApiError(422, 'unreadable-file', error.message, 'importId'))
      }
      return errorResponse(error, (err) => req.payload.logger.error({ err, msg: 'Preview failed' }))
    }
  },
}
