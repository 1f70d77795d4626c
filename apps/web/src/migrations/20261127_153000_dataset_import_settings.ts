import { sql, type MigrateDownArgs, type MigrateUpArgs } from '@payloadcms/db-postgres'

// A dataset remembers how its last import read the file (src/lib/import/remembered-settings.ts),
// so the next import into it starts from the user's choices instead of a new guess.
export async function up({ db }: MigrateUpArgs): Promise<void> {
  await db.execute(sql`ALTER TABLE "datasets" ADD COLUMN IF NOT EXISTS "import_settings" jsonb;`)
}

export async function down({ db }: MigrateDownArgs): Promise<void> {
  await db.execute(sql`ALTER TABLE "datasets" DROP COLUMN IF EXISTS "import_settings";`)
}
