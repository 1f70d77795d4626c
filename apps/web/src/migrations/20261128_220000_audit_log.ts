import { MigrateUpArgs, MigrateDownArgs, sql } from '@payloadcms/db-postgres'

// The audit log (collection `audit-log`, issue 28) and what keeps it append-only below the CMS: a
// trigger refuses every UPDATE and TRUNCATE of it, and every DELETE except the retention job's,
// which sets `chronotope.audit_prune` for its own transaction (src/lib/audit/prune-audit-log.ts).
// Who acted and on what are plain values, not foreign keys: deleting a user or a dataset must
// neither change nor remove the entries about them. The job type of the retention job is added to
// the jobs' enums.
export async function up({ db }: MigrateUpArgs): Promise<void> {
  await db.execute(sql`
   ALTER TYPE "public"."enum_payload_jobs_log_task_slug" ADD VALUE IF NOT EXISTS 'prune-audit-log';
   ALTER TYPE "public"."enum_payload_jobs_task_slug" ADD VALUE IF NOT EXISTS 'prune-audit-log';
   CREATE TYPE "public"."enum_audit_log_action" AS ENUM('auth.sign-in', 'auth.sign-in-failed', 'auth.password-reset-requested', 'auth.password-reset', 'user.created', 'user.deleted', 'user.role-changed', 'api-key.created', 'api-key.revoked', 'api-key.new-address', 'catalog.visibility-changed', 'dataset.visibility-changed', 'catalog.deleted', 'dataset.deleted', 'event.deleted', 'schema.approved', 'schema.rejected', 'scheduled-import.created', 'scheduled-import.changed', 'scheduled-import.deleted', 'webhook.created', 'webhook.changed', 'webhook.deleted', 'settings.changed');
   CREATE TABLE IF NOT EXISTS "audit_log" (
     "id" serial PRIMARY KEY NOT NULL,
     "action" "enum_audit_log_action" NOT NULL,
     "actor_id" numeric,
     "actor_email" varchar,
     "actor_address" varchar,
     "target_collection" varchar,
     "target_id" varchar,
     "target_label" varchar,
     "changes" jsonb,
     "details" jsonb,
     "updated_at" timestamp(3) with time zone DEFAULT now() NOT NULL,
     "created_at" timestamp(3) with time zone DEFAULT now() NOT NULL
   );
   ALTER TABLE "payload_locked_documents_rels" ADD COLUMN IF NOT EXISTS "audit_log_id" integer;
   CREATE INDEX IF NOT EXISTS "audit_log_action_idx" ON "audit_log" USING btree ("action");
   CREATE INDEX IF NOT EXISTS "audit_log_actor_id_idx" ON "audit_log" USING btree ("actor_id");
   CREATE INDEX IF NOT EXISTS "audit_log_actor_email_idx" ON "audit_log" USING btree ("actor_email");
   CREATE INDEX IF NOT EXISTS "audit_log_target_collection_idx" ON "audit_log" USING btree ("target_collection");
   CREATE INDEX IF NOT EXISTS "audit_log_target_id_idx" ON "audit_log" USING btree ("target_id");
   CREATE INDEX IF NOT EXISTS "audit_log_updated_at_idx" ON "audit_log" USING btree ("updated_at");
   CREATE INDEX IF NOT EXISTS "audit_log_created_at_idx" ON "audit_log" USING btree ("created_at");
   ALTER TABLE "payload_locked_documents_rels" ADD CONSTRAINT "payload_locked_documents_rels_audit_log_fk" FOREIGN KEY ("audit_log_id") REFERENCES "public"."audit_log"("id") ON DELETE cascade ON UPDATE no action;
   CREATE INDEX IF NOT EXISTS "payload_locked_documents_rels_audit_log_id_idx" ON "payload_locked_documents_rels" USING btree ("audit_log_id");

   CREATE OR REPLACE FUNCTION "audit_log_refuse_changes"() RETURNS trigger LANGUAGE plpgsql AS $$
   BEGIN
     IF TG_OP = 'DELETE' AND current_setting('chronotope.audit_prune', true) = 'on' THEN
       RETURN OLD;
     END IF;
     RAISE EXCEPTION 'The audit log is append-only: % of its entries is refused', TG_OP
       USING ERRCODE = 'insufficient_privilege',
             HINT = 'Entries leave only through the prune-audit-log job (CHRONOTOPE_AUDIT_RETENTION_DAYS).';
   END $$;
   DROP TRIGGER IF EXISTS "audit_log_append_only" ON "audit_log";
   DROP TRIGGER IF EXISTS "audit_log_no_truncate" ON "audit_log";
   CREATE TRIGGER "audit_log_append_only" BEFORE UPDATE OR DELETE ON "audit_log"
     FOR EACH ROW EXECUTE FUNCTION "audit_log_refuse_changes"();
   CREATE TRIGGER "audit_log_no_truncate" BEFORE TRUNCATE ON "audit_log"
     FOR EACH STATEMENT EXECUTE FUNCTION "audit_log_refuse_changes"();
  `)
}

// The job type's enum values stay: PostgreSQL cannot drop a value from an enum.
export async function down({ db }: MigrateDownArgs): Promise<void> {
  await db.execute(sql`
   ALTER TABLE "payload_locked_documents_rels" DROP CONSTRAINT IF EXISTS "payload_locked_documents_rels_audit_log_fk";
   DROP INDEX IF EXISTS "payload_locked_documents_rels_audit_log_id_idx";
   ALTER TABLE "payload_locked_documents_rels" DROP COLUMN IF EXISTS "audit_log_id";
   DROP TABLE IF EXISTS "audit_log" CASCADE;
   DROP FUNCTION IF EXISTS "audit_log_refuse_changes"();
   DROP TYPE IF EXISTS "public"."enum_audit_log_action";
  `)
}
