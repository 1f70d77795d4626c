/**
 * `npm run migrate:create -- <name>`: writes a migration for the schema changes since the last
 * one (compares with the last migration's snapshot; the database only has to be reachable).
 * Developers run it after changing a collection, and commit the result.
 * @module
 */
import { loadPayload } from '../lib/runtime/load-payload'

const name = process.argv[2]
if (!name || !/^[a-z0-9_]+$/.test(name)) {
  console.error('Usage: npm run migrate:create -- <name in snake_case>, e.g. add_event_tags')
  process.exit(2)
}
const payload = await loadPayload()
await payload.db.createMigration({ migrationName: name, payload, forceAcceptWarning: true })
process.exit(0)
