import type { Payload } from 'payload'
import { sql } from '@payloadcms/db-postgres'

import { databasePool } from '../import/progress-tracking'
import { readJobRunnersSeen } from '../jobs/job-runners'
import { assessJobQueue, type JobCounts } from './assess-job-queue'
import type { HealthCheckComponent, HealthCheckResult } from './types'

/** What the health check needs to know that the database cannot tell it. */
export interface HealthCheckContext {
  /** Whether the database is the embedded one started by Chronotope. */
  readonly isEmbedded: boolean
  /** Names of the migrations shipped with this build. */
  readonly shippedMigrations: readonly string[]
  /** The app's version. */
  readonly version: string
  /** The state of the in-memory event index; off when not given. */
  readonly eventIndex?: { readonly enabled: boolean; readonly loading: number }
  /** Checks the read replica, when one is set. */
  readonly readReplica?: () => Promise<HealthCheckResult['readReplica'] | null>
}

function failure(error: unknown): HealthCheckComponent {
  return { status: 'error', message: error instanceof Error ? error.message : String(error) }
}

async function checkDatabase(payload: Payload, isEmbedded: boolean): Promise<HealthCheckResult['database']> {
  const kind = isEmbedded ? 'embedded' : 'external'
  const started = performance.now()
  try {
    const result = await payload.db.drizzle.execute(
      sql`select current_setting('server_version') as postgres, postgis_lib_version() as postgis`,
    )
    const row = (result as unknown as { rows: Array<{ postgres: string; postgis: string }> }).rows[0]
    return {
      status: 'ok',
      kind,
      postgresVersion: row?.postgres,
      postgisVersion: row?.postgis,
      latencyMs: Math.round(performance.now() - started),
    }
  } catch (error) {
    return { kind, ...failure(error) }
  }
}

async function checkMigrations(payload: Payload, shipped: readonly string[]): Promise<HealthCheckResult['migrations']> {
  try {
    const { docs } = await payload.find({
      collection: 'payload-migrations',
      limit: 0,
      pagination: false,
      depth: 0,
    })
    const applied = new Set(docs.map((doc) => String((doc as { name?: string }).name)))
    const pending = shipped.filter((name) => !applied.has(name))
    return {
      status: pending.length === 0 ? 'ok' : 'error',
      applied: applied.size,
      pending,
      ...(pending.length ? { message: `${pending.length} migration(s) not applied; run npm run migrate` } : {}),
    }
  } catch (error) {
    return { applied: 0, pending: [...shipped], ...failure(error) }
  }
}

/** Counts the jobs by state; due and later-scheduled ones apart, by the database's clock. */
async function readJobCounts(payload: Payload): Promise<JobCounts> {
  const { rows } = await databasePool(payload).query<JobCounts>(
    `select count(*) filter (where not coalesce(processing, false) and (wait_until is null or wait_until <= now()))::int as queued,
            count(*) filter (where not coalesce(processing, false) and wait_until > now())::int as scheduled,
            count(*) filter (where coalesce(processing, false))::int as running,
            (select count(*) from payload_jobs where coalesce(has_error, false))::int as failed
       from payload_jobs
      where completed_at is null and not coalesce(has_error, false)`,
  )
  return rows[0] ?? { queued: 0, scheduled: 0, running: 0, failed: 0 }
}

async function checkJobQueue(payload: Payload): Promise<HealthCheckResult['jobQueue']> {
  try {
    const [counts, runners] = await Promise.all([readJobCounts(payload), readJobRunnersSeen(payload)])
    return assessJobQueue(counts, runners)
  } catch (error) {
    return failure(error)
  }
}

/** Paused schedules named by id in the health answer at most. */
const PAUSED_IDS_SHOWN = 20

async function checkScheduledImports(payload: Payload): Promise<HealthCheckResult['scheduledImports']> {
  try {
    const { rows } = await databasePool(payload).query<{
      enabled: number
      failing: number
      paused: number
      paused_ids: number[] | null
    }>(
      `select count(*) filter (where enabled)::int as enabled,
              count(*) filter (where enabled and state_consecutive_failures > 0)::int as failing,
              count(*) filter (where not enabled and state_paused_reason is not null)::int as paused,
              (array_agg(id order by id) filter (where not enabled and state_paused_reason is not null))[1:${PAUSED_IDS_SHOWN}] as paused_ids
         from scheduled_imports`,
    )
    const row = rows[0] ?? { enabled: 0, failing: 0, paused: 0, paused_ids: [] }
    const pausedIds = row.paused_ids ?? []
    return {
      status: row.paused > 0 ? 'warning' : 'ok',
      enabled: row.enabled,
      failing: row.failing,
      pausedByFailures: row.paused,
      pausedIds,
      ...(row.paused > 0
        ? {
            message: `${row.paused} scheduled import(s) paused themselves after repeated failures (ids ${pausedIds.join(', ')}); their owners see why in the admin`,
          }
        : {}),
    }
  } catch (error) {
    return failure(error)
  }
}

const SEVERITY = { ok: 0, warning: 1, error: 2 } as const

/**
 * Checks the database, migrations, job queue and scheduled imports. Never throws: a failing component is reported
 * with its message, and the overall status is the worst component's.
 * @example (await checkHealth(payload, ctx)).status // 'ok'
 */
export async function checkHealth(payload: Payload, context: HealthCheckContext): Promise<HealthCheckResult> {
  const database = await checkDatabase(payload, context.isEmbedded)
  const unreachable = { status: 'error' as const, message: 'database unreachable' }
  const [[migrations, jobQueue, scheduledImports], readReplica] = await Promise.all([
    database.status === 'ok'
      ? Promise.all([
          checkMigrations(payload, context.shippedMigrations),
          checkJobQueue(payload),
          checkScheduledImports(payload),
        ])
      : ([{ ...unreachable, applied: 0, pending: [...context.shippedMigrations] }, unreachable, unreachable] as const),
    context.readReplica?.(),
  ])
  const status = [database, migrations, jobQueue, scheduledImports, ...(readReplica ? [readReplica] : [])]
    .map((component) => component.status)
    .reduce<HealthCheckComponent['status']>((worst, next) => (SEVERITY[next] > SEVERITY[worst] ? next : worst), 'ok')
  return {
    status,
    checkedAt: new Date().toISOString(),
    version: context.version,
    uptimeSeconds: Math.round(process.uptime()),
    database,
    migrations,
    jobQueue,
    scheduledImports,
    eventIndex: { status: 'ok', ...(context.eventIndex ?? { enabled: false, loading: 0 }) },
    ...(readReplica ? { readReplica } : {}),
  }
}
