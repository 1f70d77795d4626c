/**
 * The read router of this process: Payload's pool on the primary and, with `DATABASE_READ_URL`,
 * a pool on the streaming replica. Every events read (REST, GraphQL, exports, the explore page)
 * runs through {@link withReadDatabase}.
 * @module
 */
import type { Payload } from 'payload'
import { Pool } from 'pg'

import { settings } from '../../config/settings'
import { databasePool } from '../import/progress-tracking'
import { ReadRouter, type ReadDatabase } from './read-router'
import { connectionOptions } from './session-options'

const routers = new WeakMap<Pool, ReadRouter>()

// Short: a replica that does not answer must not hold a read up, the primary can answer instead.
const REPLICA_CONNECT_TIMEOUT_MS = 3_000

function replicaPool(payload: Payload, url: string): Pool {
  const pool = new Pool({
    connectionString: url,
    max: databasePool(payload).options.max ?? 10,
    connectionTimeoutMillis: REPLICA_CONNECT_TIMEOUT_MS,
    application_name: 'chronotope-read',
    options: connectionOptions(settings.databaseWorkMemMb),
  })
  // An idle connection dropped by a restarting replica would otherwise end the process.
  pool.on('error', (err) => payload.logger.warn({ err, msg: 'Read replica: an idle connection failed' }))
  return pool
}

/** The process's read router for the app's database. */
export function readRouterOf(payload: Payload): ReadRouter {
  const primary = databasePool(payload)
  let router = routers.get(primary)
  if (!router) {
    const url = settings.databaseReadUrl
    router = new ReadRouter(primary, url ? replicaPool(payload, url) : null, {
      onReplicaChange: (available, err) =>
        available
          ? payload.logger.info('Read replica: answering again; reads use it when it is current')
          : payload.logger.warn({ err, msg: 'Read replica: unavailable; reads use the primary until it answers' }),
    })
    routers.set(primary, router)
  }
  return router
}

/**
 * Runs `read` on the database that should answer it (see {@link ReadRouter.route}). When the
 * replica fails under it (stopped, restarting, or cancelling the query to replay WAL), the replica
 * is taken out of use and `read` runs once more on the primary, so the caller never sees it.
 * @example await withReadDatabase(payload, [3], (database) => listEvents(payload, database, state, [3], list))
 */
export async function withReadDatabase<T>(
  payload: Payload,
  scope: 'all' | readonly number[],
  read: (database: ReadDatabase) => Promise<T>,
): Promise<T> {
  const router = readRouterOf(payload)
  const database = await router.route(scope)
  try {
    return await read(database)
  } catch (error) {
    if (!database.onReplica || !router.replicaFailed(error)) throw error
    return read(await router.route(scope))
  }
}
