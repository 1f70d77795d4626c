/**
 * A small connection pool of its own for the rate limits. Payload holds a pooled connection for a
 * whole operation when it runs one in a transaction (forgot and reset password do), and checks
 * the limits inside that operation: were the check to wait for a connection of the same pool,
 * enough requests at once would hold every connection and wait for each other forever. The
 * limits' transactions are short and wait on nothing but each other, so a pool of their own always
 * drains.
 * @module
 */
import pg from 'pg'
import type { Payload } from 'payload'

import { databasePool } from '../import/progress-tracking'

/** Connections the rate limits use at most per process. */
export const RATE_LIMIT_POOL_SIZE = 2

const pools = new WeakMap<Payload, pg.Pool>()

/**
 * The rate limits' pool for a Payload instance's database, made on first use.
 * @example await recordAttempt(rateLimitPool(req.payload), limits)
 */
export function rateLimitPool(payload: Payload): pg.Pool {
  let pool = pools.get(payload)
  if (!pool) {
    const { connectionString, host, port, user, password, database, ssl } = databasePool(payload).options
    pool = new pg.Pool({
      connectionString,
      host,
      port,
      user,
      password,
      database,
      ssl,
      max: RATE_LIMIT_POOL_SIZE,
      // Idle connections must not keep a finished process (a script, a test run) alive.
      allowExitOnIdle: true,
    })
    // An idle connection the server drops is replaced on next use; the error must not crash us.
    pool.on('error', (error) => payload.logger.warn({ err: error, msg: 'Rate limit database connection lost' }))
    pools.set(payload, pool)
  }
  return pool
}
