import { sql, type MigrateDownArgs, type MigrateUpArgs } from '@payloadcms/db-postgres'

// Scheduled imports (issue 28): a URL imported into a dataset on a schedule, with a history of runs
// saying what each did, and events a source no longer has marked removed (`events.removed_at`)
// instead of deleted when the schedule says so. Statements as Payload generates them for the two
// collections, but `catalog_id` may be null: deleting a catalog leaves its schedules, whose runs
// then fail saying why, instead of refusing the delete.
export async function up({ db }: MigrateUpArgs): Promise<void> {
  await db.execute(sql`
   CREATE TYPE "public"."enum_scheduled_imports_format" AS ENUM('auto', 'csv', 'tsv', 'xlsx', 'xls', 'ods', 'json', 'geojson');
   CREATE TYPE "public"."enum_scheduled_imports_id_strategy" AS ENUM('auto', 'external', 'content-hash');
   CREATE TYPE "public"."enum_scheduled_imports_duplicate_action" AS ENUM('skip', 'update');
   CREATE TYPE "public"."enum_scheduled_imports_gone_from_source" AS ENUM('keep', 'mark-removed', 'delete');
   CREATE TYPE "public"."enum_scheduled_imports_schedule_frequency" AS ENUM('every', 'hourly', 'daily', 'weekly', 'cron');
   CREATE TYPE "public"."enum_scheduled_imports_schedule_weekday" AS ENUM('0', '1', '2', '3', '4', '5', '6');
   CREATE TYPE "public"."enum_scheduled_imports_state_last_outcome" AS ENUM('unchanged', 'completed', 'failed');
   CREATE TYPE "public"."enum_scheduled_import_runs_trigger" AS ENUM('schedule', 'manual', 'webhook', 'retry');
   CREATE TYPE "public"."enum_scheduled_import_runs_status" AS ENUM('downloading', 'importing', 'awaiting-approval', 'unchanged', 'completed', 'failed');
   ALTER TYPE "public"."enum_payload_jobs_log_task_slug" ADD VALUE IF NOT EXISTS 'start-due-scheduled-imports';
   ALTER TYPE "public"."enum_payload_jobs_log_task_slug" ADD VALUE IF NOT EXISTS 'run-scheduled-import';
   ALTER TYPE "public"."enum_payload_jobs_task_slug" ADD VALUE IF NOT EXISTS 'start-due-scheduled-imports';
   ALTER TYPE "public"."enum_payload_jobs_task_slug" ADD VALUE IF NOT EXISTS 'run-scheduled-import';
   CREATE TABLE "scheduled_imports" (
   "id" serial PRIMARY KEY NOT NULL,
   "name" varchar NOT NULL,
   "url" varchar NOT NULL,
   "catalog_id" integer,
   "dataset_id" integer,
   "format" "enum_scheduled_imports_format" DEFAULT 'auto' NOT NULL,
   "id_strategy" "enum_scheduled_imports_id_strategy" DEFAULT 'auto' NOT NULL,
   "id_field" varchar,
   "duplicate_action" "enum_scheduled_imports_duplicate_action" DEFAULT 'update' NOT NULL,
   "gone_from_source" "enum_scheduled_imports_gone_from_source" DEFAULT 'keep' NOT NULL,
   "schedule_frequency" "enum_scheduled_imports_schedule_frequency" DEFAULT 'daily' NOT NULL,
   "schedule_time_zone" varchar DEFAULT 'UTC' NOT NULL,
   "schedule_interval_minutes" numeric,
   "schedule_minute" numeric,
   "schedule_time" varchar,
   "schedule_weekday" "enum_scheduled_imports_schedule_weekday",
   "schedule_cron" varchar,
   "enabled" boolean DEFAULT true,
   "state_next_run_at" timestamp(3) with time zone,
   "state_last_run_at" timestamp(3) with time zone,
   "state_last_outcome" "enum_scheduled_imports_state_last_outcome",
   "state_consecutive_failures" numeric DEFAULT 0,
   "state_paused_reason" varchar,
   "state_active_run_id" integer,
   "state_etag" varchar,
   "state_last_modified" varchar,
   "state_last_hash" varchar,
   "trigger_token_hash" varchar,
   "trigger_token_hint" varchar,
   "owner_id" integer,
   "updated_at" timestamp(3) with time zone DEFAULT now() NOT NULL,
   "created_at" timestamp(3) with time zone DEFAULT now() NOT NULL
   );
   CREATE TABLE "scheduled_import_runs" (
   "id" serial PRIMARY KEY NOT NULL,
   "scheduled_import_id" integer NOT NULL,
   "dataset_id" integer,
   "import_file_id" integer,
   "trigger" "enum_scheduled_import_runs_trigger" NOT NULL,
   "status" "enum_scheduled_import_runs_status" NOT NULL,
   "summary" varchar,
   "started_at" timestamp(3) with time zone,
   "finished_at" timestamp(3) with time zone,
   "source_http_status" numeric,
   "source_bytes" numeric,
   "source_hash" varchar,
   "source_content_type" varchar,
   "source_etag" varchar,
   "source_last_modified" varchar,
   "counts_added" numeric DEFAULT 0,
   "counts_updated" numeric DEFAULT 0,
   "counts_unchanged" numeric DEFAULT 0,
   "counts_gone" numeric DEFAULT 0,
   "counts_removed" numeric DEFAULT 0,
   "counts_restored" numeric DEFAULT 0,
   "counts_left_alone" numeric DEFAULT 0,
   "counts_row_errors" numeric DEFAULT 0,
   "changes" jsonb,
   "gone_events" jsonb,
   "error" varchar,
   "owner_id" integer,
   "updated_at" timestamp(3) with time zone DEFAULT now() NOT NULL,
   "created_at" timestamp(3) with time zone DEFAULT now() NOT NULL
   );
   ALTER TABLE "events" ADD COLUMN "removed_at" timestamp(3) with time zone;
   ALTER TABLE "payload_locked_documents_rels" ADD COLUMN "scheduled_imports_id" integer;
   ALTER TABLE "payload_locked_documents_rels" ADD COLUMN "scheduled_import_runs_id" integer;
   ALTER TABLE "scheduled_imports" ADD CONSTRAINT "scheduled_imports_catalog_id_catalogs_id_fk" FOREIGN KEY ("catalog_id") REFERENCES "public"."catalogs"("id") ON DELETE set null ON UPDATE no action;
   ALTER TABLE "scheduled_imports" ADD CONSTRAINT "scheduled_imports_dataset_id_datasets_id_fk" FOREIGN KEY ("dataset_id") REFERENCES "public"."datasets"("id") ON DELETE set null ON UPDATE no action;
   ALTER TABLE "scheduled_imports" ADD CONSTRAINT "scheduled_imports_state_active_run_id_scheduled_import_runs_id_fk" FOREIGN KEY ("state_active_run_id") REFERENCES "public"."scheduled_import_runs"("id") ON DELETE set null ON UPDATE no action;
   ALTER TABLE "scheduled_imports" ADD CONSTRAINT "scheduled_imports_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;
   ALTER TABLE "scheduled_import_runs" ADD CONSTRAINT "scheduled_import_runs_scheduled_import_id_scheduled_imports_id_fk" FOREIGN KEY ("scheduled_import_id") REFERENCES "public"."scheduled_imports"("id") ON DELETE set null ON UPDATE no action;
   ALTER TABLE "scheduled_import_runs" ADD CONSTRAINT "scheduled_import_runs_dataset_id_datasets_id_fk" FOREIGN KEY ("dataset_id") REFERENCES "public"."datasets"("id") ON DELETE set null ON UPDATE no action;
   ALTER TABLE "scheduled_import_runs" ADD CONSTRAINT "scheduled_import_runs_import_file_id_import_files_id_fk" FOREIGN KEY ("import_file_id") REFERENCES "public"."import_files"("id") ON DELETE set null ON UPDATE no action;
   ALTER TABLE "scheduled_import_runs" ADD CONSTRAINT "scheduled_import_runs_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;
   CREATE INDEX "scheduled_imports_catalog_idx" ON "scheduled_imports" USING btree ("catalog_id");
   CREATE INDEX "scheduled_imports_dataset_idx" ON "scheduled_imports" USING btree ("dataset_id");
   CREATE INDEX "scheduled_imports_state_state_next_run_at_idx" ON "scheduled_imports" USING btree ("state_next_run_at");
   CREATE INDEX "scheduled_imports_state_state_active_run_idx" ON "scheduled_imports" USING btree ("state_active_run_id");
   CREATE INDEX "scheduled_imports_owner_idx" ON "scheduled_imports" USING btree ("owner_id");
   CREATE INDEX "scheduled_imports_updated_at_idx" ON "scheduled_imports" USING btree ("updated_at");
   CREATE INDEX "scheduled_imports_created_at_idx" ON "scheduled_imports" USING btree ("created_at");
   CREATE INDEX "scheduled_import_runs_scheduled_import_idx" ON "scheduled_import_runs" USING btree ("scheduled_import_id");
   CREATE INDEX "scheduled_import_runs_dataset_idx" ON "scheduled_import_runs" USING btree ("dataset_id");
   CREATE INDEX "scheduled_import_runs_import_file_idx" ON "scheduled_import_runs" USING btree ("import_file_id");
   CREATE INDEX "scheduled_import_runs_status_idx" ON "scheduled_import_runs" USING btree ("status");
   CREATE INDEX "scheduled_import_runs_started_at_idx" ON "scheduled_import_runs" USING btree ("started_at");
   CREATE INDEX "scheduled_import_runs_owner_idx" ON "scheduled_import_runs" USING btree ("owner_id");
   CREATE INDEX "scheduled_import_runs_updated_at_idx" ON "scheduled_import_runs" USING btree ("updated_at");
   CREATE INDEX "scheduled_import_runs_created_at_idx" ON "scheduled_import_runs" USING btree ("created_at");
   ALTER TABLE "payload_locked_documents_rels" ADD CONSTRAINT "payload_locked_documents_rels_scheduled_imports_fk" FOREIGN KEY ("scheduled_imports_id") REFERENCES "public"."scheduled_imports"("id") ON DELETE cascade ON UPDATE no action;
   ALTER TABLE "payload_locked_documents_rels" ADD CONSTRAINT "payload_locked_documents_rels_scheduled_import_runs_fk" FOREIGN KEY ("scheduled_import_runs_id") REFERENCES "public"."scheduled_import_runs"("id") ON DELETE cascade ON UPDATE no action;
   CREATE INDEX "payload_locked_documents_rels_scheduled_imports_id_idx" ON "payload_locked_documents_rels" USING btree ("scheduled_imports_id");
   CREATE INDEX "payload_locked_documents_rels_scheduled_import_runs_id_idx" ON "payload_locked_documents_rels" USING btree ("scheduled_import_runs_id");`)
}

