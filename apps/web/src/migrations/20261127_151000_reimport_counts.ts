import { sql, type MigrateDownArgs, type MigrateUpArgs } from '@payloadcms/db-postgres'

// A re-import's counts tell updated, unchanged and left-alone events apart from skipped
// duplicates, and its report (hand edits kept, events left alone, events not in the file) is kept
// on the import job.
export async function up({ db }: MigrateUpArgs): Promise<void> {
  await db.execute(sql`
   ALTER TABLE "import_jobs" ADD COLUMN IF NOT EXISTS "counts_events_updated" numeric DEFAULT 0;
   ALTER TABLE "import_jobs" ADD COLUMN IF NOT EXISTS "counts_events_unchanged" numeric DEFAULT 0;
   ALTER TABLE "import_jobs" ADD COLUMN IF NOT EXISTS "counts_events_left_alone" numeric DEFAULT 0;
   ALTER TABLE "import_jobs" ADD COLUMN IF NOT EXISTS "reimport" jsonb;`)
}

export async function down({ db }: MigrateDownArgs): Promise<void> {
  await db.execute(sql`
   ALTER TABLE "import_jobs" DROP COLUMN IF EXISTS "counts_events_updated";
   ALTER TABLE "import_jobs" DROP COLUMN IF EXISTS "counts_events_unchanged";
   ALTER TABLE "import_jobs" DROP COLUMN IF EXISTS "counts_events_left_alone";
   ALTER TABLE "import_jobs" DROP COLUMN IF EXISTS "reimport";`)
}
