import { detectFileFormat, listSheets } from '@chronotope/file-readers'
import type { EventMapping } from '@chronotope/schema'
import type { Endpoint, Payload } from 'payload'

import { ApiError, errorResponse, parseIdParameter } from '../../lib/api/api-error'
import { detectSheetSchema } from '../../lib/import/detect-sheet-schema'
import { loadImportForRequest } from '../../lib/import/import-access'
import { importFilePath, loadDataset } from '../../lib/import/import-documents'
import { applyRememberedMapping, type RememberedOptions } from '../../lib/import/remembered-settings'
import { requireScope } from '../../lib/api-keys/require-scope'

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
 * statistics (from the first rows, as the import samples them), the suggested event mapping (for an
 * import into an existing dataset, starting from how its last import read the file: `remembered`),
 * the import choices (each date column's order: decided from its values, with the reason and five
 * examples, or to be chosen before the import can start; decided over the whole file, read as far
 * as needed), warnings, and the first rows, so a user can check and adjust before importing.
 */
export const previewEndpoint: Endpoint = {
  path: '/preview',
  method: 'get',
  handler: async (req) => {
    try {
      requireScope(req, 'import')
      const params = new URL(req.url ?? 'http://localhost/').searchParams
      const importId = parseIdParameter(params.get('importId') ?? params.get('fileId'), 'importId')
      const rows = rowCount(params.get('rows'))
      const file = await loadImportForRequest(req, importId)
      const path = importFilePath(file)
      // An upload records its detection; a file stored otherwise (the demo's sample) is detected now.
      const detection = file.detection ?? (await detectFileFormat(path))
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
      const remembered = await rememberedFor(req.payload, file.options?.datasetId, headers, schema.mapping)
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
            mapping: remembered?.mapping ?? schema.mapping,
            choices: schema.choices,
            warnings: schema.warnings,
          },
          remembered: remembered?.summary ?? null,
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
      // The record outlived its stored file (removed, or seeded into another data folder).
      if ((error as NodeJS.ErrnoException | undefined)?.code === 'ENOENT') {
        const message = 'This import has no stored file to preview any more; upload the file again'
        return errorResponse(new ApiError(400, 'file-missing', message, 'importId'))
      }
      return errorResponse(error, (err) => req.payload.logger.error({ err, msg: 'Preview failed' }))
    }
  },
}
