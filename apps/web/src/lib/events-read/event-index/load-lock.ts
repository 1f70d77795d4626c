/**
 * One web process at a time reads a big dataset from the database for the event index: the others
 * wait, then read the snapshot it wrote. Without this, the web processes of one machine (or of
 * several sharing a data folder) that all get their first read of a ten-million-event dataset
 * would each make the database read it whole. The lock is a PostgreSQL advisory lock, so it is
 * shared by every process on the database and dies with a process that crashes while holding it.
 * @module
 */
import type { Pool } from 'pg'

/** Runs loads one at a time per key across processes. */
export interface LoadLock {
  /** Runs `load` once no other process runs one under `key`; waits (without a connection) meanwhile. */
  run<T>(key: string, load: () => Promise<T>): Promise<T>
}

/** How often a waiting process asks again. */
export const LOAD_LOCK_POLL_MS = 500

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

/**
 * A {@link LoadLock} on `pool`'s database: a session advisory lock on the key's 64-bit hash, held
 * on a connection of its own for the load's length. It must be the primary's pool: a replica's
 * advisory locks are its own.
 * @example await databaseLoadLock(pool).run('event-index:segment:3', () => loadSegment(pool, 3))
 */
export function databaseLoadLock(pool: Pool, pollMs: number = LOAD_LOCK_POLL_MS): LoadLock {
  return {
    async run<T>(key: string, load: () => Promise<T>): Promise<T> {
      for (;;) {
        const client = await pool.connect()
        let locked: boolean
        try {
          const { rows } = await client.query<{ locked: boolean }>(
            'select pg_try_advisory_lock(hashtextextended($1, 0)) as locked',
            [key],
          )
          locked = rows[0]?.locked === true
        } catch (error) {
          client.release(error as Error)
          throw error
        }
        if (!locked) {
          client.release()
          await sleep(pollMs)
          continue
        }
        try {
          return await load()
        } finally {
          // A connection whose unlock failed is closed, which ends the lock with the session.
          await client.query('select pg_advisory_unlock(hashtextextended($1, 0))', [key]).then(
            () => client.release(),
            (error: Error) => client.release(error),
          )
        }
      }
    },
  }
}
