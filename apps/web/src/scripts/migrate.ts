/**
 * `npm run migrate`: applies the migrations shipped with the app, in-process, and checks that
 * every one is recorded (Payload's CLI can exit 0 without doing anything on Node 20). With
 * `--seed-if-new`, seeds the demo data when the database had no migrations before.
 * @module
 */
import type { Payload } from 'payload'

import { settings } from '../config/settings'
import { appliedMigrationCount, holdMigrationLock } from '../lib/database/migration-lock'
import { loadPayload } from '../lib/runtime/load-payload'
import { runMain } from '../lib/runtime/run-main'
import { migrations } from '../migrations'
import { seed } from '../seed'

type ShippedMigrations = NonNullable<Parameters<Payload['db']['migrate']>[0]>['migrations']

async function main(): Promise<void> {
  // Two launchers started together on one server (`npm run serve` on two machines) take turns:
  // the second finds the schema current and the demo data seeded. Taken before Payload loads,
  // since Payload applies pending migrations as it connects in production. The embedded database
  // has one launcher by construction.
  const release =
    settings.databaseKind === 'external' && settings.databaseUrl
      ? await holdMigrationLock(settings.databaseUrl, () =>
          console.log('[chronotope] Another process is migrating this database; waiting for it…'),
        )
      : async () => {}
  try {
    // Counted under the lock, so of two launchers only the first finds the database new.
    const wasNew = settings.databaseUrl ? (await appliedMigrationCount(settings.databaseUrl)) === 0 : false
    await migrateAndSeed(await loadPayload(), wasNew)
  } finally {
    await release()
  }
}

async function migrateAndSeed(payload: Payload, wasNew: boolean): Promise<void> {
  // Payload types generated migrations with MigrateUpArgs but migrate() with unknown arguments.
  await payload.db.migrate({ migrations: migrations as unknown as ShippedMigrations })
  const { docs } = await payload.find({ collection: 'payload-migrations', limit: 0, pagination: false })
  const applied = new Set(docs.map((doc) => String((doc as { name?: string }).name)))
  const missing = migrations.filter((migration) => !applied.has(migration.name)).map((m) => m.name)
  if (missing.length > 0) {
    throw new Error(`Migrations were not applied: ${missing.join(', ')}. See the log above for the failing statement.`)
  }
  console.log(`[chronotope] Database schema is current (${migrations.length} migration(s)).`)
  if (process.argv.includes('--seed-if-new') && wasNew && settings.seedOnFirstStart) {
    console.log('[chronotope] New database: seeding the demo data…')
    const summary = await seed(payload, { environment: 'demo' }).catch((error: unknown) => {
      throw new Error(`Seeding the demo data failed: ${error instanceof Error ? error.message : String(error)}`)
    })
    console.log(`[chronotope] Seeded: ${JSON.stringify(summary)}`)
  }
}

runMain('migrate', main)
