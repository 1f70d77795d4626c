import pg from 'pg'
import { describe, expect, inject, it } from 'vitest'

import { migrations } from '../../../src/migrations'
import { describeSchema, schemaDifferences } from '../../helpers/describe-schema'
import { runScript } from '../../helpers/run-script'
import { createTestDatabase, externalServerUrl, type TestDatabase } from '../../setup/test-database'

const FIRST = migrations[0]!.name
const LATEST = migrations.at(-1)!.name

function migrate(database: TestDatabase, args: string[], seed = false): Promise<string> {
  return runScript('migrate', args, {
    ...process.env,
    DATABASE_URL: database.url,
    CHRONOTOPE_DATABASE_KIND: database.kind,
    PAYLOAD_SECRET: 'migrations-roll-back',
    CHRONOTOPE_SEED_ON_FIRST_START: String(seed),
  })
}

async function query<Row extends pg.QueryResultRow>(database: TestDatabase, sql: string): Promise<Row[]> {
  const client = new pg.Client({ connectionString: database.url })
  await client.connect()
  try {
    return (await client.query<Row>(sql)).rows
  } finally {
    await client.end()
  }
}

async function appliedMigrations(database: TestDatabase): Promise<string[]> {
  const rows = await query<{ name: string }>(database, 'select name from payload_migrations order by name')
  return rows.map((row) => row.name)
}

// A database of its own on the run's kind of database: the run's DATABASE_URL is embedded (one
// database only) when the run is.
const newDatabase = (prefix: string) =>
  createTestDatabase(prefix, inject('databaseKind') === 'external' ? (externalServerUrl() ?? null) : null)

describe('npm run migrate -- --to <migration>', () => {
  it(
    'rolls a database holding the demo data back to the first migration, as a new one holds it, and forward again',
    { timeout: 600_000 },
    async () => {
      const [rolled, firstOnly] = await Promise.all([newDatabase('chronotope_roll'), newDatabase('chronotope_first')])
      try {
        await Promise.all([migrate(rolled, ['--seed-if-new'], true), migrate(firstOnly, ['--to', FIRST])])
        const latest = await describeSchema(rolled.url)
        expect(latest.columns.some((line) => line.startsWith('event_value_cells.'))).toBe(true)

        // A name it does not ship is refused, saying which it ships, and nothing is rolled back.
        await expect(migrate(rolled, ['--to', '20261301_000000_not_shipped'])).rejects.toThrow(
          new RegExp(`No migration is named "20261301_000000_not_shipped".*from ${FIRST} to ${LATEST}`),
        )
        await expect(migrate(rolled, ['--to', FIRST, '--seed-if-new'])).rejects.toThrow(/do not go together/)
        expect(await appliedMigrations(rolled)).toHaveLength(migrations.length)

        // Every migration after the first undone, newest first, with the data they held.
        await migrate(rolled, ['--to', FIRST])
        expect(await appliedMigrations(rolled)).toEqual([FIRST])
        const first = await describeSchema(firstOnly.url)
        expect(first.columns.some((line) => line.startsWith('event_value_cells.'))).toBe(false)
        expect(schemaDifferences(await describeSchema(rolled.url), first)).toEqual({})

        // And applied again: the schema the latest version expects, nothing left over or missing.
        await migrate(rolled, ['--to', 'latest'])
        expect(await appliedMigrations(rolled)).toEqual(migrations.map((migration) => migration.name).sort())
        expect(schemaDifferences(await describeSchema(rolled.url), latest)).toEqual({})

        // A database a newer version migrated: this one says so, and will not roll back past it.
        await query(rolled, "insert into payload_migrations (name, batch) values ('29991231_000000_newer', 9)")
        expect(await migrate(rolled, [])).toContain(
          'Warning: a newer version of Chronotope migrated this database (29991231_000000_newer)',
        )
        await expect(migrate(rolled, ['--to', FIRST])).rejects.toThrow(
          /holds migrations this version does not ship: 29991231_000000_newer/,
        )
        expect(await appliedMigrations(rolled)).toHaveLength(migrations.length + 1)
      } finally {
        await Promise.all([rolled.drop(), firstOnly.drop()])
      }
    },
  )
})
