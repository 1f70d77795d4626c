import type { Endpoint, PayloadRequest } from 'payload'

import { isEditorOrAdminUser } from '../../access/roles'
import { COLLECTION_NAMES } from '../../constants/collection-names'
import { IMPORT_STATUS } from '../../constants/import-status'
import { PROCESSING_STAGE } from '../../constants/processing-stage'
import { ApiError, errorResponse, parseIdParameter } from '../../lib/api/api-error'
import { decideApproval, lockForReview } from '../../lib/import/approval-service'
import { loadImportForRequest } from '../../lib/import/import-access'
import { refreshImportFileStatus } from '../../lib/import/import-file-status'
import { correctionRole } from '../../lib/geocoding/correction-role'
import { correctPlace, parsePlaceCorrection } from '../../lib/geocoding/place-correction'
import {
  importFilePath,
  loadDataset,
  type ImportFileDoc,
  type ImportJobDoc,
  type StoredPlaceCorrection,
} from '../../lib/import/import-documents'
import { enforceImportChoices } from '../../lib/import/import-choices'
import { parseImportOptions } from '../../lib/import/import-options'
import { databasePool } from '../../lib/import/progress-tracking'
import { describeImport } from '../../lib/import/import-progress'
import { queueDatasetDetection, queueStage } from '../../lib/import/queue-stage'
import { enforceSheetLimit } from '../../lib/import/sheet-limit'
import { moveImportJob } from '../../lib/import/stage-transition-service'
import { IMPORT_ACTION_NAMES, type ImportActionName } from '../../lib/import/import-action-names'
import { requireScope } from '../../lib/api-keys/require-scope'

async function jsonBody(req: PayloadRequest): Promise<Record<string, unknown>> {
  const text = typeof req.text === 'function' ? await req.text() : ''
  if (!text.trim()) return {}
  try {
    const body = JSON.parse(text) as unknown
    if (body && typeof body === 'object' && !Array.isArray(body)) return body as Record<string, unknown>
  } catch {
    // fall through to the error below
  }
  throw new ApiError(400, 'invalid-body', 'The request body must be a JSON object')
}

async function jobsOf(req: PayloadRequest, file: ImportFileDoc, jobId?: unknown): Promise<ImportJobDoc[]> {
  const { docs } = await req.payload.find({
    collection: COLLECTION_NAMES.IMPORT_JOBS,
    where: { importFile: { equals: file.id } },
    depth: 0,
    limit: 1000,
    pagination: false,
    overrideAccess: true,
  })
  const jobs = docs as unknown as ImportJobDoc[]
  if (jobId === undefined || jobId === null) return jobs
  const wanted = jobs.filter((job) => job.id === Number(jobId))
  if (wanted.length === 0)
    throw new ApiError(404, 'job-not-found', `Import ${file.id} has no job ${JSON.stringify(jobId)}`, 'jobId')
  return wanted
}

type Action = (req: PayloadRequest, file: ImportFileDoc, body: Record<string, unknown>) => Promise<void>

