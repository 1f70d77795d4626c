import { MigrateUpArgs, MigrateDownArgs, sql } from '@payloadcms/db-postgres'

// Quotas by trust level (issue 28): users get a trust level, and the `quotas` global holds each
// level's limits. Users who existed before levels keep working as they did: they become
// `trusted`; new users get the installation's default (CHRONOTOPE_DEFAULT_TRUST_LEVEL, set by the
// application, so the column keeps no default of its own). Changing a level is audited.
export async function up({ db }: MigrateUpArgs): Promise<void> {
  await db.execute(sql`
   ALTER TYPE "public"."enum_audit_log_action" ADD VALUE IF NOT EXISTS 'user.trust-level-changed' AFTER 'user.role-changed';
   DO $$ BEGIN
     CREATE TYPE "public"."enum_users_trust_level" AS ENUM('new', 'trusted', 'unlimited');
   EXCEPTION WHEN duplicate_object THEN NULL;
   END $$;
   ALTER TABLE "users" ADD COLUMN IF NOT EXISTS "trust_level" "enum_users_trust_level" DEFAULT 'trusted' NOT NULL;
   ALTER TABLE "users" ALTER COLUMN "trust_level" DROP DEFAULT;
   CREATE TABLE IF NOT EXISTS "quotas" (
  	"id" serial PRIMARY KEY NOT NULL,
  	"new_uploads_per_day" numeric DEFAULT 20,
  	"new_events_per_import" numeric DEFAULT 50000,
  	"new_events_total" numeric DEFAULT 250000,
  	"new_scheduled_imports" numeric DEFAULT 2,
  	"new_shortest_schedule_minutes" numeric DEFAULT 60,
  	"new_api_requests_per_hour" numeric DEFAULT 1000,
  	"trusted_uploads_per_day" numeric DEFAULT 200,
  	"trusted_events_per_import" numeric DEFAULT 1000000,
  	"trusted_events_total" numeric DEFAULT 10000000,
  	"trusted_scheduled_imports" numeric DEFAULT 25,
  	"trusted_shortest_schedule_minutes" numeric DEFAULT 5,
  	"trusted_api_requests_per_hour" numeric DEFAULT 10000,
  	"updated_at" timestamp(3) with time zone,
  	"created_at" timestamp(3) with time zone
   );`)
}

export async function down({ db }: MigrateDownArgs): Promise<void> {
  await db.execute(sql`
  DROP TABLE IF EXISTS "quotas" CASCADE;
  ALTER TABLE "users" DROP COLUMN IF EXISTS "trust_level";
  DROP TYPE IF EXISTS "public"."enum_users_trust_level";`)
}
