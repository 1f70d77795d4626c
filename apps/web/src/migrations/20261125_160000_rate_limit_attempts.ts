import { sql, type MigrateDownArgs, type MigrateUpArgs } from '@payloadcms/db-postgres'

// Rate limits (uploads per user and per address, sign-ins per address) count attempts here, in a
// table of their own: deleting an upload gives no attempt back, and every web process counts the
// same attempts. See src/lib/rate-limits/attempt-limiter.ts. Uploads of the last day are carried
// over, so the limits hold across the upgrade.
export async function up({ db }: MigrateUpArgs): Promise<void> {
  await db.execute(sql`
   CREATE TABLE IF NOT EXISTS "rate_limit_attempts" (
     "id" bigserial PRIMARY KEY,
     "scope" varchar NOT NULL,
     "subject" varchar NOT NULL,
     "attempted_at" timestamp(3) with time zone NOT NULL DEFAULT clock_timestamp()
   );
   CREATE INDEX IF NOT EXISTS "rate_limit_attempts_subject_idx"
     ON "rate_limit_attempts" USING btree ("scope", "subject", "attempted_at");
   CREATE INDEX IF NOT EXISTS "rate_limit_attempts_scope_idx"
     ON "rate_limit_attempts" USING btree ("scope", "attempted_at");
   INSERT INTO "rate_limit_attempts" ("scope", "subject", "attempted_at")
     SELECT 'upload-user', "owner_id"::text, "created_at" FROM "import_files"
      WHERE "owner_id" IS NOT NULL AND "created_at" > now() - interval '1 day';
   INSERT INTO "rate_limit_attempts" ("scope", "subject", "attempted_at")
     SELECT 'upload-ip', "uploader_ip", "created_at" FROM "import_files"
      WHERE "uploader_ip" IS NOT NULL AND "created_at" > now() - interval '1 day';`)
}

export async function down({ db }: MigrateDownArgs): Promise<void> {
  await db.execute(sql`DROP TABLE IF EXISTS "rate_limit_attempts";`)
}
