import { sql, type MigrateDownArgs, type MigrateUpArgs } from '@payloadcms/db-postgres'

// Which fields of an event people changed by hand (src/lib/events/hand-edits.ts): a re-import of
// the file keeps them. Empty for events nobody edited, so it costs nothing on bulk imports.
export async function up({ db }: MigrateUpArgs): Promise<void> {
  await db.execute(sql`ALTER TABLE "events" ADD COLUMN IF NOT EXISTS "hand_edits" jsonb;`)
}

export async function down({ db }: MigrateDownArgs): Promise<void> {
  await db.execute(sql`ALTER TABLE "events" DROP COLUMN IF EXISTS "hand_edits";`)
}
