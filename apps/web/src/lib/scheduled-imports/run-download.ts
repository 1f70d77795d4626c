/**
 * The first half of a scheduled run: download the source (conditionally, bounded, through the
 * outbound policy) and, when it changed, hand it to the import pipeline exactly as an upload
 * would be. The run's second half happens when that import ends (see `settle-run.ts`).
 * @module
 */
import { randomUUID } from 'node:crypto'
import { mkdir, rm } from 'node:fs/promises'
import path from 'node:path'

import { detectFileFormat, type FormatDetectionResult } from '@chronotope/file-readers'
import type { Payload } from 'payload'

import { settings } from '../../config/settings'
import { COLLECTION_NAMES } from '../../constants/collection-names'
import { IMPORT_STATUS } from '../../constants/import-status'
import { ApiError } from '../api/api-error'
import { enforceImportChoices } from '../import/import-choices'
import { idOf, loadDataset, UPLOAD_TEMP_DIR } from '../import/import-documents'
import type { ImportOptions } from '../import/import-options'
import { queueDatasetDetection } from '../import/queue-stage'
import { storeImportFile } from '../import/store-import-file'
import { createSourceFetch, downloadSource, SourceDownloadFailed, type SourceDownload } from './download-source'
import { finishRun } from './finish-run'
import { loadRun, loadSchedule, updateRun, type ScheduledImportDoc } from './scheduled-import-documents'
import type { SourceFormat } from './scheduled-import-types'

/** Limits of one download; the settings give them, tests narrow them. */
export interface DownloadLimits {
  readonly maxBytes: number
  readonly timeoutMs: number
  readonly stallTimeoutMs: number
}

/** A server that sends nothing for this long is cut off, whatever the total time limit. */
export const STALL_TIMEOUT_MS = 30_000

/** The limits the settings give. */
export function configuredDownloadLimits(): DownloadLimits {
  return {
    maxBytes: settings.scheduledImportMaxBytes,
    timeoutMs: settings.scheduledImportTimeoutSeconds * 1000,
    stallTimeoutMs: Math.min(STALL_TIMEOUT_MS, settings.scheduledImportTimeoutSeconds * 1000),
  }
}

/** The format a detection names, as a schedule's `format` option writes it. */
function formatOf(detection: FormatDetectionResult): SourceFormat {
  if (detection.format === 'csv' && detection.delimiter === '\t') return 'tsv'
  return detection.format
}

const EXTENSIONS: Record<string, string> = { tsv: 'tsv', csv: 'csv' }

function fileNameFor(schedule: ScheduledImportDoc, format: SourceFormat, now: Date): string {
  const stem = schedule.name.replace(/[^\p{L}\p{N}._-]+/gu, '-').replace(/^-+|-+$/g, '') || 'scheduled-import'
  const stamp = now.toISOString().replace(/[:.]/g, '-')
  return `${stem}-${stamp}.${EXTENSIONS[format] ?? format}`
}

/** A detection that failed, as the run reports it. */
async function detect(tempPath: string, chosen: SourceFormat): Promise<FormatDetectionResult> {
  let detection: FormatDetectionResult
  try {
    detection = await detectFileFormat(tempPath)
  } catch (error) {
    throw new SourceDownloadFailedAsImport(
      `The address answered with something Chronotope cannot import (${(error as Error).message}); it reads CSV, TSV, XLSX, XLS, ODS, JSON and GeoJSON`,
    )
  }
  const detected = formatOf(detection)
  const compatible = chosen === 'auto' || chosen === detected || (chosen === 'csv' && detected === 'tsv')
  if (!compatible) {
    throw new SourceDownloadFailedAsImport(
      `The schedule says the source is ${chosen.toUpperCase()}, but the address answered with ${detected.toUpperCase()}; change the format to "auto" or fix the address`,
    )
  }
  return detection
}

/** A downloaded body that cannot be imported as the schedule says: the run fails with this message. */
class SourceDownloadFailedAsImport extends Error {}

function describeDownload(download: SourceDownload): string {
  if (download.kind === 'not-modified') return 'Unchanged: the server answered 304 Not Modified'
  if (download.kind === 'unchanged') return `Unchanged: the same ${download.bytes} bytes as the last run`
  return `Downloaded ${download.bytes} bytes`
}

/**
 * Downloads a run's source and starts its import, or ends the run: unchanged (a 304, or the body
 * of the last run again), or failed with a reason an owner can act on.
 * @param limits - download limits (default: the settings')
 * @param fetchImpl - the guarded fetch (default: the outbound policy with the scheduled-import allow-list)
 */
