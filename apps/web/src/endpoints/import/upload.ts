import path from 'node:path'

import { detectFileFormat, type FormatDetectionResult } from '@chronotope/file-readers'
import type { Endpoint } from 'payload'

import { settings } from '../../config/settings'
import { COLLECTION_NAMES } from '../../constants/collection-names'
import { IMPORT_STATUS } from '../../constants/import-status'
import { ApiError, errorResponse } from '../../lib/api/api-error'
import { requireUser } from '../../lib/import/import-access'
import { loadDataset, UPLOAD_TEMP_DIR } from '../../lib/import/import-documents'
import { enforceImportChoices } from '../../lib/import/import-choices'
import { parseImportOptions } from '../../lib/import/import-options'
import { resolveImportTarget } from '../../lib/import/import-target'
import { storeImportFile } from '../../lib/import/store-import-file'
import { queueDatasetDetection } from '../../lib/import/queue-stage'
import { clientAddress } from '../../lib/http/client-address'
import { enforceUploadRateLimit } from '../../lib/import/rate-limit-service'
import { rateLimitPool } from '../../lib/rate-limits/rate-limit-pool'
import { discardUpload, receiveUpload } from '../../lib/import/receive-upload'
import { enforceSheetLimit } from '../../lib/import/sheet-limit'
import { requireScope } from '../../lib/api-keys/require-scope'
import { databasePool } from '../../lib/import/progress-tracking'
import { refuseWhenEventsFull } from '../../lib/quotas/event-quotas'
import { rateLimitHeaders } from '../../lib/quotas/quota-limits'
import { quotasOf } from '../../lib/quotas/user-quotas'

const SUPPORTED = 'CSV, TSV, XLSX, XLS, ODS, JSON and GeoJSON'

/** The extension a stored file gets, from its detected content. */
function extensionFor(detection: FormatDetectionResult): string {
  if (detection.format === 'csv') return detection.delimiter === '\t' ? 'tsv' : 'csv'
  return detection.format
}

/** The user's file name, with the right extension added when the content says otherwise. */
function storedName(originalName: string, detection: FormatDetectionResult): string {
  const extension = extensionFor(detection)
  const current = path.extname(originalName).slice(1).toLowerCase()
  const matches =
    current === extension || (extension === 'csv' && current === 'txt') || (extension === 'tsv' && current === 'tab')
  return matches ? originalName : `${originalName}.${extension}`
}

async function detect(tempPath: string): Promise<FormatDetectionResult> {
  try {
    return await detectFileFormat(tempPath)
  } catch (error) {
    if ((error as Error).name === 'UnsupportedFormat') {
      throw new ApiError(
        415,
        'unsupported-file-type',
        `${(error as Error).message}. Chronotope imports ${SUPPORTED} files`,
        'file',
      )
    }
    throw new ApiError(400, 'unreadable-file', `The file could not be read: ${(error as Error).message}`, 'file')
  }
}

/**
 * `POST /api/import/upload`: multipart form with `file`, `catalog` (id) or `catalogName`, and
 * optionally `dataset` (id) or `datasetName`, `autoStart` (default true) and import options
 * (`sheet`, `mapping`, `dateOrder`, `dateOrders`, `idStrategy`, `idField`, `hashFields`,
 * `duplicateAction`, `geocode`, or all of them as one JSON `options` field). Stores the file and
 * answers at once with `{ job: { importId, … } }`; the pipeline starts within a second. Errors:
 * 401, 400, 403, 413 (too large), 415 (unsupported type), 422 when starting at once: a workbook
 * with more sheets than `CHRONOTOPE_IMPORT_MAX_SHEETS` and no `sheet` chosen (`too-many-sheets`),
 * a date column whose day/month order no value decides and `dateOrders`/`dateOrder` does not
 * answer (`choice-required`, naming the column), or `dateOrders` naming a column that is not a
 * date column (`unknown-column`), or when the uploader's datasets already hold the events their
 * trust level allows (`quota-exceeded`); 429 (rate limit, or the uploads-per-day quota, with
 * Retry-After). A metered answer carries `RateLimit-Limit`/`-Remaining`/`-Reset` for the quota.
 */
export const importUploadEndpoint: Endpoint = {
  path: '/import/upload',
  method: 'post',
  handler: async (req) => {
    try {
      const user = requireUser(req)
      requireScope(req, 'import')
      const ip = clientAddress(req.headers, settings.trustedProxies)
      const quotas = await quotasOf(req.payload, user)
      await refuseWhenEventsFull(databasePool(req.payload), user.id, quotas)
      const dailyQuota = await enforceUploadRateLimit(
        rateLimitPool(req.payload),
        { userId: user.id, ip },
        { perUser: settings.uploadRateLimitPerUser, perIp: settings.uploadRateLimitPerIp },
        quotas,
      )
      const upload = await receiveUpload(req as unknown as Request, {
        tempDir: UPLOAD_TEMP_DIR,
        maxBytes: settings.uploadMaxBytes,
      })
      try {
        if (upload.file.size === 0) throw new ApiError(400, 'empty-file', 'The file is empty', 'file')
        const detection = await detect(upload.file.tempPath)
        const options = parseImportOptions(upload.fields)
        const target = await resolveImportTarget(req, upload.fields)
        const autoStart = upload.fields.autoStart?.trim().toLowerCase() !== 'false'
        // An upload kept for preview creates nothing per sheet; its start is checked instead, once
        // the user has had the chance to choose one sheet.
        if (autoStart) {
          await enforceSheetLimit(upload.file.tempPath, detection, options.sheet)
          const remembered = target.datasetId ? (await loadDataset(req.payload, target.datasetId)).importSettings : null
          await enforceImportChoices(upload.file.tempPath, detection, options, remembered)
        }
        const filename = await storeImportFile(upload.file.tempPath, storedName(upload.file.originalName, detection))
        const file = await req.payload.create({
          collection: COLLECTION_NAMES.IMPORT_FILES,
          data: {
            catalog: target.catalogId,
            ...(target.datasetName ? { datasetName: target.datasetName } : {}),
            options: { ...options, ...(target.datasetId ? { datasetId: target.datasetId } : {}) },
            detection,
            status: autoStart ? IMPORT_STATUS.PROCESSING : IMPORT_STATUS.PENDING,
            owner: user.id,
            uploaderIp: ip,
            filename,
            mimeType: detection.mimeType,
            filesize: upload.file.size,
          },
          depth: 0,
          overrideAccess: true,
        })
        if (autoStart) await queueDatasetDetection(req.payload, Number(file.id))
        const importId = Number(file.id)
        return Response.json(
          {
            job: {
              importId,
              fileName: filename,
              format: detection.format,
              encoding: detection.encoding ?? null,
              status: autoStart ? IMPORT_STATUS.PROCESSING : IMPORT_STATUS.PENDING,
              isStarted: autoStart,
              statusUrl: `/api/import/${importId}`,
              previewUrl: `/api/preview?importId=${importId}`,
            },
          },
          { status: 202, headers: dailyQuota ? rateLimitHeaders(dailyQuota) : {} },
        )
      } finally {
        await discardUpload(upload.file)
      }
    } catch (error) {
      return errorResponse(error, (err) => req.payload.logger.error({ err, msg: 'Upload failed' }))
    }
  },
}
