import { describe, expect, inject, it } from 'vitest'

import { describeSchema, schemaDifferences } from '../../helpers/describe-schema'
import { runScript } from '../../helpers/run-script'
import { createTestDatabase, type TestDatabase } from '../../setup/test-database'

async function migrate(database: TestDatabase): Promise<void> {
  await runScript('migrate', [], {
    ...process.env,
    DATABASE_URL: database.url,
    CHRONOTOPE_DATABASE_KIND: database.kind,
    PAYLOAD_SECRET: 'schema-parity',
    CHRONOTOPE_SEED_ON_FIRST_START: 'false',
  })
}

// Needs both kinds of database, so it runs when the test run is given a PostgreSQL server.
describe.skipIf(inject('databaseKind') !== 'external')('the migrations', () => {
  it('build the same schema on PostgreSQL + PostGIS and on the embedded database', { timeout: 240_000 }, async () => {
    const server = await createTestDatabase('chronotope_parity')
    const saved = { TEST_DATABASE_URL: process.env.TEST_DATABASE_URL, DATABASE_URL: process.env.DATABASE_URL }
    delete process.env.TEST_DATABASE_URL
    delete process.env.DATABASE_URL
    const embedded = await createTestDatabase('chronotope_parity').finally(() => Object.assign(process.env, saved))
    try {
      expect(embedded.kind).toBe('embedded')
      await Promise.all([migrate(server), migrate(embedded)])
      const [onServer, onEmbedded] = await Promise.all([describeSchema(server.url), describeSchema(embedded.url)])
      expect(onServer.columns.length).toBeGreaterThan(100)
      expect(onServer.indexes.some((line) => line.includes('USING gist (location)'))).toBe(true)
      expect(onServer.triggers.some((line) => line.includes('audit_log_append_only'))).toBe(true)
      expect(schemaDifferences(onServer, onEmbedded)).toEqual({})
    } finally {
      await Promise.all([server.drop(), embedded.drop()])
    }
  })
})
