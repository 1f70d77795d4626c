import { MigrateUpArgs, MigrateDownArgs, sql } from '@payloadcms/db-postgres'

// The histogram of a map view that cuts through a big dataset outside memory
// (src/lib/events-read/event-cells) sums its inside zoom-4 cells' events per UTC month. Rows per
// cell and month (event_cell_months) or year (event_cell_years) are found a page each once a
// rebuild has scattered them over the table; now each cell's months are packed into one value
// (a series), and the same per value of each value-list field, so a category over a continent is
// counted ahead of time as well. Each located event's value codes sit beside its point in the
// blocks (one byte a value-list field, 255 for none; the dictionary per build in
// event_cell_builds.value_codes), for the strips around the inside cells. Builds made before
// these lack them: every build is dropped, and made again on the next read that needs it.
export async function up({ db }: MigrateUpArgs): Promise<void> {
  await db.execute(sql`
   TRUNCATE "event_cells", "event_cell_months", "event_days", "event_cell_points", "event_value_cells",
     "event_value_months", "event_cell_builds";
   DROP TABLE IF EXISTS "event_cell_years";
   CREATE TABLE IF NOT EXISTS "event_cell_series" (
     "dataset_id" integer NOT NULL REFERENCES "datasets"("id") ON DELETE CASCADE,
     "cy" integer NOT NULL,
     "cx" integer NOT NULL,
     "months" bytea NOT NULL,
     PRIMARY KEY ("dataset_id", "cy", "cx")
   );
   ALTER TABLE "event_cell_series" ALTER COLUMN "months" SET STORAGE EXTERNAL;
   CREATE TABLE IF NOT EXISTS "event_value_cell_series" (
     "dataset_id" integer NOT NULL REFERENCES "datasets"("id") ON DELETE CASCADE,
     "field" text NOT NULL,
     "value" text NOT NULL,
     "cy" integer NOT NULL,
     "cx" integer NOT NULL,
     "months" bytea NOT NULL,
     PRIMARY KEY ("dataset_id", "field", "value", "cy", "cx")
   );
   ALTER TABLE "event_value_cell_series" ALTER COLUMN "months" SET STORAGE EXTERNAL;
   ALTER TABLE "event_cell_points" ADD COLUMN IF NOT EXISTS "codes" bytea;
   ALTER TABLE "event_cell_points" ALTER COLUMN "codes" SET STORAGE EXTERNAL;
   ALTER TABLE "event_cell_builds" ADD COLUMN IF NOT EXISTS "value_codes" jsonb;
  `)
}

export async function down({ db }: MigrateDownArgs): Promise<void> {
  await db.execute(sql`
   TRUNCATE "event_cells", "event_cell_months", "event_days", "event_cell_points", "event_value_cells",
     "event_value_months", "event_cell_builds";
   DROP TABLE IF EXISTS "event_value_cell_series";
   DROP TABLE IF EXISTS "event_cell_series";
   ALTER TABLE "event_cell_points" DROP COLUMN IF EXISTS "codes";
   ALTER TABLE "event_cell_builds" DROP COLUMN IF EXISTS "value_codes";
   CREATE TABLE IF NOT EXISTS "event_cell_years" (
     "dataset_id" integer NOT NULL REFERENCES "datasets"("id") ON DELETE CASCADE,
     "zoom" smallint NOT NULL,
     "year" timestamp(3) with time zone NOT NULL,
     "cy" integer NOT NULL,
     "cx" integer NOT NULL,
     "count" integer NOT NULL,
     PRIMARY KEY ("dataset_id", "zoom", "year", "cy", "cx")
   );
  `)
}
