import { MigrateUpArgs, MigrateDownArgs, sql } from '@payloadcms/db-postgres'

export async function up({ db, payload, req }: MigrateUpArgs): Promise<void> {
  await db.execute(sql`
   ALTER TYPE "public"."enum_payload_jobs_log_task_slug" ADD VALUE 'dataset-detection' BEFORE 'cleanup-approval-locks';
  ALTER TYPE "public"."enum_payload_jobs_log_task_slug" ADD VALUE 'schema-detection' BEFORE 'cleanup-approval-locks';
  ALTER TYPE "public"."enum_payload_jobs_log_task_slug" ADD VALUE 'validate-schema' BEFORE 'cleanup-approval-locks';
  ALTER TYPE "public"."enum_payload_jobs_log_task_slug" ADD VALUE 'create-schema-version' BEFORE 'cleanup-approval-locks';
  ALTER TYPE "public"."enum_payload_jobs_log_task_slug" ADD VALUE 'analyze-duplicates' BEFORE 'cleanup-approval-locks';
  ALTER TYPE "public"."enum_payload_jobs_log_task_slug" ADD VALUE 'geocode-batch' BEFORE 'cleanup-approval-locks';
  ALTER TYPE "public"."enum_payload_jobs_log_task_slug" ADD VALUE 'create-events-batch' BEFORE 'cleanup-approval-locks';
  ALTER TYPE "public"."enum_payload_jobs_task_slug" ADD VALUE 'dataset-detection' BEFORE 'cleanup-approval-locks';
  ALTER TYPE "public"."enum_payload_jobs_task_slug" ADD VALUE 'schema-detection' BEFORE 'cleanup-approval-locks';
  ALTER TYPE "public"."enum_payload_jobs_task_slug" ADD VALUE 'validate-schema' BEFORE 'cleanup-approval-locks';
  ALTER TYPE "public"."enum_payload_jobs_task_slug" ADD VALUE 'create-schema-version' BEFORE 'cleanup-approval-locks';
  ALTER TYPE "public"."enum_payload_jobs_task_slug" ADD VALUE 'analyze-duplicates' BEFORE 'cleanup-approval-locks';
  ALTER TYPE "public"."enum_payload_jobs_task_slug" ADD VALUE 'geocode-batch' BEFORE 'cleanup-approval-locks';
  ALTER TYPE "public"."enum_payload_jobs_task_slug" ADD VALUE 'create-events-batch' BEFORE 'cleanup-approval-locks';
  DROP INDEX "events_content_hash_idx";
  ALTER TABLE "import_files" ADD COLUMN "detection" jsonb;
  ALTER TABLE "import_files" ADD COLUMN "sheets" jsonb;
  ALTER TABLE "import_files" ADD COLUMN "failure_reason" varchar;
  ALTER TABLE "import_files" ADD COLUMN "uploader_ip" varchar;
  ALTER TABLE "import_jobs" ADD COLUMN "counts_rows_total" numeric;
  ALTER TABLE "import_jobs" ADD COLUMN "detected_schema" jsonb;
  ALTER TABLE "import_jobs" ADD COLUMN "mapping" jsonb;
  ALTER TABLE "import_jobs" ADD COLUMN "duplicates" jsonb;
  ALTER TABLE "import_jobs" ADD COLUMN "geocoding" jsonb;
  ALTER TABLE "import_jobs" ADD COLUMN "heartbeat_at" timestamp(3) with time zone;
  CREATE INDEX "import_files_uploader_ip_idx" ON "import_files" USING btree ("uploader_ip");
  CREATE INDEX "import_jobs_heartbeat_at_idx" ON "import_jobs" USING btree ("heartbeat_at");`)
}

export async function down({ db, payload, req }: MigrateDownArgs): Promise<void> {
  await db.execute(sql`
   ALTER TABLE "payload_jobs_log" ALTER COLUMN "task_slug" SET DATA TYPE text;
  DROP TYPE "public"."enum_payload_jobs_log_task_slug";
  CREATE TYPE "public"."enum_payload_jobs_log_task_slug" AS ENUM('inline', 'cleanup-approval-locks');
  ALTER TABLE "payload_jobs_log" ALTER COLUMN "task_slug" SET DATA TYPE "public"."enum_payload_jobs_log_task_slug" USING "task_slug"::"public"."enum_payload_jobs_log_task_slug";
  ALTER TABLE "payload_jobs" ALTER COLUMN "task_slug" SET DATA TYPE text;
  DROP TYPE "public"."enum_payload_jobs_task_slug";
  CREATE TYPE "public"."enum_payload_jobs_task_slug" AS ENUM('inline', 'cleanup-approval-locks');
  ALTER TABLE "payload_jobs" ALTER COLUMN "task_slug" SET DATA TYPE "public"."enum_payload_jobs_task_slug" USING "task_slug"::"public"."enum_payload_jobs_task_slug";
  DROP INDEX "import_files_uploader_ip_idx";
  DROP INDEX "import_jobs_heartbeat_at_idx";
  CREATE INDEX "events_content_hash_idx" ON "events" USING btree ("content_hash");
  ALTER TABLE "import_files" DROP COLUMN "detection";
  ALTER TABLE "import_files" DROP COLUMN "sheets";
  ALTER TABLE "import_files" DROP COLUMN "failure_reason";
  ALTER TABLE "import_files" DROP COLUMN "uploader_ip";
  ALTER TABLE "import_jobs" DROP COLUMN "counts_rows_total";
  ALTER TABLE "import_jobs" DROP COLUMN "detected_schema";
  ALTER TABLE "import_jobs" DROP COLUMN "mapping";
  ALTER TABLE "import_jobs" DROP COLUMN "duplicates";
  ALTER TABLE "import_jobs" DROP COLUMN "geocoding";
  ALTER TABLE "import_jobs" DROP COLUMN "heartbeat_at";`)
}
