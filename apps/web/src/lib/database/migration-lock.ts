/**
 * A session-level advisory lock that serialises `npm run migrate` across processes sharing one
 * PostgreSQL server, so two launchers started at once neither race on a migration nor both seed.
 * @module
 */
import pg from 'pg'

// Any fixed 64-bit key; `hashtext` of a name keeps it readable in pg_locks (objid).
const LOCK_KEY_SQL = "hashtext('chronotope:migrate')"

const errorCode = (error: unknown) => (error as { code?: unknown }).code

// The lock lives in the database itself, so a first start creates it here (as Payload would on
// connecting); of two launchers creating it at once, the second finds it there.
async function connectCreatingDatabase(databaseUrl: string): Promise<pg.Client> {
  const connect = async () => {
    const client = new pg.Client({ connectionString: databaseUrl, application_name: 'chronotope-migrate' })
    try {
      await client.connect()
      return client
    } catch (error) {
      await client.end().catch(() => undefined)
      throw error
    }
  }
  try {
    return await connect()
  } catch (error) {
    if (errorCode(error) !== '3D000') throw error
  }
  const url = new URL(databaseUrl)
  const name = decodeURIComponent(url.pathname.slice(1))
  url.pathname = '/postgres'
  const maintenance = new pg.Client({ connectionString: url.toString() })
  await maintenance.connect()
  try {
    await maintenance.query(`create database ${pg.escapeIdentifier(name)}`)
  } catch (error) {
    // 42P04 when it exists already; 23505 when another process created it this very moment.
    if (errorCode(error) !== '42P04' && errorCode(error) !== '23505') throw error
  } finally {
    await maintenance.end()
  }
  return connect()
}

/**
 * Waits for the migration lock and holds it on a connection of its own until released (or until
 * the process ends, which ends the session and so frees the lock).
 * @param databaseUrl - the database to migrate
 * @param onWait - told once when another process holds the lock, before waiting for it
 * @returns a function that releases the lock and closes the connection
 */
export async function holdMigrationLock(databaseUrl: string, onWait?: () => void): Promise<() => Promise<void>> {
  const client = await connectCreatingDatabase(databaseUrl)
  try {
    const { rows } = await client.query<{ taken: boolean }>(`select pg_try_advisory_lock(${LOCK_KEY_SQL}) as taken`)
    if (!rows[0]?.taken) {
      onWait?.()
      await client.query(`select pg_advisory_lock(${LOCK_KEY_SQL})`)
    }
  } catch (error) {
    await client.end()
    throw error
  }
  return () => client.end()
}

/**
 * How many migrations the database records as applied (0 for a new database, which has no
 * `payload_migrations` table yet). Read with a plain connection, before Payload loads: in
 * production Payload applies pending migrations as it connects, after which every database looks
 * migrated and a new one could no longer be told apart (and given its demo data).
 * @param databaseUrl - the database; it is created when missing
 */
export async function appliedMigrationCount(databaseUrl: string): Promise<number> {
  return (await appliedMigrationNames(databaseUrl)).size
}

/**
 * The names of the migrations the database records as applied; none for a new database.
 * @param databaseUrl - the database; it is created when missing
 */
export async function appliedMigrationNames(databaseUrl: string): Promise<Set<string>> {
  const client = await connectCreatingDatabase(databaseUrl)
  try {
    const { rows } = await client.query<{ present: boolean }>(
      "select to_regclass('public.payload_migrations') is not null as present",
    )
    if (!rows[0]?.present) return new Set()
    // Batch -1 marks a schema pushed in development, not a migration.
    const applied = await client.query<{ name: string }>('select name from payload_migrations where batch > 0')
    return new Set(applied.rows.map((row) => row.name))
  } finally {
    await client.end()
  }
}
