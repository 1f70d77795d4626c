import type { Payload } from 'payload'
import { sql } from '@payloadcms/db-postgres'

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

async function checkJobQueue(payload: Payload): Promise<HealthCheckResult['jobQueue']> {
  try {
    const [queued, failed] = await Promise.all([
      payload.count({
        collection: 'payload-jobs',
        where: { processing: { equals: false }, completedAt: { exists: false }, hasError: { equals: false } },
      }),
      payload.count({ collection: 'payload-jobs', where: { hasError: { equals: true } } }),
    ])
    return { status: 'ok', queued: queued.totalDocs, failed: failed.totalDocs }
  } catch (error) {
    return failure(error)
  }
}

/**
 * Checks the database, migrations and job queue. Never throws: a failing component is reported
 * with its message and makes the overall status `error`.
 * @example (await checkHealth(payload, ctx)).status // 'ok'
 */
export async function checkHealth(payload: Payload, context: HealthCheckContext): Promise<HealthCheckResult> {
  const database = await checkDatabase(payload, context.isEmbedded)
  const [migrations, jobQueue] =
    database.status === 'ok'
      ? await Promise.all([checkMigrations(payload, context.shippedMigrations), checkJobQueue(payload)])
      : [
          {
            status: 'error' as const,
            applied: 0,
            pending: [...context.shippedMigrations],
            message: 'database unreachable',
          },
          { status: 'error' as const, message: 'database unreachable' },
        ]
  const healthy = [database, migrations, jobQueue].every((component) => component.status === 'ok')
  return {
    status: healthy ? 'ok' : 'error',
    checkedAt: new Date().toISOString(),
    version: context.version,
    uptimeSeconds: Math.round(process.uptime()),
    database,
    migrations,
    jobQueue,
    eventIndex: { status: 'ok', ...(context.eventIndex ?? { enabled: false, loading: 0 }) },
  }
}
