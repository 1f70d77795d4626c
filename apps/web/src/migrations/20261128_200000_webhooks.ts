import { sql, type MigrateDownArgs, type MigrateUpArgs } from '@payloadcms/db-postgres'

// Outgoing webhooks (issue 28, point 6): the `webhooks` collection (with its hasMany `events`
// select), the `webhook-deliveries` log, their document-lock columns, and the deliver-webhook job.
export async function up({ db }: MigrateUpArgs): Promise<void> {
  await db.execute(sql`
  CREATE TYPE "public"."enum_webhooks_events" AS ENUM('import.completed', 'import.failed', 'schedule.paused', 'dataset.updated');
  CREATE TYPE "public"."enum_webhook_deliveries_event" AS ENUM('import.completed', 'import.failed', 'schedule.paused', 'dataset.updated');
  CREATE TYPE "public"."enum_webhook_deliveries_status" AS ENUM('pending', 'retrying', 'delivered', 'failed');
  ALTER TYPE "public"."enum_payload_jobs_log_task_slug" ADD VALUE IF NOT EXISTS 'deliver-webhook';
  ALTER TYPE "public"."enum_payload_jobs_task_slug" ADD VALUE IF NOT EXISTS 'deliver-webhook';
  CREATE TABLE "webhooks_events" (
  	"order" integer NOT NULL,
  	"parent_id" integer NOT NULL,
  	"value" "enum_webhooks_events",
  	"id" serial PRIMARY KEY NOT NULL
  );
  CREATE TABLE "webhooks" (
  	"id" serial PRIMARY KEY NOT NULL,
  	"name" varchar NOT NULL,
  	"url" varchar NOT NULL,
  	"active" boolean DEFAULT true,
  	"secret" varchar,
  	"owner_id" integer,
  	"updated_at" timestamp(3) with time zone DEFAULT now() NOT NULL,
  	"created_at" timestamp(3) with time zone DEFAULT now() NOT NULL
  );
  CREATE TABLE "webhook_deliveries" (
  	"id" serial PRIMARY KEY NOT NULL,
  	"webhook_id" integer,
  	"event" "enum_webhook_deliveries_event" NOT NULL,
  	"event_id" varchar,
  	"status" "enum_webhook_deliveries_status" DEFAULT 'pending' NOT NULL,
  	"attempts" numeric DEFAULT 0,
  	"last_response_code" numeric,
  	"last_error" varchar,
  	"response_excerpt" varchar,
  	"last_attempt_at" timestamp(3) with time zone,
  	"next_attempt_at" timestamp(3) with time zone,
  	"delivered_at" timestamp(3) with time zone,
  	"payload" jsonb NOT NULL,
  	"redelivery_of_id" integer,
  	"owner_id" integer,
  	"updated_at" timestamp(3) with time zone DEFAULT now() NOT NULL,
  	"created_at" timestamp(3) with time zone DEFAULT now() NOT NULL
  );
  ALTER TABLE "payload_locked_documents_rels" ADD COLUMN "webhooks_id" integer;
  ALTER TABLE "payload_locked_documents_rels" ADD COLUMN "webhook_deliveries_id" integer;
  ALTER TABLE "webhooks_events" ADD CONSTRAINT "webhooks_events_parent_fk" FOREIGN KEY ("parent_id") REFERENCES "public"."webhooks"("id") ON DELETE cascade ON UPDATE no action;
  ALTER TABLE "webhooks" ADD CONSTRAINT "webhooks_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;
  ALTER TABLE "webhook_deliveries" ADD CONSTRAINT "webhook_deliveries_webhook_id_webhooks_id_fk" FOREIGN KEY ("webhook_id") REFERENCES "public"."webhooks"("id") ON DELETE set null ON UPDATE no action;
  ALTER TABLE "webhook_deliveries" ADD CONSTRAINT "webhook_deliveries_redelivery_of_id_webhook_deliveries_id_fk" FOREIGN KEY ("redelivery_of_id") REFERENCES "public"."webhook_deliveries"("id") ON DELETE set null ON UPDATE no action;
  ALTER TABLE "webhook_deliveries" ADD CONSTRAINT "webhook_deliveries_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;
  CREATE INDEX "webhooks_events_order_idx" ON "webhooks_events" USING btree ("order");
  CREATE INDEX "webhooks_events_parent_idx" ON "webhooks_events" USING btree ("parent_id");
  CREATE INDEX "webhooks_owner_idx" ON "webhooks" USING btree ("owner_id");
  CREATE INDEX "webhooks_updated_at_idx" ON "webhooks" USING btree ("updated_at");
  CREATE INDEX "webhooks_created_at_idx" ON "webhooks" USING btree ("created_at");
  CREATE INDEX "webhook_deliveries_webhook_idx" ON "webhook_deliveries" USING btree ("webhook_id");
  CREATE INDEX "webhook_deliveries_event_idx" ON "webhook_deliveries" USING btree ("event");
  CREATE INDEX "webhook_deliveries_event_id_idx" ON "webhook_deliveries" USING btree ("event_id");
  CREATE INDEX "webhook_deliveries_status_idx" ON "webhook_deliveries" USING btree ("status");
  CREATE INDEX "webhook_deliveries_redelivery_of_idx" ON "webhook_deliveries" USING btree ("redelivery_of_id");
  CREATE INDEX "webhook_deliveries_owner_idx" ON "webhook_deliveries" USING btree ("owner_id");
  CREATE INDEX "webhook_deliveries_updated_at_idx" ON "webhook_deliveries" USING btree ("updated_at");
  CREATE INDEX "webhook_deliveries_created_at_idx" ON "webhook_deliveries" USING btree ("created_at");
  ALTER TABLE "payload_locked_documents_rels" ADD CONSTRAINT "payload_locked_documents_rels_webhooks_fk" FOREIGN KEY ("webhooks_id") REFERENCES "public"."webhooks"("id") ON DELETE cascade ON UPDATE no action;
  ALTER TABLE "payload_locked_documents_rels" ADD CONSTRAINT "payload_locked_documents_rels_webhook_deliveries_fk" FOREIGN KEY ("webhook_deliveries_id") REFERENCES "public"."webhook_deliveries"("id") ON DELETE cascade ON UPDATE no action;
  CREATE INDEX "payload_locked_documents_rels_webhooks_id_idx" ON "payload_locked_documents_rels" USING btree ("webhooks_id");
  CREATE INDEX "payload_locked_documents_rels_webhook_deliveries_id_idx" ON "payload_locked_documents_rels" USING btree ("webhook_deliveries_id");`)
}

