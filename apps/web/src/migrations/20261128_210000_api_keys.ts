import { sql, type MigrateDownArgs, type MigrateUpArgs } from '@payloadcms/db-postgres'

// API keys (issue 28, point 7): only the SHA-256 of each key's secret is stored, found by the
// key's unique prefix; scopes are a select with many values, in their own table as Payload keeps them.
export async function up({ db }: MigrateUpArgs): Promise<void> {
  await db.execute(sql`
  CREATE TYPE "public"."enum_api_keys_scopes" AS ENUM('read', 'import', 'admin');
  CREATE TABLE "api_keys_scopes" (
  	"order" integer NOT NULL,
  	"parent_id" integer NOT NULL,
  	"value" "enum_api_keys_scopes",
  	"id" serial PRIMARY KEY NOT NULL
  );
  CREATE TABLE "api_keys" (
  	"id" serial PRIMARY KEY NOT NULL,
  	"name" varchar NOT NULL,
  	"expires_at" timestamp(3) with time zone,
  	"prefix" varchar,
  	"secret_hash" varchar,
  	"owner_id" integer,
  	"last_used_at" timestamp(3) with time zone,
  	"last_used_from" varchar,
  	"revoked_at" timestamp(3) with time zone,
  	"updated_at" timestamp(3) with time zone DEFAULT now() NOT NULL,
  	"created_at" timestamp(3) with time zone DEFAULT now() NOT NULL
  );
  ALTER TABLE "payload_locked_documents_rels" ADD COLUMN "api_keys_id" integer;
  ALTER TABLE "api_keys_scopes" ADD CONSTRAINT "api_keys_scopes_parent_fk" FOREIGN KEY ("parent_id") REFERENCES "public"."api_keys"("id") ON DELETE cascade ON UPDATE no action;
  ALTER TABLE "api_keys" ADD CONSTRAINT "api_keys_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;
  CREATE INDEX "api_keys_scopes_order_idx" ON "api_keys_scopes" USING btree ("order");
  CREATE INDEX "api_keys_scopes_parent_idx" ON "api_keys_scopes" USING btree ("parent_id");
  CREATE UNIQUE INDEX "api_keys_prefix_idx" ON "api_keys" USING btree ("prefix");
  CREATE INDEX "api_keys_owner_idx" ON "api_keys" USING btree ("owner_id");
  CREATE INDEX "api_keys_updated_at_idx" ON "api_keys" USING btree ("updated_at");
  CREATE INDEX "api_keys_created_at_idx" ON "api_keys" USING btree ("created_at");
  ALTER TABLE "payload_locked_documents_rels" ADD CONSTRAINT "payload_locked_documents_rels_api_keys_fk" FOREIGN KEY ("api_keys_id") REFERENCES "public"."api_keys"("id") ON DELETE cascade ON UPDATE no action;
  CREATE INDEX "payload_locked_documents_rels_api_keys_id_idx" ON "payload_locked_documents_rels" USING btree ("api_keys_id");`)
}

export async function down({ db }: MigrateDownArgs): Promise<void> {
  await db.execute(sql`
  ALTER TABLE "payload_locked_documents_rels" DROP CONSTRAINT IF EXISTS "payload_locked_documents_rels_api_keys_fk";
  DROP INDEX IF EXISTS "payload_locked_documents_rels_api_keys_id_idx";
  ALTER TABLE "payload_locked_documents_rels" DROP COLUMN IF EXISTS "api_keys_id";
  DROP TABLE IF EXISTS "api_keys_scopes" CASCADE;
  DROP TABLE IF EXISTS "api_keys" CASCADE;
  DROP TYPE IF EXISTS "public"."enum_api_keys_scopes";`)
}
