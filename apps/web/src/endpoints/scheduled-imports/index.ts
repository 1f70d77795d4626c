/**
 * A scheduled import's own endpoints, under `/api/scheduled-imports/{id}/`: its run history, "run
 * now" for its owner, the trigger URL that starts a run from outside (a secret token in the path,
 * rate limited), and the rotation of that token.
 * @module
 */
import type { Endpoint, PayloadRequest } from 'payload'

import { settings } from '../../config/settings'
import { COLLECTION_NAMES } from '../../constants/collection-names'
import { ApiError, errorResponse, parseIdParameter } from '../../lib/api/api-error'
import { requireScope } from '../../lib/api-keys/require-scope'
import { clientAddress } from '../../lib/http/client-address'
import { recordAttempt } from '../../lib/rate-limits/attempt-limiter'
import { rateLimitPool } from '../../lib/rate-limits/rate-limit-pool'
import { loadSchedule, type ScheduledRunDoc } from '../../lib/scheduled-imports/scheduled-import-documents'
import { startScheduledRun } from '../../lib/scheduled-imports/start-run'
import { issueTriggerToken, triggerTokenMatches } from '../../lib/scheduled-imports/trigger-token'

/** Runs listed per page of the history at most. */
export const MAX_RUNS_PER_PAGE = 100

/** Trigger calls allowed per schedule, and per client address, per minute. */
export const TRIGGER_LIMITS = {
  perSchedule: { limit: 10, windowSeconds: 60 },
  perAddress: { limit: 30, windowSeconds: 60 },
} as const

const NO_STORE = { 'Cache-Control': 'no-store' }

function scheduleIdOf(req: PayloadRequest): number {
  return parseIdParameter(req.routeParams?.id as string | undefined, 'id')
}

/** The schedule as the caller may see it, or a 404 that does not say whether it exists. */
async function visibleSchedule(req: PayloadRequest, id: number, scope: 'read' | 'import') {
  if (!req.user) throw new ApiError(401, 'not-signed-in', 'Sign in to see scheduled imports')
  // An API key needs `read` to see the history and `import` to start runs or make trigger URLs.
  requireScope(req, scope)
  const { docs } = await req.payload.find({
    collection: COLLECTION_NAMES.SCHEDULED_IMPORTS,
    where: { id: { equals: id } },
    depth: 0,
    limit: 1,
    overrideAccess: false,
    user: req.user,
    select: { name: true },
  })
  if (docs.length === 0) throw new ApiError(404, 'not-found', `No scheduled import ${id} of yours`, 'id')
  return docs[0]!
}

/** The run as API answers show it. */
function runAnswer(run: ScheduledRunDoc) {
  return {
    id: run.id,
    status: run.status,
    trigger: run.trigger,
    startedAt: run.startedAt ?? null,
    statusUrl: `/api/scheduled-import-runs/${run.id}`,
  }
}

function triggerUrl(id: number, token: string): string {
  return `${settings.serverUrl}/api/scheduled-imports/${id}/trigger/${token}`
}

function readPage(req: PayloadRequest): { page: number; limit: number } {
  const search = new URL(req.url ?? 'http://localhost/').searchParams
  const page = search.has('page') ? parseIdParameter(search.get('page'), 'page') : 1
  const limit = search.has('limit') ? parseIdParameter(search.get('limit'), 'limit') : 20
  if (limit > MAX_RUNS_PER_PAGE) {
    throw new ApiError(400, 'invalid-parameter', `limit may be at most ${MAX_RUNS_PER_PAGE}; got ${limit}`, 'limit')
  }
  return { page, limit }
}

/** `GET /:id/runs`: the run history, newest first. */
const runsEndpoint: Endpoint = {
  path: '/:id/runs',
  method: 'get',
  handler: async (req) => {
    try {
      const id = scheduleIdOf(req)
      const { page, limit } = readPage(req)
      await visibleSchedule(req, id, 'read')
      const runs = await req.payload.find({
        collection: COLLECTION_NAMES.SCHEDULED_IMPORT_RUNS,
        where: { scheduledImport: { equals: id } },
        sort: '-startedAt',
        depth: 0,
        page,
        limit,
        overrideAccess: true,
      })
      return Response.json(
        {
          docs: runs.docs,
          totalDocs: runs.totalDocs,
          page: runs.page,
          totalPages: runs.totalPages,
          limit: runs.limit,
        },
        { headers: NO_STORE },
      )
    } catch (error) {
      return errorResponse(error, (err) => req.payload.logger.error({ err, msg: 'Listing runs failed' }))
    }
  },
}

