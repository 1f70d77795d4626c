import { sql, type MigrateDownArgs, type MigrateUpArgs } from '@payloadcms/db-postgres'

// Each event keeps its row's cells as the file wrote them, beside the values read from them: the
// event page shows both, and a re-import tells a changed cell from a changed reading.
export async function up({ db }: MigrateUpArgs): Promise<void> {
  await db.execute(sql`ALTER TABLE "events" ADD COLUMN IF NOT EXISTS "original" jsonb;`)
}

export async function down({ db }: MigrateDownArgs): Promise<void> {
  await db.execute(sql`ALTER TABLE "events" DROP COLUMN IF EXISTS "original";`)
}
