import { sql, type MigrateDownArgs, type MigrateUpArgs } from '@payloadcms/db-postgres'

// Each imported event keeps its row as the file wrote it (header → text) beside `data`, the typed
// values filters read, so the event page can show "03/04/2024 → 3 April 2024". Only imports write
// it (src/lib/events/bulk-insert-events.ts); events imported before have none and show `data`.
export async function up({ db }: MigrateUpArgs): Promise<void> {
  await db.execute(sql`ALTER TABLE "events" ADD COLUMN IF NOT EXISTS "original" jsonb;`)
}

export async function down({ db }: MigrateDownArgs): Promise<void> {
  await db.execute(sql`ALTER TABLE "events" DROP COLUMN IF EXISTS "original";`)
}
