import { listSheets, readHeaders, readRows, type SourceRow } from '@chronotope/file-readers'
import { createSchemaBuilder, type EventMapping } from '@chronotope/schema'
import type { Endpoint, Payload } from 'payload'

import { ApiError, errorResponse, parseIdParameter } from '../../lib/api/api-error'
import { loadImportForRequest } from '../../lib/import/import-access'
import { importFilePath, loadDataset } from '../../lib/import/import-documents'
import { applyRememberedMapping, type RememberedOptions } from '../../lib/import/remembered-settings'

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

/** What the preview says about the target dataset's remembered settings. */
export interface RememberedSummary {
  readonly datasetId: number
  readonly datasetName: string
  /** The import they come from, and when it completed. */
  readonly importId: number
  readonly at: string
  /** Roles set as in that import, and remembered roles whose columns this file lacks. */
  readonly kept: readonly string[]
  readonly dropped: readonly string[]
  readonly options: RememberedOptions
}

// An import into an existing dataset starts from how the dataset's last import read its file.
async function rememberedFor(
  payload: Payload,
  datasetId: number | undefined,
  headers: readonly string[],
  detected: EventMapping,
): Promise<{ mapping: EventMapping; summary: RememberedSummary } | undefined> {
  if (!datasetId) return undefined
  const dataset = await loadDataset(payload, datasetId)
  const settings = dataset.importSettings
  if (!settings) return undefined
  const { mapping, kept, dropped } = applyRememberedMapping(detected, settings, headers)
  return {
    mapping,
    summary: {
      datasetId,
      datasetName: dataset.name,
      importId: settings.importId,
      at: settings.at,
      kept,
      dropped,
      options: settings.options,
    },
  }
}

/**
 * `GET /api/preview?importId={id}&sheet={index or name}&rows={n}`: a preview of an uploaded file
 * (imported or not): detected format and encoding, its sheets, the detected schema with field
 * statistics (from the first rows), the suggested event mapping (for an import into an existing
 * dataset, starting from how its last import read the file: `remembered`), warnings, and the first
 * rows, so a user can check and adjust before importing.
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
      const remembered = await rememberedFor(req.payload, file.options?.datasetId, headers, schema.mapping)
      return Response.json(
        {
          importId: file.id,
          fileName: file.filename,
          detection,
          sheets,
          sheet,
          headers,
          rowsSampled: sampled,
          schema: {
            fields: schema.fields,
            mapping: remembered?.mapping ?? schema.mapping,
            warnings: schema.warnings,
          },
          remembered: remembered?.summary ?? null,
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
