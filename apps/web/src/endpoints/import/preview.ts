import { listSheets } from '@chronotope/file-readers'
import type { Endpoint } from 'payload'

import { ApiError, errorResponse, parseIdParameter } from '../../lib/api/api-error'
import { detectSheetSchema } from '../../lib/import/detect-sheet-schema'
import { loadImportForRequest } from '../../lib/import/import-access'
import { importFilePath } from '../../lib/import/import-documents'

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
 * statistics (from the first rows, as the import samples them), the suggested event mapping, the
 * import choices (each date column's order: decided from its values, with the reason and five
 * examples, or to be chosen before the import can start; decided over the whole file, read as far
 * as needed), warnings, and the first rows, so a user can check and adjust before importing.
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
      // The same sample and date scan as the import, so the preview shows the decisions it will apply.
      const found = await detectSheetSchema(path, detection, { sheet, firstRows: rows })
      const { headers, schema } = found
      return Response.json(
        {
          importId: file.id,
          fileName: file.filename,
          detection,
          sheets,
          sheet,
          headers,
          rowsSampled: found.rowsSampled,
          rowsScannedForDates: found.rowsScannedForDates,
          schema: {
            fields: schema.fields,
            mapping: schema.mapping,
            choices: schema.choices,
            warnings: schema.warnings,
          },
          rows: found.firstRows,
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