// The job types' enum values stay: PostgreSQL cannot drop one, and jobs of those types may remain.
export async function down({ db }: MigrateDownArgs): Promise<void> {
  await db.execute(sql`
   ALTER TABLE "payload_locked_documents_rels" DROP COLUMN IF EXISTS "scheduled_imports_id";
   ALTER TABLE "payload_locked_documents_rels" DROP COLUMN IF EXISTS "scheduled_import_runs_id";
   DROP TABLE IF EXISTS "scheduled_imports" CASCADE;
   DROP TABLE IF EXISTS "scheduled_import_runs" CASCADE;
   ALTER TABLE "events" DROP COLUMN IF EXISTS "removed_at";
   DROP TYPE IF EXISTS "public"."enum_scheduled_imports_format";
   DROP TYPE IF EXISTS "public"."enum_scheduled_imports_id_strategy";
   DROP TYPE IF EXISTS "public"."enum_scheduled_imports_duplicate_action";
   DROP TYPE IF EXISTS "public"."enum_scheduled_imports_gone_from_source";
   DROP TYPE IF EXISTS "public"."enum_scheduled_imports_schedule_frequency";
   DROP TYPE IF EXISTS "public"."enum_scheduled_imports_schedule_weekday";
   DROP TYPE IF EXISTS "public"."enum_scheduled_imports_state_last_outcome";
   DROP TYPE IF EXISTS "public"."enum_scheduled_import_runs_trigger";
   DROP TYPE IF EXISTS "public"."enum_scheduled_import_runs_status";`)
}