const ACTIONS: Record<ImportActionName, Action> = {
  // Starts an upload made with autoStart=false, with the options chosen after the preview.
  start: async (req, file, body) => {
    if (file.status !== IMPORT_STATUS.PENDING) {
      throw new ApiError(409, 'already-started', `Import ${file.id} has already started`)
    }
    const asFields = Object.fromEntries(
      Object.entries(body).map(([key, value]) => [key, typeof value === 'string' ? value : JSON.stringify(value)]),
    )
    const options = {
      ...parseImportOptions(asFields),
      ...(file.options?.datasetId ? { datasetId: file.options.datasetId } : {}),
    }
    // The options chosen now may import more sheets than the upload did.
    if (file.detection) {
      await enforceSheetLimit(importFilePath(file), file.detection, options.sheet)
      // The date orders (and other choices) the preview asked for must be answered now.
      const remembered = options.datasetId ? (await loadDataset(req.payload, options.datasetId)).importSettings : null
      await enforceImportChoices(importFilePath(file), file.detection, options, remembered)
    }
    await req.payload.update({
      collection: COLLECTION_NAMES.IMPORT_FILES,
      id: file.id,
      data: { options, status: IMPORT_STATUS.PROCESSING },
      depth: 0,
      overrideAccess: true,
    })
    await queueDatasetDetection(req.payload, file.id)
  },
  // Retries failed jobs from the stage they failed in (dataset detection when no job was created).
  retry: async (req, file, body) => {
    const jobs = (await jobsOf(req, file, body.jobId)).filter((job) => job.stage === PROCESSING_STAGE.FAILED)
    if (jobs.length === 0 && file.status === IMPORT_STATUS.FAILED) {
      await req.payload.update({
        collection: COLLECTION_NAMES.IMPORT_FILES,
        id: file.id,
        data: { status: IMPORT_STATUS.PROCESSING, failureReason: null },
        depth: 0,
        overrideAccess: true,
      })
      await queueDatasetDetection(req.payload, file.id)
      return
    }
    if (jobs.length === 0) throw new ApiError(409, 'nothing-to-retry', `Import ${file.id} has no failed job to retry`)
    for (const job of jobs) {
      const stage = job.progress?.failedStage ?? PROCESSING_STAGE.SCHEMA_DETECTION
      const from = stage === PROCESSING_STAGE.AWAITING_APPROVAL ? PROCESSING_STAGE.SCHEMA_DETECTION : stage
      await moveImportJob(req.payload, job, from, `Retried by user ${req.user!.id}`)
      await queueStage(req.payload, job.id, from)
    }
  },
  // Cancels jobs that have not finished; events already written stay.
  cancel: async (req, file, body) => {
    const jobs = (await jobsOf(req, file, body.jobId)).filter(
      (job) => job.status !== IMPORT_STATUS.COMPLETED && job.status !== IMPORT_STATUS.CANCELLED,
    )
    for (const job of jobs) {
      await req.payload.update({
        collection: COLLECTION_NAMES.IMPORT_JOBS,
        id: job.id,
        data: { status: IMPORT_STATUS.CANCELLED, failureReason: `Cancelled by user ${req.user!.id}` },
        depth: 0,
        overrideAccess: true,
      })
    }
    if (jobs.length === 0 && file.status === IMPORT_STATUS.PENDING) {
      await req.payload.update({
        collection: COLLECTION_NAMES.IMPORT_FILES,
        id: file.id,
        data: { status: IMPORT_STATUS.CANCELLED },
        depth: 0,
        overrideAccess: true,
      })
      return
    }
    await refreshImportFileStatus(req.payload, file.id)
  },
  review: async (req, file, body) => {
    for (const job of await jobsOf(req, file, body.jobId)) {
      if (job.stage === PROCESSING_STAGE.AWAITING_APPROVAL) await lockForReview(req.payload, job.id, req.user!)
    }
  },
  // Puts a place on the map by hand; editors and admins also correct the location cache.
  'correct-place': async (req, file, body) => {
    const correction = parsePlaceCorrection(body)
    const jobs = (await jobsOf(req, file, body.jobId)).filter((job) =>
      job.geocoding?.places.some((place) => place.key === correction.place),
    )
    const job = jobs[0]
    if (!job)
      throw new ApiError(404, 'place-not-found', `Import ${file.id} has no place "${correction.place}"`, 'place')
    const geocoding = job.geocoding!
    const place = geocoding.places.find((known) => known.key === correction.place)!
    const query = place.query.text ?? correction.place
    const updateCache = isEditorOrAdminUser(req.user)
    const role = correctionRole(req.user!)
    const result = await correctPlace(databasePool(req.payload), job.id, correction, {
      updateCache,
      query,
      edit: { by: Number(req.user!.id), role, at: new Date().toISOString() },
    })
    const earlier = geocoding.corrections ?? []
    const previous = earlier.find((known) => known.place === correction.place)
    const record: StoredPlaceCorrection = {
      place: correction.place,
      latitude: correction.latitude,
      longitude: correction.longitude,
      precision: correction.precision,
      label: correction.label ?? null,
      cached: result.cached,
      eventsUpdated: result.eventsUpdated,
      eventsPlaced: result.eventsPlaced,
      // A second correction of the same place keeps what the geocoder had done.
      wasPlaced:
        previous?.wasPlaced ??
        place.isPlaced ??
        !(geocoding.stats?.notPlaced ?? []).some((known) => known.query === correction.place),
      by: Number(req.user!.id),
      role,
      at: new Date().toISOString(),
    }
    const unplacedRows =
      geocoding.unplacedRows === undefined
        ? {}
        : { unplacedRows: Math.max(0, geocoding.unplacedRows - result.eventsPlaced) }
    await req.payload.update({
      collection: COLLECTION_NAMES.IMPORT_JOBS,
      id: job.id,
      data: {
        geocoding: {
          ...geocoding,
          ...unplacedRows,
          corrections: [...earlier.filter((known) => known.place !== correction.place), record],
        },
      },
      depth: 0,
      overrideAccess: true,
    })
  },
  approve: async (req, file, body) => decide(req, file, body, 'approved'),
  reject: async (req, file, body) => decide(req, file, body, 'rejected'),
}

