/**
 * Rate limits counted in the database, so they hold across every web process and survive
 * restarts: each attempt (an upload, a sign-in) is a row of `rate_limit_attempts` under a scope
 * (what is limited) and a subject (who: a user id, a client address). Checking the limits and
 * recording the attempt happen in one transaction that holds an advisory lock per subject, so
 * parallel attempts queue up and never overshoot a limit. Nothing else deletes these rows, so
 * deleting what an attempt made (an uploaded file) gives no attempt back. Callers pass the pool of
 * `rate-limit-pool`, never Payload's own (see there why).
 * @module
 */
import type { Pool, PoolClient } from 'pg'

import type { RateLimit } from '../../config/settings'

/** One limit an attempt must stay within: at most `limit.limit` attempts per window per subject. */
export interface AttemptLimit {
  /** What is limited, e.g. `upload-user`. */
  readonly scope: string
  /** Who is limited, e.g. a user id or a client address. */
  readonly subject: string
  readonly limit: RateLimit
}

/** Where one limit stands after an attempt it allowed. */
export interface AttemptReading {
  readonly limit: number
  /** Attempts still allowed inside the window. */
  readonly remaining: number
  /** Seconds until the oldest attempt counted leaves the window, freeing room for one more. */
  readonly resetSeconds: number
}

/** The verdict on one attempt. */
export type AttemptDecision =
  | {
      readonly allowed: true
      /** The attempts recorded, one per limit, for {@link forgetAttempts}. */
      readonly attemptIds: readonly string[]
      /** Where each limit stands after this attempt, in the order given, for `RateLimit-*` headers. */
      readonly readings: readonly AttemptReading[]
    }
  | {
      readonly allowed: false
      /** The limit the attempt would break (the first of them). */
      readonly refusedBy: AttemptLimit
      /** Seconds until the attempt would be allowed, at least 1. */
      readonly retryAfterSeconds: number
    }

/**
 * Decides from the attempts inside the window whether one more is allowed. Pure.
 * @param recentCount - attempts inside the window
 * @param freeingAt - when enough of them leave the window for one more to fit (the
 *   `recentCount - limit + 1`-th oldest attempt's time plus the window); unused when allowed
 * @example decideRateLimit(5, new Date(90_000), { limit: 5, windowSeconds: 60 }, new Date(60_000)) // { allowed: false, retryAfterSeconds: 30 }
 */
export function decideRateLimit(
  recentCount: number,
  freeingAt: Date | undefined,
  limit: RateLimit,
  now: Date,
): { allowed: true } | { allowed: false; retryAfterSeconds: number } {
  if (recentCount < limit.limit) return { allowed: true }
  const freesAt = freeingAt?.getTime() ?? now.getTime() + limit.windowSeconds * 1000
  return { allowed: false, retryAfterSeconds: Math.max(1, Math.ceil((freesAt - now.getTime()) / 1000)) }
}

async function check(client: PoolClient, attempt: AttemptLimit) {
  const { scope, subject, limit } = attempt
  const { rows } = await client.query<{
    recent: number
    now: Date
    freeing_at: Date | null
    oldest_leaves_at: Date | null
  }>(
    `with recent as (
       select attempted_at from rate_limit_attempts
        where scope = $1 and subject = $2 and attempted_at > clock_timestamp() - make_interval(secs => $3)
     )
     select (select count(*)::int from recent) as recent, clock_timestamp() as now,
            (select min(attempted_at) + make_interval(secs => $3) from recent) as oldest_leaves_at,
            (select attempted_at + make_interval(secs => $3) from recent
              order by attempted_at offset greatest((select count(*) from recent) - $4, 0) limit 1) as freeing_at`,
    [scope, subject, limit.windowSeconds, limit.limit],
  )
  const row = rows[0]!
  const decision = decideRateLimit(row.recent, row.freeing_at ?? undefined, limit, row.now)
  // With no earlier attempt in the window, the one being recorded now is the oldest.
  const leavesAt = row.oldest_leaves_at?.getTime() ?? row.now.getTime() + limit.windowSeconds * 1000
  const reading: AttemptReading = {
    limit: limit.limit,
    remaining: Math.max(0, limit.limit - row.recent - 1),
    resetSeconds: Math.max(1, Math.ceil((leavesAt - row.now.getTime()) / 1000)),
  }
  return { ...decision, reading }
}

/**
 * Records one attempt under every limit given, if it stays within all of them; otherwise records
 * nothing and says which limit refused it and when to retry. Atomic across processes.
 * @example await recordAttempt(pool, [{ scope: 'sign-in-ip', subject: '192.0.2.1', limit: { limit: 10, windowSeconds: 60 } }])
 */
export async function recordAttempt(pool: Pool, limits: readonly AttemptLimit[]): Promise<AttemptDecision> {
  if (limits.length === 0) return { allowed: true, attemptIds: [], readings: [] }
  // Locks are always taken in the same order, so two attempts never wait on each other in a circle.
  const ordered = [...limits].sort((a, b) => `${a.scope} ${a.subject}`.localeCompare(`${b.scope} ${b.subject}`))
  const client = await pool.connect()
  try {
    await client.query('begin')
    for (const { scope, subject } of ordered) {
      await client.query(`select pg_advisory_xact_lock(hashtextextended($1, 0))`, [`rate-limit ${scope} ${subject}`])
    }
    const readings: AttemptReading[] = []
    for (const attempt of limits) {
      const decision = await check(client, attempt)
      if (!decision.allowed) {
        await client.query('rollback')
        return { allowed: false, refusedBy: attempt, retryAfterSeconds: decision.retryAfterSeconds }
      }
      readings.push(decision.reading)
    }
    const attemptIds: string[] = []
    for (const { scope, subject, limit } of limits) {
      const inserted = await client.query<{ id: string }>(
        `insert into rate_limit_attempts (scope, subject) values ($1, $2) returning id`,
        [scope, subject],
      )
      attemptIds.push(inserted.rows[0]!.id)
      // Attempts outside their window count no more: keep the table to the windows' worth.
      await client.query(
        `delete from rate_limit_attempts where scope = $1 and attempted_at < clock_timestamp() - make_interval(secs => $2)`,
        [scope, limit.windowSeconds],
      )
    }
    await client.query('commit')
    return { allowed: true, attemptIds, readings }
  } catch (error) {
    await client.query('rollback').catch(() => undefined)
    throw error
  } finally {
    client.release()
  }
}

/**
 * Gives recorded attempts back, for attempts that should not count after all (a successful
 * sign-in is no attack).
 * @example await forgetAttempts(pool, decision.attemptIds)
 */
export async function forgetAttempts(pool: Pool, attemptIds: readonly string[]): Promise<void> {
  if (attemptIds.length === 0) return
  await pool.query(`delete from rate_limit_attempts where id = any($1::bigint[])`, [attemptIds])
}

/**
 * How many attempts of a scope and subject are inside a window now, without recording one: for
 * showing people their usage.
 * @example await countAttempts(pool, 'upload-day', '7', 86_400) // 3
 */
export async function countAttempts(
  pool: Pool,
  scope: string,
  subject: string,
  windowSeconds: number,
): Promise<number> {
  const { rows } = await pool.query<{ count: number }>(
    `select count(*)::int as count from rate_limit_attempts
      where scope = $1 and subject = $2 and attempted_at > clock_timestamp() - make_interval(secs => $3)`,
    [scope, subject, windowSeconds],
  )
  return rows[0]?.count ?? 0
}
