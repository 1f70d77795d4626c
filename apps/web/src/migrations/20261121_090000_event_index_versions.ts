import { MigrateUpArgs, MigrateDownArgs, sql } from '@payloadcms/db-postgres'

// The in-memory event index of the read API (src/lib/events-read/event-index) keeps a copy of each
// dataset's events. These statement-level triggers give every dataset a version that changes with
// each committed write to its events, whatever wrote them (imports, the CMS, cascades, plain SQL),
// and a running count, so a reader learns in one small query which copies are out of date.
export async function up({ db }: MigrateUpArgs): Promise<void> {
  await db.execute(sql`
   CREATE SEQUENCE IF NOT EXISTS "event_index_version_seq";
   CREATE TABLE IF NOT EXISTS "event_index_versions" (
     "dataset_id" integer PRIMARY KEY,
     "version" bigint NOT NULL,
     "event_count" bigint NOT NULL DEFAULT 0
   );
   INSERT INTO "event_index_versions" ("dataset_id", "version", "event_count")
     SELECT "dataset_id", nextval('event_index_version_seq'), count(*) FROM "events" GROUP BY "dataset_id"
     ON CONFLICT ("dataset_id") DO NOTHING;

   CREATE OR REPLACE FUNCTION "event_index_after_insert"() RETURNS trigger LANGUAGE plpgsql AS $$
   BEGIN
     INSERT INTO "event_index_versions" AS v ("dataset_id", "version", "event_count")
       SELECT "dataset_id", nextval('event_index_version_seq'), count(*) FROM "new_rows" GROUP BY "dataset_id"
       ON CONFLICT ("dataset_id") DO UPDATE SET "version" = excluded."version", "event_count" = v."event_count" + excluded."event_count";
     RETURN NULL;
   END $$;

   CREATE OR REPLACE FUNCTION "event_index_after_delete"() RETURNS trigger LANGUAGE plpgsql AS $$
   BEGIN
     INSERT INTO "event_index_versions" AS v ("dataset_id", "version", "event_count")
       SELECT "dataset_id", nextval('event_index_version_seq'), -count(*) FROM "old_rows" GROUP BY "dataset_id"
       ON CONFLICT ("dataset_id") DO UPDATE SET "version" = excluded."version", "event_count" = v."event_count" + excluded."event_count";
     RETURN NULL;
   END $$;

   CREATE OR REPLACE FUNCTION "event_index_after_update"() RETURNS trigger LANGUAGE plpgsql AS $$
   BEGIN
     INSERT INTO "event_index_versions" AS v ("dataset_id", "version", "event_count")
       SELECT "dataset_id", nextval('event_index_version_seq'), sum("delta") FROM (
         SELECT "dataset_id", 1 AS "delta" FROM "new_rows"
         UNION ALL
         SELECT "dataset_id", -1 AS "delta" FROM "old_rows"
       ) AS changes GROUP BY "dataset_id"
       ON CONFLICT ("dataset_id") DO UPDATE SET "version" = excluded."version", "event_count" = v."event_count" + excluded."event_count";
     RETURN NULL;
   END $$;

   CREATE OR REPLACE FUNCTION "event_index_after_truncate"() RETURNS trigger LANGUAGE plpgsql AS $$
   BEGIN
     UPDATE "event_index_versions" SET "version" = nextval('event_index_version_seq'), "event_count" = 0;
     RETURN NULL;
   END $$;

   DROP TRIGGER IF EXISTS "event_index_insert" ON "events";
   DROP TRIGGER IF EXISTS "event_index_update" ON "events";
   DROP TRIGGER IF EXISTS "event_index_delete" ON "events";
   DROP TRIGGER IF EXISTS "event_index_truncate" ON "events";
   CREATE TRIGGER "event_index_insert" AFTER INSERT ON "events"
     REFERENCING NEW TABLE AS "new_rows" FOR EACH STATEMENT EXECUTE FUNCTION "event_index_after_insert"();
   CREATE TRIGGER "event_index_update" AFTER UPDATE ON "events"
     REFERENCING OLD TABLE AS "old_rows" NEW TABLE AS "new_rows" FOR EACH STATEMENT EXECUTE FUNCTION "event_index_after_update"();
   CREATE TRIGGER "event_index_delete" AFTER DELETE ON "events"
     REFERENCING OLD TABLE AS "old_rows" FOR EACH STATEMENT EXECUTE FUNCTION "event_index_after_delete"();
   CREATE TRIGGER "event_index_truncate" AFTER TRUNCATE ON "events"
     FOR EACH STATEMENT EXECUTE FUNCTION "event_index_after_truncate"();
  `)
}

export async function down({ db }: MigrateDownArgs): Promise<void> {
  await db.execute(sql`
   DROP TRIGGER IF EXISTS "event_index_insert" ON "events";
   DROP TRIGGER IF EXISTS "event_index_update" ON "events";
   DROP TRIGGER IF EXISTS "event_index_delete" ON "events";
   DROP TRIGGER IF EXISTS "event_index_truncate" ON "events";
   DROP FUNCTION IF EXISTS "event_index_after_insert"();
   DROP FUNCTION IF EXISTS "event_index_after_update"();
   DROP FUNCTION IF EXISTS "event_index_after_delete"();
   DROP FUNCTION IF EXISTS "event_index_after_truncate"();
   DROP TABLE IF EXISTS "event_index_versions";
   DROP SEQUENCE IF EXISTS "event_index_version_seq";
  `)
}