export async function downloadAndStartImport(
  payload: Payload,
  runId: number,
  limits: DownloadLimits = configuredDownloadLimits(),
  fetchImpl: typeof fetch = createSourceFetch(settings.scheduledImportAllowedHosts),
  now: Date = new Date(),
): Promise<void> {
  const run = await loadRun(payload, runId)
  if (!run || run.finishedAt || run.status !== 'downloading') return
  const schedule = await loadSchedule(payload, idOf(run.scheduledImport)!)
  if (!schedule) return
  await mkdir(UPLOAD_TEMP_DIR, { recursive: true })
  const tempPath = path.join(UPLOAD_TEMP_DIR, `scheduled-${runId}-${randomUUID()}`)
  try {
    let download: SourceDownload
    try {
      download = await downloadSource({
        url: schedule.url,
        targetPath: tempPath,
        etag: schedule.state?.etag ?? null,
        lastModified: schedule.state?.lastModified ?? null,
        previousHash: schedule.state?.lastHash ?? null,
        maxBytes: limits.maxBytes,
        timeoutMs: limits.timeoutMs,
        stallTimeoutMs: limits.stallTimeoutMs,
        fetch: fetchImpl,
      })
    } catch (error) {
      if (!(error instanceof SourceDownloadFailed)) throw error
      await updateRun(payload, runId, { source: { ...(error.status ? { httpStatus: error.status } : {}) } })
      await finishRun(payload, runId, { outcome: 'failed', summary: 'Download failed', error: error.message }, now)
      return
    }
    if (download.kind !== 'downloaded') {
      await updateRun(payload, runId, {
        source: {
          httpStatus: download.kind === 'not-modified' ? 304 : 200,
          ...(download.kind === 'unchanged' ? { bytes: download.bytes, hash: download.hash } : {}),
          etag: download.etag,
          lastModified: download.lastModified,
        },
      })
      await finishRun(
        payload,
        runId,
        {
          outcome: 'unchanged',
          summary: describeDownload(download),
          validators: {
            etag: download.etag,
            lastModified: download.lastModified,
            hash: download.kind === 'unchanged' ? download.hash : null,
          },
        },
        now,
      )
      return
    }
    await updateRun(payload, runId, {
      source: {
        httpStatus: 200,
        bytes: download.bytes,
        hash: download.hash,
        contentType: download.contentType,
        etag: download.etag,
        lastModified: download.lastModified,
      },
    })
    await startImport(payload, runId, schedule, tempPath, download, now)
  } catch (error) {
    if (!(error instanceof SourceDownloadFailedAsImport || error instanceof ApiError)) throw error
    await finishRun(
      payload,
      runId,
      { outcome: 'failed', summary: 'Could not import the source', error: error.message },
      now,
    )
  } finally {
    await rm(tempPath, { force: true })
  }
}

async function startImport(
  payload: Payload,
  runId: number,
  schedule: ScheduledImportDoc,
  tempPath: string,
  download: Extract<SourceDownload, { kind: 'downloaded' }>,
  now: Date,
): Promise<void> {
  const catalogId = idOf(schedule.catalog)
  if (catalogId === undefined) {
    throw new SourceDownloadFailedAsImport('The schedule’s catalog was deleted; choose a catalog for its events')
  }
  const detection = await detect(tempPath, schedule.format)
  const datasetId = idOf(schedule.dataset)
  const options: ImportOptions = {
    sheet: 0,
    idStrategy: schedule.idStrategy,
    ...(schedule.idField ? { idField: schedule.idField } : {}),
    duplicateAction: schedule.duplicateAction,
    ...(datasetId !== undefined ? { datasetId } : {}),
    scheduledRun: { runId, goneFromSource: schedule.goneFromSource },
  }
  // A date column whose day/month order nothing decides needs an answer: the dataset remembers the
  // one given when it was first imported by hand; without one the run says what to do.
  const remembered = datasetId !== undefined ? (await loadDataset(payload, datasetId)).importSettings : null
  await enforceImportChoices(tempPath, detection, options, remembered)
  const filename = await storeImportFile(tempPath, fileNameFor(schedule, formatOf(detection), now))
  const file = await payload.create({
    collection: COLLECTION_NAMES.IMPORT_FILES,
    data: {
      catalog: catalogId,
      ...(datasetId === undefined ? { datasetName: schedule.name } : {}),
      options,
      detection,
      status: IMPORT_STATUS.PROCESSING,
      owner: idOf(schedule.owner) ?? null,
      filename,
      mimeType: detection.mimeType,
      filesize: download.bytes,
    },
    depth: 0,
    overrideAccess: true,
  })
  await updateRun(payload, runId, { status: 'importing', importFile: file.id, summary: 'Importing' })
  await queueDatasetDetection(payload, Number(file.id))
}
