import { MigrateUpArgs, MigrateDownArgs, sql } from '@payloadcms/db-postgres'

export async function up({ db, payload, req }: MigrateUpArgs): Promise<void> {
  await db.execute(sql`
   CREATE TYPE "public"."enum_datasets_id_strategy_type" AS ENUM('auto', 'external', 'content-hash');
  CREATE TYPE "public"."enum_datasets_id_strategy_duplicate_action" AS ENUM('skip', 'update');
  CREATE TYPE "public"."enum_datasets_geocoding_unplaced_rows" AS ENUM('event-without-location', 'row-error');
  CREATE TYPE "public"."enum_dataset_schemas_status" AS ENUM('draft', 'pending-approval', 'approved', 'rejected');
  CREATE TYPE "public"."enum_events_time_precision" AS ENUM('year', 'month', 'day', 'hour', 'minute', 'second');
  CREATE TYPE "public"."enum_events_coordinates_source" AS ENUM('source-columns', 'geocoded', 'manual', 'none');
  CREATE TYPE "public"."enum_events_coordinates_precision" AS ENUM('country', 'region', 'city', 'postal', 'street', 'rooftop');
  CREATE TYPE "public"."enum_import_files_status" AS ENUM('pending', 'processing', 'awaiting-approval', 'completed', 'failed', 'cancelled');
  CREATE TYPE "public"."enum_import_jobs_stage_history_stage" AS ENUM('dataset-detection', 'schema-detection', 'validate-schema', 'awaiting-approval', 'create-schema-version', 'analyze-duplicates', 'geocode-batch', 'create-events', 'completed', 'failed');
  CREATE TYPE "public"."enum_import_jobs_status" AS ENUM('pending', 'processing', 'awaiting-approval', 'completed', 'failed', 'cancelled');
  CREATE TYPE "public"."enum_import_jobs_stage" AS ENUM('dataset-detection', 'schema-detection', 'validate-schema', 'awaiting-approval', 'create-schema-version', 'analyze-duplicates', 'geocode-batch', 'create-events', 'completed', 'failed');
  CREATE TYPE "public"."enum_import_jobs_approval_decision" AS ENUM('approved', 'rejected');
  CREATE TYPE "public"."enum_pages_status" AS ENUM('draft', 'published');
  CREATE TYPE "public"."enum__pages_v_version_status" AS ENUM('draft', 'published');
  CREATE TYPE "public"."enum_geocoding_providers_type" AS ENUM('offline', 'nominatim', 'locationiq', 'photon', 'opencage', 'google', 'pelias');
  CREATE TYPE "public"."enum_location_cache_precision" AS ENUM('country', 'region', 'city', 'postal', 'street', 'rooftop');
  CREATE TYPE "public"."enum_users_role" AS ENUM('admin', 'editor', 'user');
  CREATE TYPE "public"."enum_payload_jobs_log_task_slug" AS ENUM('inline', 'cleanup-approval-locks');
  CREATE TYPE "public"."enum_payload_jobs_log_state" AS ENUM('failed', 'succeeded');
  CREATE TYPE "public"."enum_payload_jobs_task_slug" AS ENUM('inline', 'cleanup-approval-locks');
  CREATE TYPE "public"."enum_main_menu_items_type" AS ENUM('page', 'url');
  CREATE TABLE "catalogs" (
  	"id" serial PRIMARY KEY NOT NULL,
  	"name" varchar NOT NULL,
  	"slug" varchar,
  	"description" varchar,
  	"is_public" boolean DEFAULT false,
  	"owner_id" integer,
  	"updated_at" timestamp(3) with time zone DEFAULT now() NOT NULL,
  	"created_at" timestamp(3) with time zone DEFAULT now() NOT NULL
  );
  
  CREATE TABLE "datasets" (
  	"id" serial PRIMARY KEY NOT NULL,
  	"name" varchar NOT NULL,
  	"slug" varchar,
  	"catalog_id" integer NOT NULL,
  	"description" varchar,
  	"is_public" boolean DEFAULT false,
  	"owner_id" integer,
  	"current_schema_id" integer,
  	"language" varchar DEFAULT 'en',
  	"id_strategy_type" "enum_datasets_id_strategy_type" DEFAULT 'auto',
  	"id_strategy_external_id_field" varchar,
  	"id_strategy_duplicate_action" "enum_datasets_id_strategy_duplicate_action" DEFAULT 'skip',
  	"schema_settings_auto_approve_non_breaking" boolean DEFAULT true,
  	"schema_settings_locked" boolean DEFAULT false,
  	"geocoding_enabled" boolean DEFAULT true,
  	"geocoding_country_bias" varchar,
  	"geocoding_unplaced_rows" "enum_datasets_geocoding_unplaced_rows" DEFAULT 'event-without-location',
  	"updated_at" timestamp(3) with time zone DEFAULT now() NOT NULL,
  	"created_at" timestamp(3) with time zone DEFAULT now() NOT NULL
  );
  
  CREATE TABLE "datasets_texts" (
  	"id" serial PRIMARY KEY NOT NULL,
  	"order" integer NOT NULL,
  	"parent_id" integer NOT NULL,
  	"path" varchar NOT NULL,
  	"text" varchar
  );
  
  CREATE TABLE "dataset_schemas" (
  	"id" serial PRIMARY KEY NOT NULL,
  	"dataset_id" integer NOT NULL,
  	"version" numeric NOT NULL,
  	"label" varchar,
  	"status" "enum_dataset_schemas_status" DEFAULT 'draft' NOT NULL,
  	"fields" jsonb NOT NULL,
  	"changes" jsonb,
  	"is_breaking" boolean DEFAULT false,
  	"import_job_id" integer,
  	"approved_by_id" integer,
  	"approved_at" timestamp(3) with time zone,
  	"updated_at" timestamp(3) with time zone DEFAULT now() NOT NULL,
  	"created_at" timestamp(3) with time zone DEFAULT now() NOT NULL
  );
  
  CREATE TABLE "events" (
  	"id" serial PRIMARY KEY NOT NULL,
  	"dataset_id" integer NOT NULL,
  	"unique_id" varchar NOT NULL,
  	"title" varchar,
  	"description" varchar,
  	"event_time" timestamp(3) with time zone,
  	"event_end_time" timestamp(3) with time zone,
  	"time_precision" "enum_events_time_precision" DEFAULT 'day',
  	"location" geometry(Point),
  	"location_name" varchar,
  	"coordinates_source" "enum_events_coordinates_source" DEFAULT 'none' NOT NULL,
  	"coordinates_precision" "enum_events_coordinates_precision",
  	"coordinates_confidence" numeric,
  	"coordinates_source_columns" jsonb,
  	"coordinates_provider" varchar,
  	"coordinates_geocoded_query" varchar,
  	"data" jsonb,
  	"content_hash" varchar,
  	"import_job_id" integer,
  	"source_row" numeric,
  	"updated_at" timestamp(3) with time zone DEFAULT now() NOT NULL,
  	"created_at" timestamp(3) with time zone DEFAULT now() NOT NULL
  );
  
  CREATE TABLE "import_files" (
  	"id" serial PRIMARY KEY NOT NULL,
  	"catalog_id" integer,
  	"dataset_name" varchar,
  	"status" "enum_import_files_status" DEFAULT 'pending',
  	"options" jsonb,
  	"owner_id" integer,
  	"updated_at" timestamp(3) with time zone DEFAULT now() NOT NULL,
  	"created_at" timestamp(3) with time zone DEFAULT now() NOT NULL,
  	"url" varchar,
  	"thumbnail_u_r_l" varchar,
  	"filename" varchar,
  	"mime_type" varchar,
  	"filesize" numeric,
  	"width" numeric,
  	"height" numeric,
  	"focal_x" numeric,
  	"focal_y" numeric
  );
  
  CREATE TABLE "import_jobs_stage_history" (
  	"_order" integer NOT NULL,
  	"_parent_id" integer NOT NULL,
  	"id" varchar PRIMARY KEY NOT NULL,
  	"stage" "enum_import_jobs_stage_history_stage" NOT NULL,
  	"at" timestamp(3) with time zone NOT NULL,
  	"reason" varchar
  );
  
  CREATE TABLE "import_jobs" (
  	"id" serial PRIMARY KEY NOT NULL,
  	"label" varchar,
  	"import_file_id" integer NOT NULL,
  	"dataset_id" integer,
  	"sheet_index" numeric DEFAULT 0,
  	"sheet_name" varchar,
  	"status" "enum_import_jobs_status" DEFAULT 'pending' NOT NULL,
  	"stage" "enum_import_jobs_stage" DEFAULT 'dataset-detection',
  	"counts_rows_read" numeric DEFAULT 0,
  	"counts_events_created" numeric DEFAULT 0,
  	"counts_duplicates_skipped" numeric DEFAULT 0,
  	"counts_row_errors" numeric DEFAULT 0,
  	"progress" jsonb,
  	"errors" jsonb,
  	"schema_id" integer,
  	"approval_locked_by_id" integer,
  	"approval_lock_expires_at" timestamp(3) with time zone,
  	"approval_decision" "enum_import_jobs_approval_decision",
  	"approval_decided_by_id" integer,
  	"approval_decided_at" timestamp(3) with time zone,
  	"approval_reason" varchar,
  	"failure_reason" varchar,
  	"owner_id" integer,
  	"updated_at" timestamp(3) with time zone DEFAULT now() NOT NULL,
  	"created_at" timestamp(3) with time zone DEFAULT now() NOT NULL
  );
  
  CREATE TABLE "pages_blocks_content" (
  	"_order" integer NOT NULL,
  	"_parent_id" integer NOT NULL,
  	"_path" text NOT NULL,
  	"id" varchar PRIMARY KEY NOT NULL,
  	"body" jsonb,
  	"block_name" varchar
  );
  
  CREATE TABLE "pages_blocks_call_to_action" (
  	"_order" integer NOT NULL,
  	"_parent_id" integer NOT NULL,
  	"_path" text NOT NULL,
  	"id" varchar PRIMARY KEY NOT NULL,
  	"heading" varchar,
  	"text" varchar,
  	"button_label" varchar,
  	"button_url" varchar,
  	"block_name" varchar
  );
  
  CREATE TABLE "pages_blocks_dataset_explorer" (
  	"_order" integer NOT NULL,
  	"_parent_id" integer NOT NULL,
  	"_path" text NOT NULL,
  	"id" varchar PRIMARY KEY NOT NULL,
  	"dataset_id" integer,
  	"caption" varchar,
  	"block_name" varchar
  );
  
  CREATE TABLE "pages_blocks_image" (
  	"_order" integer NOT NULL,
  	"_parent_id" integer NOT NULL,
  	"_path" text NOT NULL,
  	"id" varchar PRIMARY KEY NOT NULL,
  	"image_id" integer,
  	"caption" varchar,
  	"block_name" varchar
  );
  
  CREATE TABLE "pages" (
  	"id" serial PRIMARY KEY NOT NULL,
  	"title" varchar,
  	"slug" varchar,
  	"summary" varchar,
  	"updated_at" timestamp(3) with time zone DEFAULT now() NOT NULL,
  	"created_at" timestamp(3) with time zone DEFAULT now() NOT NULL,
  	"_status" "enum_pages_status" DEFAULT 'draft'
  );
  
  CREATE TABLE "_pages_v_blocks_content" (
  	"_order" integer NOT NULL,
  	"_parent_id" integer NOT NULL,
  	"_path" text NOT NULL,
  	"id" serial PRIMARY KEY NOT NULL,
  	"body" jsonb,
  	"_uuid" varchar,
  	"block_name" varchar
  );
  
  CREATE TABLE "_pages_v_blocks_call_to_action" (
  	"_order" integer NOT NULL,
  	"_parent_id" integer NOT NULL,
  	"_path" text NOT NULL,
  	"id" serial PRIMARY KEY NOT NULL,
  	"heading" varchar,
  	"text" varchar,
  	"button_label" varchar,
  	"button_url" varchar,
  	"_uuid" varchar,
  	"block_name" varchar
  );
  
  CREATE TABLE "_pages_v_blocks_dataset_explorer" (
  	"_order" integer NOT NULL,
  	"_parent_id" integer NOT NULL,
  	"_path" text NOT NULL,
  	"id" serial PRIMARY KEY NOT NULL,
  	"dataset_id" integer,
  	"caption" varchar,
  	"_uuid" varchar,
  	"block_name" varchar
  );
  
  CREATE TABLE "_pages_v_blocks_image" (
  	"_order" integer NOT NULL,
  	"_parent_id" integer NOT NULL,
  	"_path" text NOT NULL,
  	"id" serial PRIMARY KEY NOT NULL,
  	"image_id" integer,
  	"caption" varchar,
  	"_uuid" varchar,
  	"block_name" varchar
  );
  
  CREATE TABLE "_pages_v" (
  	"id" serial PRIMARY KEY NOT NULL,
  	"parent_id" integer,
  	"version_title" varchar,
  	"version_slug" varchar,
  	"version_summary" varchar,
  	"version_updated_at" timestamp(3) with time zone,
  	"version_created_at" timestamp(3) with time zone,
  	"version__status" "enum__pages_v_version_status" DEFAULT 'draft',
  	"created_at" timestamp(3) with time zone DEFAULT now() NOT NULL,
  	"updated_at" timestamp(3) with time zone DEFAULT now() NOT NULL,
  	"latest" boolean
  );
  
  CREATE TABLE "media" (
  	"id" serial PRIMARY KEY NOT NULL,
  	"alt" varchar NOT NULL,
  	"credit" varchar,
  	"owner_id" integer,
  	"updated_at" timestamp(3) with time zone DEFAULT now() NOT NULL,
  	"created_at" timestamp(3) with time zone DEFAULT now() NOT NULL,
  	"url" varchar,
  	"thumbnail_u_r_l" varchar,
  	"filename" varchar,
  	"mime_type" varchar,
  	"filesize" numeric,
  	"width" numeric,
  	"height" numeric,
  	"focal_x" numeric,
  	"focal_y" numeric
  );
  
  CREATE TABLE "geocoding_providers" (
  	"id" serial PRIMARY KEY NOT NULL,
  	"name" varchar NOT NULL,
  	"type" "enum_geocoding_providers_type" NOT NULL,
  	"enabled" boolean DEFAULT false,
  	"priority" numeric DEFAULT 100,
  	"base_url" varchar,
  	"api_key" varchar,
  	"has_api_key" boolean DEFAULT false,
  	"rate_limit_requests_per_second" numeric DEFAULT 1,
  	"rate_limit_requests_per_day" numeric,
  	"country_bias" varchar,
  	"timeout_ms" numeric DEFAULT 10000,
  	"min_confidence" numeric DEFAULT 0.5,
  	"updated_at" timestamp(3) with time zone DEFAULT now() NOT NULL,
  	"created_at" timestamp(3) with time zone DEFAULT now() NOT NULL
  );
  
  CREATE TABLE "location_cache" (
  	"id" serial PRIMARY KEY NOT NULL,
  	"query" varchar NOT NULL,
  	"normalized_query" varchar NOT NULL,
  	"provider" varchar NOT NULL,
  	"location" geometry(Point),
  	"formatted_address" varchar,
  	"precision" "enum_location_cache_precision",
  	"confidence" numeric,
  	"candidates" jsonb,
  	"hit_count" numeric DEFAULT 0,
  	"last_used_at" timestamp(3) with time zone,
  	"expires_at" timestamp(3) with time zone,
  	"updated_at" timestamp(3) with time zone DEFAULT now() NOT NULL,
  	"created_at" timestamp(3) with time zone DEFAULT now() NOT NULL
  );
  
  CREATE TABLE "users_sessions" (
  	"_order" integer NOT NULL,
  	"_parent_id" integer NOT NULL,
  	"id" varchar PRIMARY KEY NOT NULL,
  	"created_at" timestamp(3) with time zone,
  	"expires_at" timestamp(3) with time zone NOT NULL
  );
  
  CREATE TABLE "users" (
  	"id" serial PRIMARY KEY NOT NULL,
  	"name" varchar,
  	"role" "enum_users_role" DEFAULT 'user' NOT NULL,
  	"updated_at" timestamp(3) with time zone DEFAULT now() NOT NULL,
  	"created_at" timestamp(3) with time zone DEFAULT now() NOT NULL,
  	"email" varchar NOT NULL,
  	"reset_password_token" varchar,
  	"reset_password_expiration" timestamp(3) with time zone,
  	"salt" varchar,
  	"hash" varchar,
  	"reset_password_requested_at" timestamp(3) with time zone,
  	"login_attempts" numeric DEFAULT 0,
  	"lock_until" timestamp(3) with time zone
  );
  
  CREATE TABLE "payload_kv" (
  	"id" serial PRIMARY KEY NOT NULL,
  	"key" varchar NOT NULL,
  	"data" jsonb NOT NULL
  );
  
  CREATE TABLE "payload_jobs_log" (
  	"_order" integer NOT NULL,
  	"_parent_id" integer NOT NULL,
  	"id" varchar PRIMARY KEY NOT NULL,
  	"executed_at" timestamp(3) with time zone NOT NULL,
  	"completed_at" timestamp(3) with time zone NOT NULL,
  	"task_slug" "enum_payload_jobs_log_task_slug" NOT NULL,
  	"task_i_d" varchar NOT NULL,
  	"input" jsonb,
  	"output" jsonb,
  	"state" "enum_payload_jobs_log_state" NOT NULL,
  	"error" jsonb
  );
  
  CREATE TABLE "payload_jobs" (
  	"id" serial PRIMARY KEY NOT NULL,
  	"input" jsonb,
  	"completed_at" timestamp(3) with time zone,
  	"total_tried" numeric DEFAULT 0,
  	"has_error" boolean DEFAULT false,
  	"error" jsonb,
  	"task_slug" "enum_payload_jobs_task_slug",
  	"queue" varchar DEFAULT 'default',
  	"wait_until" timestamp(3) with time zone,
  	"processing" boolean DEFAULT false,
  	"meta" jsonb,
  	"updated_at" timestamp(3) with time zone DEFAULT now() NOT NULL,
  	"created_at" timestamp(3) with time zone DEFAULT now() NOT NULL
  );
  
  CREATE TABLE "payload_locked_documents" (
  	"id" serial PRIMARY KEY NOT NULL,
  	"global_slug" varchar,
  	"updated_at" timestamp(3) with time zone DEFAULT now() NOT NULL,
  	"created_at" timestamp(3) with time zone DEFAULT now() NOT NULL
  );
  
  CREATE TABLE "payload_locked_documents_rels" (
  	"id" serial PRIMARY KEY NOT NULL,
  	"order" integer,
  	"parent_id" integer NOT NULL,
  	"path" varchar NOT NULL,
  	"catalogs_id" integer,
  	"datasets_id" integer,
  	"dataset_schemas_id" integer,
  	"events_id" integer,
  	"import_files_id" integer,
  	"import_jobs_id" integer,
  	"pages_id" integer,
  	"media_id" integer,
  	"geocoding_providers_id" integer,
  	"location_cache_id" integer,
  	"users_id" integer
  );
  
  CREATE TABLE "payload_preferences" (
  	"id" serial PRIMARY KEY NOT NULL,
  	"key" varchar,
  	"value" jsonb,
  	"updated_at" timestamp(3) with time zone DEFAULT now() NOT NULL,
  	"created_at" timestamp(3) with time zone DEFAULT now() NOT NULL
  );
  
  CREATE TABLE "payload_preferences_rels" (
  	"id" serial PRIMARY KEY NOT NULL,
  	"order" integer,
  	"parent_id" integer NOT NULL,
  	"path" varchar NOT NULL,
  	"users_id" integer
  );
  
  CREATE TABLE "payload_migrations" (
  	"id" serial PRIMARY KEY NOT NULL,
  	"name" varchar,
  	"batch" numeric,
  	"updated_at" timestamp(3) with time zone DEFAULT now() NOT NULL,
  	"created_at" timestamp(3) with time zone DEFAULT now() NOT NULL
  );
  
  CREATE TABLE "main_menu_items" (
  	"_order" integer NOT NULL,
  	"_parent_id" integer NOT NULL,
  	"id" varchar PRIMARY KEY NOT NULL,
  	"label" varchar NOT NULL,
  	"type" "enum_main_menu_items_type" DEFAULT 'url',
  	"page_id" integer,
  	"url" varchar,
  	"new_tab" boolean DEFAULT false
  );
  
  CREATE TABLE "main_menu" (
  	"id" serial PRIMARY KEY NOT NULL,
  	"updated_at" timestamp(3) with time zone,
  	"created_at" timestamp(3) with time zone
  );
  
  CREATE TABLE "payload_jobs_stats" (
  	"id" serial PRIMARY KEY NOT NULL,
  	"stats" jsonb,
  	"updated_at" timestamp(3) with time zone,
  	"created_at" timestamp(3) with time zone
  );
  
  ALTER TABLE "catalogs" ADD CONSTRAINT "catalogs_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;
  ALTER TABLE "datasets" ADD CONSTRAINT "datasets_catalog_id_catalogs_id_fk" FOREIGN KEY ("catalog_id") REFERENCES "public"."catalogs"("id") ON DELETE set null ON UPDATE no action;
  ALTER TABLE "datasets" ADD CONSTRAINT "datasets_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;
  ALTER TABLE "datasets" ADD CONSTRAINT "datasets_current_schema_id_dataset_schemas_id_fk" FOREIGN KEY ("current_schema_id") REFERENCES "public"."dataset_schemas"("id") ON DELETE set null ON UPDATE no action;
  ALTER TABLE "datasets_texts" ADD CONSTRAINT "datasets_texts_parent_fk" FOREIGN KEY ("parent_id") REFERENCES "public"."datasets"("id") ON DELETE cascade ON UPDATE no action;
  ALTER TABLE "dataset_schemas" ADD CONSTRAINT "dataset_schemas_dataset_id_datasets_id_fk" FOREIGN KEY ("dataset_id") REFERENCES "public"."datasets"("id") ON DELETE set null ON UPDATE no action;
  ALTER TABLE "dataset_schemas" ADD CONSTRAINT "dataset_schemas_import_job_id_import_jobs_id_fk" FOREIGN KEY ("import_job_id") REFERENCES "public"."import_jobs"("id") ON DELETE set null ON UPDATE no action;
  ALTER TABLE "dataset_schemas" ADD CONSTRAINT "dataset_schemas_approved_by_id_users_id_fk" FOREIGN KEY ("approved_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;
  ALTER TABLE "events" ADD CONSTRAINT "events_dataset_id_datasets_id_fk" FOREIGN KEY ("dataset_id") REFERENCES "public"."datasets"("id") ON DELETE set null ON UPDATE no action;
  ALTER TABLE "events" ADD CONSTRAINT "events_import_job_id_import_jobs_id_fk" FOREIGN KEY ("import_job_id") REFERENCES "public"."import_jobs"("id") ON DELETE set null ON UPDATE no action;
  ALTER TABLE "import_files" ADD CONSTRAINT "import_files_catalog_id_catalogs_id_fk" FOREIGN KEY ("catalog_id") REFERENCES "public"."catalogs"("id") ON DELETE set null ON UPDATE no action;
  ALTER TABLE "import_files" ADD CONSTRAINT "import_files_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;
  ALTER TABLE "import_jobs_stage_history" ADD CONSTRAINT "import_jobs_stage_history_parent_id_fk" FOREIGN KEY ("_parent_id") REFERENCES "public"."import_jobs"("id") ON DELETE cascade ON UPDATE no action;
  ALTER TABLE "import_jobs" ADD CONSTRAINT "import_jobs_import_file_id_import_files_id_fk" FOREIGN KEY ("import_file_id") REFERENCES "public"."import_files"("id") ON DELETE set null ON UPDATE no action;
  ALTER TABLE "import_jobs" ADD CONSTRAINT "import_jobs_dataset_id_datasets_id_fk" FOREIGN KEY ("dataset_id") REFERENCES "public"."datasets"("id") ON DELETE set null ON UPDATE no action;
  ALTER TABLE "import_jobs" ADD CONSTRAINT "import_jobs_schema_id_dataset_schemas_id_fk" FOREIGN KEY ("schema_id") REFERENCES "public"."dataset_schemas"("id") ON DELETE set null ON UPDATE no action;
  ALTER TABLE "import_jobs" ADD CONSTRAINT "import_jobs_approval_locked_by_id_users_id_fk" FOREIGN KEY ("approval_locked_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;
  ALTER TABLE "import_jobs" ADD CONSTRAINT "import_jobs_approval_decided_by_id_users_id_fk" FOREIGN KEY ("approval_decided_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;
  ALTER TABLE "import_jobs" ADD CONSTRAINT "import_jobs_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;
  ALTER TABLE "pages_blocks_content" ADD CONSTRAINT "pages_blocks_content_parent_id_fk" FOREIGN KEY ("_parent_id") REFERENCES "public"."pages"("id") ON DELETE cascade ON UPDATE no action;
  ALTER TABLE "pages_blocks_call_to_action" ADD CONSTRAINT "pages_blocks_call_to_action_parent_id_fk" FOREIGN KEY ("_parent_id") REFERENCES "public"."pages"("id") ON DELETE cascade ON UPDATE no action;
  ALTER TABLE "pages_blocks_dataset_explorer" ADD CONSTRAINT "pages_blocks_dataset_explorer_dataset_id_datasets_id_fk" FOREIGN KEY ("dataset_id") REFERENCES "public"."datasets"("id") ON DELETE set null ON UPDATE no action;
  ALTER TABLE "pages_blocks_dataset_explorer" ADD CONSTRAINT "pages_blocks_dataset_explorer_parent_id_fk" FOREIGN KEY ("_parent_id") REFERENCES "public"."pages"("id") ON DELETE cascade ON UPDATE no action;
  ALTER TABLE "pages_blocks_image" ADD CONSTRAINT "pages_blocks_image_image_id_media_id_fk" FOREIGN KEY ("image_id") REFERENCES "public"."media"("id") ON DELETE set null ON UPDATE no action;
  ALTER TABLE "pages_blocks_image" ADD CONSTRAINT "pages_blocks_image_parent_id_fk" FOREIGN KEY ("_parent_id") REFERENCES "public"."pages"("id") ON DELETE cascade ON UPDATE no action;
  ALTER TABLE "_pages_v_blocks_content" ADD CONSTRAINT "_pages_v_blocks_content_parent_id_fk" FOREIGN KEY ("_parent_id") REFERENCES "public"."_pages_v"("id") ON DELETE cascade ON UPDATE no action;
  ALTER TABLE "_pages_v_blocks_call_to_action" ADD CONSTRAINT "_pages_v_blocks_call_to_action_parent_id_fk" FOREIGN KEY ("_parent_id") REFERENCES "public"."_pages_v"("id") ON DELETE cascade ON UPDATE no action;
  ALTER TABLE "_pages_v_blocks_dataset_explorer" ADD CONSTRAINT "_pages_v_blocks_dataset_explorer_dataset_id_datasets_id_fk" FOREIGN KEY ("dataset_id") REFERENCES "public"."datasets"("id") ON DELETE set null ON UPDATE no action;
  ALTER TABLE "_pages_v_blocks_dataset_explorer" ADD CONSTRAINT "_pages_v_blocks_dataset_explorer_parent_id_fk" FOREIGN KEY ("_parent_id") REFERENCES "public"."_pages_v"("id") ON DELETE cascade ON UPDATE no action;
  ALTER TABLE "_pages_v_blocks_image" ADD CONSTRAINT "_pages_v_blocks_image_image_id_media_id_fk" FOREIGN KEY ("image_id") REFERENCES "public"."media"("id") ON DELETE set null ON UPDATE no action;
  ALTER TABLE "_pages_v_blocks_image" ADD CONSTRAINT "_pages_v_blocks_image_parent_id_fk" FOREIGN KEY ("_parent_id") REFERENCES "public"."_pages_v"("id") ON DELETE cascade ON UPDATE no action;
  ALTER TABLE "_pages_v" ADD CONSTRAINT "_pages_v_parent_id_pages_id_fk" FOREIGN KEY ("parent_id") REFERENCES "public"."pages"("id") ON DELETE set null ON UPDATE no action;
  ALTER TABLE "media" ADD CONSTRAINT "media_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;
  ALTER TABLE "users_sessions" ADD CONSTRAINT "users_sessions_parent_id_fk" FOREIGN KEY ("_parent_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;
  ALTER TABLE "payload_jobs_log" ADD CONSTRAINT "payload_jobs_log_parent_id_fk" FOREIGN KEY ("_parent_id") REFERENCES "public"."payload_jobs"("id") ON DELETE cascade ON UPDATE no action;
  ALTER TABLE "payload_locked_documents_rels" ADD CONSTRAINT "payload_locked_documents_rels_parent_fk" FOREIGN KEY ("parent_id") REFERENCES "public"."payload_locked_documents"("id") ON DELETE cascade ON UPDATE no action;
  ALTER TABLE "payload_locked_documents_rels" ADD CONSTRAINT "payload_locked_documents_rels_catalogs_fk" FOREIGN KEY ("catalogs_id") REFERENCES "public"."catalogs"("id") ON DELETE cascade ON UPDATE no action;
  ALTER TABLE "payload_locked_documents_rels" ADD CONSTRAINT "payload_locked_documents_rels_datasets_fk" FOREIGN KEY ("datasets_id") REFERENCES "public"."datasets"("id") ON DELETE cascade ON UPDATE no action;
  ALTER TABLE "payload_locked_documents_rels" ADD CONSTRAINT "payload_locked_documents_rels_dataset_schemas_fk" FOREIGN KEY ("dataset_schemas_id") REFERENCES "public"."dataset_schemas"("id") ON DELETE cascade ON UPDATE no action;
  ALTER TABLE "payload_locked_documents_rels" ADD CONSTRAINT "payload_locked_documents_rels_events_fk" FOREIGN KEY ("events_id") REFERENCES "public"."events"("id") ON DELETE cascade ON UPDATE no action;
  ALTER TABLE "payload_locked_documents_rels" ADD CONSTRAINT "payload_locked_documents_rels_import_files_fk" FOREIGN KEY ("import_files_id") REFERENCES "public"."import_files"("id") ON DELETE cascade ON UPDATE no action;
  ALTER TABLE "payload_locked_documents_rels" ADD CONSTRAINT "payload_locked_documents_rels_import_jobs_fk" FOREIGN KEY ("import_jobs_id") REFERENCES "public"."import_jobs"("id") ON DELETE cascade ON UPDATE no action;
  ALTER TABLE "payload_locked_documents_rels" ADD CONSTRAINT "payload_locked_documents_rels_pages_fk" FOREIGN KEY ("pages_id") REFERENCES "public"."pages"("id") ON DELETE cascade ON UPDATE no action;
  ALTER TABLE "payload_locked_documents_rels" ADD CONSTRAINT "payload_locked_documents_rels_media_fk" FOREIGN KEY ("media_id") REFERENCES "public"."media"("id") ON DELETE cascade ON UPDATE no action;
  ALTER TABLE "payload_locked_documents_rels" ADD CONSTRAINT "payload_locked_documents_rels_geocoding_providers_fk" FOREIGN KEY ("geocoding_providers_id") REFERENCES "public"."geocoding_providers"("id") ON DELETE cascade ON UPDATE no action;
  ALTER TABLE "payload_locked_documents_rels" ADD CONSTRAINT "payload_locked_documents_rels_location_cache_fk" FOREIGN KEY ("location_cache_id") REFERENCES "public"."location_cache"("id") ON DELETE cascade ON UPDATE no action;
  ALTER TABLE "payload_locked_documents_rels" ADD CONSTRAINT "payload_locked_documents_rels_users_fk" FOREIGN KEY ("users_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;
  ALTER TABLE "payload_preferences_rels" ADD CONSTRAINT "payload_preferences_rels_parent_fk" FOREIGN KEY ("parent_id") REFERENCES "public"."payload_preferences"("id") ON DELETE cascade ON UPDATE no action;
  ALTER TABLE "payload_preferences_rels" ADD CONSTRAINT "payload_preferences_rels_users_fk" FOREIGN KEY ("users_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;
  ALTER TABLE "main_menu_items" ADD CONSTRAINT "main_menu_items_page_id_pages_id_fk" FOREIGN KEY ("page_id") REFERENCES "public"."pages"("id") ON DELETE set null ON UPDATE no action;
  ALTER TABLE "main_menu_items" ADD CONSTRAINT "main_menu_items_parent_id_fk" FOREIGN KEY ("_parent_id") REFERENCES "public"."main_menu"("id") ON DELETE cascade ON UPDATE no action;
  CREATE UNIQUE INDEX "catalogs_slug_idx" ON "catalogs" USING btree ("slug");
  CREATE INDEX "catalogs_is_public_idx" ON "catalogs" USING btree ("is_public");
  CREATE INDEX "catalogs_owner_idx" ON "catalogs" USING btree ("owner_id");
  CREATE INDEX "catalogs_updated_at_idx" ON "catalogs" USING btree ("updated_at");
  CREATE INDEX "catalogs_created_at_idx" ON "catalogs" USING btree ("created_at");
  CREATE UNIQUE INDEX "datasets_slug_idx" ON "datasets" USING btree ("slug");
  CREATE INDEX "datasets_catalog_idx" ON "datasets" USING btree ("catalog_id");
  CREATE INDEX "datasets_is_public_idx" ON "datasets" USING btree ("is_public");
  CREATE INDEX "datasets_owner_idx" ON "datasets" USING btree ("owner_id");
  CREATE INDEX "datasets_current_schema_idx" ON "datasets" USING btree ("current_schema_id");
  CREATE INDEX "datasets_updated_at_idx" ON "datasets" USING btree ("updated_at");
  CREATE INDEX "datasets_created_at_idx" ON "datasets" USING btree ("created_at");
  CREATE INDEX "datasets_texts_order_parent" ON "datasets_texts" USING btree ("order","parent_id");
  CREATE INDEX "dataset_schemas_dataset_idx" ON "dataset_schemas" USING btree ("dataset_id");
  CREATE INDEX "dataset_schemas_status_idx" ON "dataset_schemas" USING btree ("status");
  CREATE INDEX "dataset_schemas_import_job_idx" ON "dataset_schemas" USING btree ("import_job_id");
  CREATE INDEX "dataset_schemas_approved_by_idx" ON "dataset_schemas" USING btree ("approved_by_id");
  CREATE INDEX "dataset_schemas_updated_at_idx" ON "dataset_schemas" USING btree ("updated_at");
  CREATE INDEX "dataset_schemas_created_at_idx" ON "dataset_schemas" USING btree ("created_at");
  CREATE UNIQUE INDEX "dataset_version_idx" ON "dataset_schemas" USING btree ("dataset_id","version");
  CREATE INDEX "events_dataset_idx" ON "events" USING btree ("dataset_id");
  CREATE INDEX "events_event_time_idx" ON "events" USING btree ("event_time");
  CREATE INDEX "events_content_hash_idx" ON "events" USING btree ("content_hash");
  CREATE INDEX "events_import_job_idx" ON "events" USING btree ("import_job_id");
  CREATE INDEX "events_updated_at_idx" ON "events" USING btree ("updated_at");
  CREATE INDEX "events_created_at_idx" ON "events" USING btree ("created_at");
  CREATE UNIQUE INDEX "dataset_uniqueId_idx" ON "events" USING btree ("dataset_id","unique_id");
  CREATE INDEX "dataset_eventTime_idx" ON "events" USING btree ("dataset_id","event_time");
  CREATE INDEX "events_location_gist_idx" ON "events" USING gist ("location");
  CREATE INDEX "import_files_catalog_idx" ON "import_files" USING btree ("catalog_id");
  CREATE INDEX "import_files_status_idx" ON "import_files" USING btree ("status");
  CREATE INDEX "import_files_owner_idx" ON "import_files" USING btree ("owner_id");
  CREATE INDEX "import_files_updated_at_idx" ON "import_files" USING btree ("updated_at");
  CREATE INDEX "import_files_created_at_idx" ON "import_files" USING btree ("created_at");
  CREATE UNIQUE INDEX "import_files_filename_idx" ON "import_files" USING btree ("filename");
  CREATE INDEX "import_jobs_stage_history_order_idx" ON "import_jobs_stage_history" USING btree ("_order");
  CREATE INDEX "import_jobs_stage_history_parent_id_idx" ON "import_jobs_stage_history" USING btree ("_parent_id");
  CREATE INDEX "import_jobs_import_file_idx" ON "import_jobs" USING btree ("import_file_id");
  CREATE INDEX "import_jobs_dataset_idx" ON "import_jobs" USING btree ("dataset_id");
  CREATE INDEX "import_jobs_status_idx" ON "import_jobs" USING btree ("status");
  CREATE INDEX "import_jobs_stage_idx" ON "import_jobs" USING btree ("stage");
  CREATE INDEX "import_jobs_schema_idx" ON "import_jobs" USING btree ("schema_id");
  CREATE INDEX "import_jobs_approval_approval_locked_by_idx" ON "import_jobs" USING btree ("approval_locked_by_id");
  CREATE INDEX "import_jobs_approval_approval_lock_expires_at_idx" ON "import_jobs" USING btree ("approval_lock_expires_at");
  CREATE INDEX "import_jobs_approval_approval_decided_by_idx" ON "import_jobs" USING btree ("approval_decided_by_id");
  CREATE INDEX "import_jobs_owner_idx" ON "import_jobs" USING btree ("owner_id");
  CREATE INDEX "import_jobs_updated_at_idx" ON "import_jobs" USING btree ("updated_at");
  CREATE INDEX "import_jobs_created_at_idx" ON "import_jobs" USING btree ("created_at");
  CREATE INDEX "pages_blocks_content_order_idx" ON "pages_blocks_content" USING btree ("_order");
  CREATE INDEX "pages_blocks_content_parent_id_idx" ON "pages_blocks_content" USING btree ("_parent_id");
  CREATE INDEX "pages_blocks_content_path_idx" ON "pages_blocks_content" USING btree ("_path");
  CREATE INDEX "pages_blocks_call_to_action_order_idx" ON "pages_blocks_call_to_action" USING btree ("_order");
  CREATE INDEX "pages_blocks_call_to_action_parent_id_idx" ON "pages_blocks_call_to_action" USING btree ("_parent_id");
  CREATE INDEX "pages_blocks_call_to_action_path_idx" ON "pages_blocks_call_to_action" USING btree ("_path");
  CREATE INDEX "pages_blocks_dataset_explorer_order_idx" ON "pages_blocks_dataset_explorer" USING btree ("_order");
  CREATE INDEX "pages_blocks_dataset_explorer_parent_id_idx" ON "pages_blocks_dataset_explorer" USING btree ("_parent_id");
  CREATE INDEX "pages_blocks_dataset_explorer_path_idx" ON "pages_blocks_dataset_explorer" USING btree ("_path");
  CREATE INDEX "pages_blocks_dataset_explorer_dataset_idx" ON "pages_blocks_dataset_explorer" USING btree ("dataset_id");
  CREATE INDEX "pages_blocks_image_order_idx" ON "pages_blocks_image" USING btree ("_order");
  CREATE INDEX "pages_blocks_image_parent_id_idx" ON "pages_blocks_image" USING btree ("_parent_id");
  CREATE INDEX "pages_blocks_image_path_idx" ON "pages_blocks_image" USING btree ("_path");
  CREATE INDEX "pages_blocks_image_image_idx" ON "pages_blocks_image" USING btree ("image_id");
  CREATE UNIQUE INDEX "pages_slug_idx" ON "pages" USING btree ("slug");
  CREATE INDEX "pages_updated_at_idx" ON "pages" USING btree ("updated_at");
  CREATE INDEX "pages_created_at_idx" ON "pages" USING btree ("created_at");
  CREATE INDEX "pages__status_idx" ON "pages" USING btree ("_status");
  CREATE INDEX "_pages_v_blocks_content_order_idx" ON "_pages_v_blocks_content" USING btree ("_order");
  CREATE INDEX "_pages_v_blocks_content_parent_id_idx" ON "_pages_v_blocks_content" USING btree ("_parent_id");
  CREATE INDEX "_pages_v_blocks_content_path_idx" ON "_pages_v_blocks_content" USING btree ("_path");
  CREATE INDEX "_pages_v_blocks_call_to_action_order_idx" ON "_pages_v_blocks_call_to_action" USING btree ("_order");
  CREATE INDEX "_pages_v_blocks_call_to_action_parent_id_idx" ON "_pages_v_blocks_call_to_action" USING btree ("_parent_id");
  CREATE INDEX "_pages_v_blocks_call_to_action_path_idx" ON "_pages_v_blocks_call_to_action" USING btree ("_path");
  CREATE INDEX "_pages_v_blocks_dataset_explorer_order_idx" ON "_pages_v_blocks_dataset_explorer" USING btree ("_order");
  CREATE INDEX "_pages_v_blocks_dataset_explorer_parent_id_idx" ON "_pages_v_blocks_dataset_explorer" USING btree ("_parent_id");
  CREATE INDEX "_pages_v_blocks_dataset_explorer_path_idx" ON "_pages_v_blocks_dataset_explorer" USING btree ("_path");
  CREATE INDEX "_pages_v_blocks_dataset_explorer_dataset_idx" ON "_pages_v_blocks_dataset_explorer" USING btree ("dataset_id");
  CREATE INDEX "_pages_v_blocks_image_order_idx" ON "_pages_v_blocks_image" USING btree ("_order");
  CREATE INDEX "_pages_v_blocks_image_parent_id_idx" ON "_pages_v_blocks_image" USING btree ("_parent_id");
  CREATE INDEX "_pages_v_blocks_image_path_idx" ON "_pages_v_blocks_image" USING btree ("_path");
  CREATE INDEX "_pages_v_blocks_image_image_idx" ON "_pages_v_blocks_image" USING btree ("image_id");
  CREATE INDEX "_pages_v_parent_idx" ON "_pages_v" USING btree ("parent_id");
  CREATE INDEX "_pages_v_version_version_slug_idx" ON "_pages_v" USING btree ("version_slug");
  CREATE INDEX "_pages_v_version_version_updated_at_idx" ON "_pages_v" USING btree ("version_updated_at");
  CREATE INDEX "_pages_v_version_version_created_at_idx" ON "_pages_v" USING btree ("version_created_at");
  CREATE INDEX "_pages_v_version_version__status_idx" ON "_pages_v" USING btree ("version__status");
  CREATE INDEX "_pages_v_created_at_idx" ON "_pages_v" USING btree ("created_at");
  CREATE INDEX "_pages_v_updated_at_idx" ON "_pages_v" USING btree ("updated_at");
  CREATE INDEX "_pages_v_latest_idx" ON "_pages_v" USING btree ("latest");
  CREATE INDEX "media_owner_idx" ON "media" USING btree ("owner_id");
  CREATE INDEX "media_updated_at_idx" ON "media" USING btree ("updated_at");
  CREATE INDEX "media_created_at_idx" ON "media" USING btree ("created_at");
  CREATE UNIQUE INDEX "media_filename_idx" ON "media" USING btree ("filename");
  CREATE INDEX "geocoding_providers_updated_at_idx" ON "geocoding_providers" USING btree ("updated_at");
  CREATE INDEX "geocoding_providers_created_at_idx" ON "geocoding_providers" USING btree ("created_at");
  CREATE INDEX "location_cache_normalized_query_idx" ON "location_cache" USING btree ("normalized_query");
  CREATE INDEX "location_cache_expires_at_idx" ON "location_cache" USING btree ("expires_at");
  CREATE INDEX "location_cache_updated_at_idx" ON "location_cache" USING btree ("updated_at");
  CREATE INDEX "location_cache_created_at_idx" ON "location_cache" USING btree ("created_at");
  CREATE UNIQUE INDEX "normalizedQuery_provider_idx" ON "location_cache" USING btree ("normalized_query","provider");
  CREATE INDEX "location_cache_location_gist_idx" ON "location_cache" USING gist ("location");
  CREATE INDEX "users_sessions_order_idx" ON "users_sessions" USING btree ("_order");
  CREATE INDEX "users_sessions_parent_id_idx" ON "users_sessions" USING btree ("_parent_id");
  CREATE INDEX "users_updated_at_idx" ON "users" USING btree ("updated_at");
  CREATE INDEX "users_created_at_idx" ON "users" USING btree ("created_at");
  CREATE UNIQUE INDEX "users_email_idx" ON "users" USING btree ("email");
  CREATE UNIQUE INDEX "payload_kv_key_idx" ON "payload_kv" USING btree ("key");
  CREATE INDEX "payload_jobs_log_order_idx" ON "payload_jobs_log" USING btree ("_order");
  CREATE INDEX "payload_jobs_log_parent_id_idx" ON "payload_jobs_log" USING btree ("_parent_id");
  CREATE INDEX "payload_jobs_completed_at_idx" ON "payload_jobs" USING btree ("completed_at");
  CREATE INDEX "payload_jobs_total_tried_idx" ON "payload_jobs" USING btree ("total_tried");
  CREATE INDEX "payload_jobs_has_error_idx" ON "payload_jobs" USING btree ("has_error");
  CREATE INDEX "payload_jobs_task_slug_idx" ON "payload_jobs" USING btree ("task_slug");
  CREATE INDEX "payload_jobs_queue_idx" ON "payload_jobs" USING btree ("queue");
  CREATE INDEX "payload_jobs_wait_until_idx" ON "payload_jobs" USING btree ("wait_until");
  CREATE INDEX "payload_jobs_processing_idx" ON "payload_jobs" USING btree ("processing");
  CREATE INDEX "payload_jobs_updated_at_idx" ON "payload_jobs" USING btree ("updated_at");
  CREATE INDEX "payload_jobs_created_at_idx" ON "payload_jobs" USING btree ("created_at");
  CREATE INDEX "payload_locked_documents_global_slug_idx" ON "payload_locked_documents" USING btree ("global_slug");
  CREATE INDEX "payload_locked_documents_updated_at_idx" ON "payload_locked_documents" USING btree ("updated_at");
  CREATE INDEX "payload_locked_documents_created_at_idx" ON "payload_locked_documents" USING btree ("created_at");
  CREATE INDEX "payload_locked_documents_rels_order_idx" ON "payload_locked_documents_rels" USING btree ("order");
  CREATE INDEX "payload_locked_documents_rels_parent_idx" ON "payload_locked_documents_rels" USING btree ("parent_id");
  CREATE INDEX "payload_locked_documents_rels_path_idx" ON "payload_locked_documents_rels" USING btree ("path");
  CREATE INDEX "payload_locked_documents_rels_catalogs_id_idx" ON "payload_locked_documents_rels" USING btree ("catalogs_id");
  CREATE INDEX "payload_locked_documents_rels_datasets_id_idx" ON "payload_locked_documents_rels" USING btree ("datasets_id");
  CREATE INDEX "payload_locked_documents_rels_dataset_schemas_id_idx" ON "payload_locked_documents_rels" USING btree ("dataset_schemas_id");
  CREATE INDEX "payload_locked_documents_rels_events_id_idx" ON "payload_locked_documents_rels" USING btree ("events_id");
  CREATE INDEX "payload_locked_documents_rels_import_files_id_idx" ON "payload_locked_documents_rels" USING btree ("import_files_id");
  CREATE INDEX "payload_locked_documents_rels_import_jobs_id_idx" ON "payload_locked_documents_rels" USING btree ("import_jobs_id");
  CREATE INDEX "payload_locked_documents_rels_pages_id_idx" ON "payload_locked_documents_rels" USING btree ("pages_id");
  CREATE INDEX "payload_locked_documents_rels_media_id_idx" ON "payload_locked_documents_rels" USING btree ("media_id");
  CREATE INDEX "payload_locked_documents_rels_geocoding_providers_id_idx" ON "payload_locked_documents_rels" USING btree ("geocoding_providers_id");
  CREATE INDEX "payload_locked_documents_rels_location_cache_id_idx" ON "payload_locked_documents_rels" USING btree ("location_cache_id");
  CREATE INDEX "payload_locked_documents_rels_users_id_idx" ON "payload_locked_documents_rels" USING btree ("users_id");
  CREATE INDEX "payload_preferences_key_idx" ON "payload_preferences" USING btree ("key");
  CREATE INDEX "payload_preferences_updated_at_idx" ON "payload_preferences" USING btree ("updated_at");
  CREATE INDEX "payload_preferences_created_at_idx" ON "payload_preferences" USING btree ("created_at");
  CREATE INDEX "payload_preferences_rels_order_idx" ON "payload_preferences_rels" USING btree ("order");
  CREATE INDEX "payload_preferences_rels_parent_idx" ON "payload_preferences_rels" USING btree ("parent_id");
  CREATE INDEX "payload_preferences_rels_path_idx" ON "payload_preferences_rels" USING btree ("path");
  CREATE INDEX "payload_preferences_rels_users_id_idx" ON "payload_preferences_rels" USING btree ("users_id");
  CREATE INDEX "payload_migrations_updated_at_idx" ON "payload_migrations" USING btree ("updated_at");
  CREATE INDEX "payload_migrations_created_at_idx" ON "payload_migrations" USING btree ("created_at");
  CREATE INDEX "main_menu_items_order_idx" ON "main_menu_items" USING btree ("_order");
  CREATE INDEX "main_menu_items_parent_id_idx" ON "main_menu_items" USING btree ("_parent_id");
  CREATE INDEX "main_menu_items_page_idx" ON "main_menu_items" USING btree ("page_id");`)
}

