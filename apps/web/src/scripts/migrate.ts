/**
 * `npm run migrate`: applies the migrations shipped with the app, in-process, and checks that
 * every one is recorded (Payload's CLI can exit 0 without doing anything on Node 20). With
 * `--seed-if-new`, seeds the demo data when the database had no migrations before. With `--to
 * <name>`, brings the schema to that migration instead, rolling back newer ones: how an operator
 * goes back to an earlier version. See `npm run migrate -- --help`.
 * @module
 */
import { parseArgs } from 'node:util'

import {
  commitTransaction,
  createLocalReq,
  initTransaction,
  killTransaction,
  type Payload,
  type PayloadRequest,
} from 'payload'

import { settings } from '../config/settings'
import { appliedMigrationCount, appliedMigrationNames, holdMigrationLock } from '../lib/database/migration-lock'
import { migrationsNotShipped, planMigrationsTo } from '../lib/database/migration-plan'
import { resolveDatabase } from '../lib/runtime/database-attachment'
import { loadPayload } from '../lib/runtime/load-payload'
import { runMain } from '../lib/runtime/run-main'
import { migrations } from '../migrations'
import { seed } from '../seed'

const HELP = `Usage: npm run migrate [-- options]

Applies the database migrations this version ships that the database lacks.

  --seed-if-new   seed the demo data when the database had no migrations before
  --to <name>     bring the schema to migration <name> (a file name in apps/web/src/migrations
                  without .ts, or "latest"): apply the missing ones up to it and roll back, newest
                  first, every applied one after it. Rolling back drops what those migrations
                  added, data included: back the database up first, and stop Chronotope.
  --help          show this help
`

type ShippedMigrations = NonNullable<Parameters<Payload['db']['migrate']>[0]>['migrations']

function parseMigrateArguments(argv: readonly string[]) {
  const { values } = parseArgs({
    args: [...argv],
    options: {
      'seed-if-new': { type: 'boolean', default: false },
      to: { type: 'string' },
      help: { type: 'boolean', default: false },
    },
    strict: true,
  })
  if (values.to !== undefined && values['seed-if-new']) {
    throw new Error('--to and --seed-if-new do not go together: the demo data needs the latest schema.')
  }
  return values
}

async function main(): Promise<void> {
  const options = parseMigrateArguments(process.argv.slice(2))
  if (options.help) {
    console.log(HELP)
    return
  }
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
    const payload = await loadPayload()
    // Payload has connected, so there is a database (DATABASE_URL, or a running npm start's).
    const databaseUrl = resolveDatabase(settings)!.url
    if (options.to === undefined) await migrateAndSeed(payload, databaseUrl, wasNew && options['seed-if-new'])
    else await migrateTo(payload, databaseUrl, options.to)
  } finally {
    await release()
  }
}

async function migrateAndSeed(payload: Payload, databaseUrl: string, seedDemo: boolean): Promise<void> {
  await applyMigrations(payload, migrations)
  console.log(`[chronotope] Database schema is current (${migrations.length} migration(s)).`)
  const newer = migrationsNotShipped(
    migrations.map((migration) => migration.name),
    await appliedMigrationNames(databaseUrl),
  )
  if (newer.length > 0) {
    console.warn(
      `[chronotope] Warning: a newer version of Chronotope migrated this database (${newer.join(', ')}), and this version may not read or write it correctly. Run the newer version, or roll those migrations back with it: npm run migrate -- --to ${migrations.at(-1)!.name} (see the deployment guide, "Going back to an earlier version").`,
    )
  }
  if (seedDemo && settings.seedOnFirstStart) {
    console.log('[chronotope] New database: seeding the demo data…')
    const summary = await seed(payload, { environment: 'demo' }).catch((error: unknown) => {
      throw new Error(`Seeding the demo data failed: ${error instanceof Error ? error.message : String(error)}`)
    })
    console.log(`[chronotope] Seeded: ${JSON.stringify(summary)}`)
  }
}

/** Applies the given migrations the database lacks and checks that each is recorded. */
async function applyMigrations(payload: Payload, wanted: typeof migrations): Promise<void> {
  // Payload types generated migrations with MigrateUpArgs but migrate() with unknown arguments.
  await payload.db.migrate({ migrations: wanted as unknown as ShippedMigrations })
  const { docs } = await payload.find({ collection: 'payload-migrations', limit: 0, pagination: false })
  const applied = new Set(docs.map((doc) => String((doc as { name?: string }).name)))
  const missing = wanted.filter((migration) => !applied.has(migration.name)).map((m) => m.name)
  if (missing.length > 0) {
    throw new Error(`Migrations were not applied: ${missing.join(', ')}. See the log above for the failing statement.`)
  }
}

/** Brings the schema to migration `target`: applies what it lacks up to it, rolls back what follows. */
async function migrateTo(payload: Payload, databaseUrl: string, target: string): Promise<void> {
  const shipped = migrations.map((migration) => migration.name)
  const plan = planMigrationsTo(shipped, await appliedMigrationNames(databaseUrl), target)
  for (const name of plan.rollBack) await rollBack(payload, name)
  const index = target === 'latest' ? shipped.length - 1 : shipped.indexOf(target)
  await applyMigrations(payload, migrations.slice(0, index + 1))
  console.log(
    `[chronotope] Database schema is at ${shipped[index]}: ${plan.apply.length} migration(s) applied, ${plan.rollBack.length} rolled back.`,
  )
}

/** Runs one migration's `down` and forgets it, in one transaction: it is undone whole or not at all. */
async function rollBack(payload: Payload, name: string): Promise<void> {
  const migration = migrations.find((shipped) => shipped.name === name)!
  const started = Date.now()
  const req = await createLocalReq({}, payload)
  await initTransaction(req)
  try {
    await migration.down({ db: await transactionOf(payload, req), payload, req } as Parameters<
      typeof migration.down
    >[0])
    await payload.delete({ collection: 'payload-migrations', where: { name: { equals: name } }, req })
    await commitTransaction(req)
  } catch (error) {
    await killTransaction(req)
    // Drizzle's error names the statement; PostgreSQL's reason is its cause.
    const reasons = [error, (error as { cause?: unknown }).cause].filter((part) => part instanceof Error)
    throw new Error(
      `Rolling back ${name} failed, and nothing of it was undone: ${reasons.length > 0 ? reasons.map((part) => part.message).join(': ') : String(error)}`,
    )
  }
  console.log(`[chronotope] Rolled back ${name} (${Date.now() - started} ms).`)
}

// The Drizzle session of the request's transaction, as Payload hands it to its own migrations.
async function transactionOf(payload: Payload, req: PayloadRequest): Promise<unknown> {
  const adapter = payload.db as unknown as { sessions: Record<string, { db: unknown } | undefined>; drizzle: unknown }
  const id = await req.transactionID
  return (id !== undefined && adapter.sessions[String(id)]?.db) || adapter.drizzle
}

runMain('migrate', main)
