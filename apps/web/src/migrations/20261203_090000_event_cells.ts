import { MigrateUpArgs, MigrateDownArgs, sql } from '@payloadcms/db-postgres'

// Cells counted ahead of time for the datasets the in-memory event index cannot hold
// (src/lib/events-read/event-cells): per dataset, the events of each map cell at zooms 0–10, of
// each zoom-4 cell in each month, and of each day, built for one events version
// (event_index_versions) and used only while the dataset is at that version. They go with their
// dataset.

// What a map cell keeps of its events: how many, the sums for their centroid, their extent and the
// smallest id (the event itself when it is alone).
export const CELL_SUMMARY = sql.raw(`
     "count" integer NOT NULL,
     "sum_lon" double precision NOT NULL,
     "sum_lat" double precision NOT NULL,
     "west" double precision NOT NULL,
     "south" double precision NOT NULL,
     "east" double precision NOT NULL,
     "north" double precision NOT NULL,
     "first_id" integer NOT NULL,`)

// What a day (or a month) keeps of its events: how many, how many located, their first and last times.
export const SPAN_SUMMARY = sql.raw(`
     "events" integer NOT NULL,
     "located" integer NOT NULL,
     "first_time" timestamp(3) with time zone NOT NULL,
     "last_time" timestamp(3) with time zone NOT NULL,
     "first_located_time" timestamp(3) with time zone,
     "last_located_time" timestamp(3) with time zone,`)

export async function up({ db }: MigrateUpArgs): Promise<void> {
  await db.execute(sql`
   CREATE TABLE IF NOT EXISTS "event_cell_builds" (
     "dataset_id" integer PRIMARY KEY REFERENCES "datasets"("id") ON DELETE CASCADE,
     "version" bigint NOT NULL,
     "dated" bigint NOT NULL,
     "located" bigint NOT NULL,
     "west" double precision,
     "south" double precision,
     "east" double precision,
     "north" double precision,
     "first_time" timestamp(3) with time zone,
     "last_time" timestamp(3) with time zone,
     "first_located_time" timestamp(3) with time zone,
     "last_located_time" timestamp(3) with time zone,
     "seconds" real NOT NULL,
     "built_at" timestamp(3) with time zone NOT NULL DEFAULT now()
   );
   CREATE TABLE IF NOT EXISTS "event_cells" (
     "dataset_id" integer NOT NULL REFERENCES "datasets"("id") ON DELETE CASCADE,
     "zoom" smallint NOT NULL,
     "cy" integer NOT NULL,
     "cx" integer NOT NULL,
     ${CELL_SUMMARY}
     PRIMARY KEY ("dataset_id", "zoom", "cy", "cx")
   );
   CREATE TABLE IF NOT EXISTS "event_cell_months" (
     "dataset_id" integer NOT NULL REFERENCES "datasets"("id") ON DELETE CASCADE,
     "month" timestamp(3) with time zone NOT NULL,
     "cy" integer NOT NULL,
     "cx" integer NOT NULL,
     ${CELL_SUMMARY}
     PRIMARY KEY ("dataset_id", "month", "cy", "cx")
   );
   CREATE TABLE IF NOT EXISTS "event_days" (
     "dataset_id" integer NOT NULL REFERENCES "datasets"("id") ON DELETE CASCADE,
     "day" timestamp(3) with time zone NOT NULL,
     ${SPAN_SUMMARY}
     PRIMARY KEY ("dataset_id", "day")
   );
  `)
}

export async function down({ db }: MigrateDownArgs): Promise<void> {
  await db.execute(sql`
   DROP TABLE IF EXISTS "event_days";
   DROP TABLE IF EXISTS "event_cell_months";
   DROP TABLE IF EXISTS "event_cells";
   DROP TABLE IF EXISTS "event_cell_builds";
  `)
}