async function decide(
  req: PayloadRequest,
  file: ImportFileDoc,
  body: Record<string, unknown>,
  decision: 'approved' | 'rejected',
) {
  if (!isEditorOrAdminUser(req.user)) {
    throw new ApiError(403, 'not-allowed', 'Only editors and admins approve or reject schema changes')
  }
  const waiting = (await jobsOf(req, file, body.jobId)).filter(
    (job) => job.stage === PROCESSING_STAGE.AWAITING_APPROVAL,
  )
  if (waiting.length === 0)
    throw new ApiError(409, 'not-awaiting-approval', `Import ${file.id} has no job awaiting approval`)
  const reason = typeof body.reason === 'string' ? body.reason : undefined
  for (const job of waiting) await decideApproval(req.payload, job.id, decision, req.user!, reason, undefined, req)
}

/**
 * `POST /api/import/{importId}/{action}` with an optional JSON body `{ jobId?, reason?, …options }`:
 * `start` (an upload made with autoStart=false, with the options chosen after the preview; 422
 * `choice-required` naming a date column whose order no value decides and `dateOrders` does not
 * answer),
 * `retry` (failed jobs, from the stage they failed in), `cancel`, and for editors and admins
 * `review` (take the approval lock), `approve` and `reject` (`reason`), and `correct-place`
 * (`{ place, latitude, longitude, precision?, label? }`: moves the import's events from that place;
 * an editor's or admin's correction also becomes the location cache's answer, moving every event
 * geocoded from the place). Answers with the import progress.
 */
export const importActionEndpoint: Endpoint = {
  path: '/import/:importId/:action',
  method: 'post',
  handler: async (req) => {
    try {
      requireScope(req, 'import')
      const importId = parseIdParameter(req.routeParams?.importId as string | undefined, 'importId')
      const requested = req.routeParams?.action
      const name = typeof requested === 'string' ? requested : ''
      const action = Object.hasOwn(ACTIONS, name) ? ACTIONS[name as ImportActionName] : undefined
      if (!action) {
        throw new ApiError(
          404,
          'unknown-action',
          `Unknown import action "${name}"; use ${IMPORT_ACTION_NAMES.join(', ')}`,
          'action',
        )
      }
      const file = await loadImportForRequest(req, importId)
      await action(req, file, await jsonBody(req))
      const updated = await loadImportForRequest(req, importId)
      return Response.json(await describeImport(req.payload, updated), { headers: { 'Cache-Control': 'no-store' } })
    } catch (error) {
      return errorResponse(error, (err) => req.payload.logger.error({ err, msg: 'Import action failed' }))
    }
  },
}
