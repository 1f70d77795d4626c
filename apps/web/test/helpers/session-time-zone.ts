/**
 * Gives the test database's sessions a time zone other than UTC, as a server configured for its
 * region would, so code that reads PostgreSQL's timestamp text is tested against its offsets.
 * @module
 */
import pg from 'pg'

async function run(sql: (database: string) => string): Promise<void> {
  const client = new pg.Client({ connectionString: process.env.DATABASE_URL })
  await client.connect()
  try {
    const { rows } = await client.query<{ name: string }>('select current_database() as name')
    await client.query(sql(rows[0]!.name.replaceAll('"', '""')))
  } finally {
    await client.end()
  }
}

/**
 * Sets the `TimeZone` of every later session: on a real server, the database's default for new
 * connections (call it before Payload connects); the embedded database has one shared session.
 * @example await setSessionTimeZone('America/Sao_Paulo')
 */
export async function setSessionTimeZone(zone: string): Promise<void> {
  const literal = `'${zone.replaceAll("'", "''")}'`
  await run((database) =>
    process.env.CHRONOTOPE_DATABASE_KIND === 'embedded'
      ? `set time zone ${literal}`
      : `alter database "${database}" set timezone to ${literal}`,
  )
}

/** Undoes {@link setSessionTimeZone} for the test files that follow. */
export async function resetSessionTimeZone(): Promise<void> {
  await run((database) =>
    process.env.CHRONOTOPE_DATABASE_KIND === 'embedded'
      ? 'reset time zone'
      : `alter database "${database}" reset timezone`,
  )
}