// The 'deliver-webhook' job type stays in the job enums: PostgreSQL cannot drop an enum value, and
// a leftover value harms nothing.
export async function down({ db }: MigrateDownArgs): Promise<void> {
  await db.execute(sql`
  ALTER TABLE "payload_locked_documents_rels" DROP CONSTRAINT IF EXISTS "payload_locked_documents_rels_webhooks_fk";
  ALTER TABLE "payload_locked_documents_rels" DROP CONSTRAINT IF EXISTS "payload_locked_documents_rels_webhook_deliveries_fk";
  DROP INDEX IF EXISTS "payload_locked_documents_rels_webhooks_id_idx";
  DROP INDEX IF EXISTS "payload_locked_documents_rels_webhook_deliveries_id_idx";
  ALTER TABLE "payload_locked_documents_rels" DROP COLUMN IF EXISTS "webhooks_id";
  ALTER TABLE "payload_locked_documents_rels" DROP COLUMN IF EXISTS "webhook_deliveries_id";
  DROP TABLE IF EXISTS "webhooks_events" CASCADE;
  DROP TABLE IF EXISTS "webhook_deliveries" CASCADE;
  DROP TABLE IF EXISTS "webhooks" CASCADE;
  DROP TYPE IF EXISTS "public"."enum_webhooks_events";
  DROP TYPE IF EXISTS "public"."enum_webhook_deliveries_event";
  DROP TYPE IF EXISTS "public"."enum_webhook_deliveries_status";`)
}
