import { MigrateUpArgs, MigrateDownArgs, sql } from '@payloadcms/db-postgres'

import { CELL_SUMMARY, SPAN_SUMMARY } from './20261203_090000_event_cells'

// Event cells of a search (src/lib/events-read/event-cells/build-search-cells.ts), built the first
// time a big dataset outside memory is searched for a query: its matches per map cell at zooms 0–6,
// per UTC month, and per zoom-4 cell as one packed month series, for one events version. Unlike a
// dataset's cells, anyone may ask for a new query, so the rows are capped: each search records
// its size and when it was last read, and the least recently read are dropped past the cap. A
// dataset's build counts all its events too (with a time or not), for the per-dataset counts.
export async function up({ db }: MigrateUpArgs): Promise<void> {
  await db.execute(sql`
   ALTER TABLE "event_cell_builds" ADD COLUMN IF NOT EXISTS "events" bigint;
   CREATE TABLE IF NOT EXISTS "event_searches" (
     "id" serial PRIMARY KEY,
     "dataset_id" integer NOT NULL REFERENCES "datasets"("id") ON DELETE CASCADE,
     "query" text NOT NULL,
     "version" bigint NOT NULL,
     "matches" bigint NOT NULL DEFAULT 0,
     "bytes" bigint NOT NULL DEFAULT 0,
     "seconds" double precision NOT NULL DEFAULT 0,
     "built_at" timestamp(3) with time zone NOT NULL DEFAULT now(),
     "used_at" timestamp(3) with time zone NOT NULL DEFAULT now(),
     UNIQUE ("dataset_id", "query")
   );
   CREATE INDEX IF NOT EXISTS "event_searches_used_at_idx" ON "event_searches" ("used_at");
   CREATE TABLE IF NOT EXISTS "event_search_cells" (
     "search_id" integer NOT NULL REFERENCES "event_searches"("id") ON DELETE CASCADE,
     "dataset_id" integer NOT NULL,
     "zoom" smallint NOT NULL,
     "cy" integer NOT NULL,
     "cx" integer NOT NULL,
     ${CELL_SUMMARY}
     PRIMARY KEY ("search_id", "zoom", "cy", "cx")
   );
   CREATE TABLE IF NOT EXISTS "event_search_months" (
     "search_id" integer NOT NULL REFERENCES "event_searches"("id") ON DELETE CASCADE,
     "dataset_id" integer NOT NULL,
     "month" timestamp(3) with time zone NOT NULL,
     ${SPAN_SUMMARY}
     PRIMARY KEY ("search_id", "month")
   );
   CREATE TABLE IF NOT EXISTS "event_search_cell_series" (
     "search_id" integer NOT NULL REFERENCES "event_searches"("id") ON DELETE CASCADE,
     "dataset_id" integer NOT NULL,
     "cy" integer NOT NULL,
     "cx" integer NOT NULL,
     "months" bytea NOT NULL,
     "first_time" timestamp(3) with time zone NOT NULL,
     "last_time" timestamp(3) with time zone NOT NULL,
     PRIMARY KEY ("search_id", "cy", "cx")
   );
   ALTER TABLE "event_search_cell_series" ALTER COLUMN "months" SET STORAGE EXTERNAL;
  `)
}

export async function down({ db }: MigrateDownArgs): Promise<void> {
  await db.execute(sql`
   DROP TABLE IF EXISTS "event_search_cell_series";
   DROP TABLE IF EXISTS "event_search_months";
   DROP TABLE IF EXISTS "event_search_cells";
   DROP TABLE IF EXISTS "event_searches";
   ALTER TABLE "event_cell_builds" DROP COLUMN IF EXISTS "events";
  `)
}
