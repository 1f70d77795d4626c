import { MigrateUpArgs, MigrateDownArgs, sql } from '@payloadcms/db-postgres'

export async function up({ db, payload, req }: MigrateUpArgs): Promise<void> {
  await db.execute(sql`
   CREATE TABLE "datasets_rels" (
  	"id" serial PRIMARY KEY NOT NULL,
  	"order" integer,
  	"parent_id" integer NOT NULL,
  	"path" varchar NOT NULL,
  	"geocoding_providers_id" integer
  );
  
  ALTER TABLE "datasets" ADD COLUMN "geocoding_offline_fallback" boolean DEFAULT true;
  ALTER TABLE "datasets" ADD COLUMN "geocoding_minimum_confidence" numeric;
  ALTER TABLE "datasets_rels" ADD CONSTRAINT "datasets_rels_parent_fk" FOREIGN KEY ("parent_id") REFERENCES "public"."datasets"("id") ON DELETE cascade ON UPDATE no action;
  ALTER TABLE "datasets_rels" ADD CONSTRAINT "datasets_rels_geocoding_providers_fk" FOREIGN KEY ("geocoding_providers_id") REFERENCES "public"."geocoding_providers"("id") ON DELETE cascade ON UPDATE no action;
  CREATE INDEX "datasets_rels_order_idx" ON "datasets_rels" USING btree ("order");
  CREATE INDEX "datasets_rels_parent_idx" ON "datasets_rels" USING btree ("parent_id");
  CREATE INDEX "datasets_rels_path_idx" ON "datasets_rels" USING btree ("path");
  CREATE INDEX "datasets_rels_geocoding_providers_id_idx" ON "datasets_rels" USING btree ("geocoding_providers_id");`)
}

export async function down({ db, payload, req }: MigrateDownArgs): Promise<void> {
  await db.execute(sql`
   DROP TABLE "datasets_rels" CASCADE;
  ALTER TABLE "datasets" DROP COLUMN "geocoding_offline_fallback";
  ALTER TABLE "datasets" DROP COLUMN "geocoding_minimum_confidence";`)
}