/** `POST /:id/run`: the owner's "run now"; 202 with the new run, or the one in progress. */
const runNowEndpoint: Endpoint = {
  path: '/:id/run',
  method: 'post',
  handler: async (req) => {
    try {
      const id = scheduleIdOf(req)
      await visibleSchedule(req, id, 'import')
      const { run, started } = await startScheduledRun(req.payload, id, 'manual')
      return Response.json({ run: runAnswer(run), started }, { status: 202, headers: NO_STORE })
    } catch (error) {
      return errorResponse(error, (err) => req.payload.logger.error({ err, msg: 'Starting a run failed' }))
    }
  },
}

/**
 * `POST /:id/trigger/:token`: starts a run from outside (a script, a CI job, another system's
 * webhook). No sign-in: the token in the path is the credential. Rate limited per schedule and per
 * address before the token is even compared; a wrong token or a missing schedule answer the same 404.
 */
const triggerEndpoint: Endpoint = {
  path: '/:id/trigger/:token',
  method: 'post',
  handler: async (req) => {
    try {
      const id = scheduleIdOf(req)
      const given = req.routeParams?.token
      const token = typeof given === 'string' ? given : ''
      const address = clientAddress(req.headers, settings.trustedProxies)
      const decision = await recordAttempt(rateLimitPool(req.payload), [
        { scope: 'schedule-trigger', subject: String(id), limit: TRIGGER_LIMITS.perSchedule },
        { scope: 'schedule-trigger-ip', subject: address, limit: TRIGGER_LIMITS.perAddress },
      ])
      if (!decision.allowed) {
        const { limit } = decision.refusedBy
        throw new ApiError(
          429,
          'rate-limited',
          `Too many trigger calls: the limit is ${limit.limit} per ${limit.windowSeconds} seconds; try again in ${decision.retryAfterSeconds} seconds`,
          undefined,
          { 'Retry-After': String(decision.retryAfterSeconds) },
        )
      }
      const { docs } = await req.payload.find({
        collection: COLLECTION_NAMES.SCHEDULED_IMPORTS,
        where: { id: { equals: id } },
        depth: 0,
        limit: 1,
        overrideAccess: true,
        select: { triggerTokenHash: true, enabled: true },
        showHiddenFields: true,
      })
      const schedule = docs[0] as { triggerTokenHash?: string | null; enabled?: boolean | null } | undefined
      if (!schedule || !triggerTokenMatches(token, schedule.triggerTokenHash)) {
        throw new ApiError(404, 'not-found', 'No scheduled import has this trigger URL', 'token')
      }
      if (schedule.enabled === false) {
        throw new ApiError(409, 'schedule-paused', 'The scheduled import is paused; its owner must turn it on again')
      }
      const { run, started } = await startScheduledRun(req.payload, id, 'webhook')
      return Response.json({ run: runAnswer(run), started }, { status: 202, headers: NO_STORE })
    } catch (error) {
      return errorResponse(error, (err) => req.payload.logger.error({ err, msg: 'Trigger failed' }))
    }
  },
}

/**
 * `POST /:id/trigger-url`: makes a new trigger token (the old URL stops working at once) and
 * answers the trigger URL. The only time the token is shown; only its hash is kept.
 */
const rotateTokenEndpoint: Endpoint = {
  path: '/:id/trigger-url',
  method: 'post',
  handler: async (req) => {
    try {
      const id = scheduleIdOf(req)
      await visibleSchedule(req, id, 'import')
      const issued = issueTriggerToken()
      const schedule = await loadSchedule(req.payload, id)
      if (!schedule) throw new ApiError(404, 'not-found', `No scheduled import ${id} of yours`, 'id')
      await req.payload.update({
        collection: COLLECTION_NAMES.SCHEDULED_IMPORTS,
        id,
        data: { triggerTokenHash: issued.hash, triggerTokenHint: issued.hint },
        depth: 0,
        overrideAccess: true,
        context: { scheduler: true },
      })
      return Response.json(
        {
          triggerUrl: triggerUrl(id, issued.token),
          tokenHint: issued.hint,
          note: 'Keep this URL secret: anyone who has it can start a run. It is shown only now.',
        },
        { status: 201, headers: NO_STORE },
      )
    } catch (error) {
      return errorResponse(error, (err) => req.payload.logger.error({ err, msg: 'Rotating a trigger token failed' }))
    }
  },
}

/**
 * The endpoints of the scheduled-imports collection. A new array each time: Payload adds its own
 * routes to the array the config holds.
 */
export function scheduledImportEndpoints(): Endpoint[] {
  return [runsEndpoint, runNowEndpoint, triggerEndpoint, rotateTokenEndpoint]
}
