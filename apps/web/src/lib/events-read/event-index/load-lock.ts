/**
 * One web process at a time reads a big dataset from the database for the event index: the others
 * wait, then read the snapshot it wrote. Without this, the web processes of one machine (or of
 * several sharing a data folder) that all get their first read of a ten-million-event dataset
 * would each make the database read it whole. The lock is a PostgreSQL advisory lock, so it is
 * shared by every process on the database and dies with a process that crashes while holding it.
 * @module
 */
import pg, { type Pool } from 'pg'

/** Runs loads one at a time per key across processes. */
export interface LoadLock {
  /** Runs `load` once no other process runs one under `key`; waits meanwhile. */
  run<T>(key: string, load: () => Promise<T>): Promise<T>
}

/** How often a waiting process asks again. */
export const LOAD_LOCK_POLL_MS = 500

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

/**
 * A {@link LoadLock} on `pool`'s database: session advisory locks on the keys' 64-bit hashes, all
 * held by one connection of its own, outside the pool, open while any load runs or waits. Holding
 * them on pool connections would starve the loads (and the reads) of connections once a few big
 * loads run at once. It must be the primary's pool: a replica's advisory locks are its own.
 * @example await databaseLoadLock(pool).run('event-index:segment:3', () => loadSegment(pool, 3))
 */
export function databaseLoadLock(pool: Pool, pollMs: number = LOAD_LOCK_POLL_MS): LoadLock {
  let session: Promise<pg.Client> | undefined
  let users = 0

  const open = (): Promise<pg.Client> => {
    if (session) return session
    const client = new pg.Client(pool.options)
    const opened = client.connect().then(() => client)
    // A lost connection has lost its locks too: the next load opens another.
    client.on('error', () => {
      if (session === opened) session = undefined
    })
    opened.catch(() => {
      if (session === opened) session = undefined
    })
    session = opened
    return opened
  }

  const leave = (): void => {
    users -= 1
    if (users > 0 || !session) return
    const closing = session
    session = undefined
    void closing.then((client) => client.end()).catch(() => {})
  }

  return {
    async run<T>(key: string, load: () => Promise<T>): Promise<T> {
      users += 1
      try {
        for (;;) {
          const client = await open()
          const { rows } = await client.query<{ locked: boolean }>(
            'select pg_try_advisory_lock(hashtextextended($1, 0)) as locked',
            [key],
          )
          if (rows[0]?.locked !== true) {
            await sleep(pollMs)
            continue
          }
          try {
            return await load()
          } finally {
            // A connection lost meanwhile took the lock with it.
            await client.query('select pg_advisory_unlock(hashtextextended($1, 0))', [key]).catch(() => {})
          }
        }
      } finally {
        leave()
      }
    },
  }
}