export async function down({ db, payload, req }: MigrateDownArgs): Promise<void> {
  await db.execute(sql`
   DROP TABLE "catalogs" CASCADE;
  DROP TABLE "datasets" CASCADE;
  DROP TABLE "datasets_texts" CASCADE;
  DROP TABLE "dataset_schemas" CASCADE;
  DROP TABLE "events" CASCADE;
  DROP TABLE "import_files" CASCADE;
  DROP TABLE "import_jobs_stage_history" CASCADE;
  DROP TABLE "import_jobs" CASCADE;
  DROP TABLE "pages_blocks_content" CASCADE;
  DROP TABLE "pages_blocks_call_to_action" CASCADE;
  DROP TABLE "pages_blocks_dataset_explorer" CASCADE;
  DROP TABLE "pages_blocks_image" CASCADE;
  DROP TABLE "pages" CASCADE;
  DROP TABLE "_pages_v_blocks_content" CASCADE;
  DROP TABLE "_pages_v_blocks_call_to_action" CASCADE;
  DROP TABLE "_pages_v_blocks_dataset_explorer" CASCADE;
  DROP TABLE "_pages_v_blocks_image" CASCADE;
  DROP TABLE "_pages_v" CASCADE;
  DROP TABLE "media" CASCADE;
  DROP TABLE "geocoding_providers" CASCADE;
  DROP TABLE "location_cache" CASCADE;
  DROP TABLE "users_sessions" CASCADE;
  DROP TABLE "users" CASCADE;
  DROP TABLE "payload_kv" CASCADE;
  DROP TABLE "payload_jobs_log" CASCADE;
  DROP TABLE "payload_jobs" CASCADE;
  DROP TABLE "payload_locked_documents" CASCADE;
  DROP TABLE "payload_locked_documents_rels" CASCADE;
  DROP TABLE "payload_preferences" CASCADE;
  DROP TABLE "payload_preferences_rels" CASCADE;
  DROP TABLE "payload_migrations" CASCADE;
  DROP TABLE "main_menu_items" CASCADE;
  DROP TABLE "main_menu" CASCADE;
  DROP TABLE "payload_jobs_stats" CASCADE;
  DROP TYPE "public"."enum_datasets_id_strategy_type";
  DROP TYPE "public"."enum_datasets_id_strategy_duplicate_action";
  DROP TYPE "public"."enum_datasets_geocoding_unplaced_rows";
  DROP TYPE "public"."enum_dataset_schemas_status";
  DROP TYPE "public"."enum_events_time_precision";
  DROP TYPE "public"."enum_events_coordinates_source";
  DROP TYPE "public"."enum_events_coordinates_precision";
  DROP TYPE "public"."enum_import_files_status";
  DROP TYPE "public"."enum_import_jobs_stage_history_stage";
  DROP TYPE "public"."enum_import_jobs_status";
  DROP TYPE "public"."enum_import_jobs_stage";
  DROP TYPE "public"."enum_import_jobs_approval_decision";
  DROP TYPE "public"."enum_pages_status";
  DROP TYPE "public"."enum__pages_v_version_status";
  DROP TYPE "public"."enum_geocoding_providers_type";
  DROP TYPE "public"."enum_location_cache_precision";
  DROP TYPE "public"."enum_users_role";
  DROP TYPE "public"."enum_payload_jobs_log_task_slug";
  DROP TYPE "public"."enum_payload_jobs_log_state";
  DROP TYPE "public"."enum_payload_jobs_task_slug";
  DROP TYPE "public"."enum_main_menu_items_type";`)
}
