import { MigrateUpArgs, MigrateDownArgs, sql } from '@payloadcms/db-postgres'

import { CELL_SUMMARY, SPAN_SUMMARY } from './20261203_090000_event_cells'

// Event cells per value of a dataset's value-list fields (src/lib/events-read/event-cells), so a
// read filtered by one such field is counted ahead of time too: map cells at zooms 0–6 and UTC
// months, per field and value. A build lists the fields it counted this way. Cells per month are kept at
// zoom 2 as well as 4 (a world map reads a sixteenth of the rows). Builds made before these
// tables lack them: every build is dropped, and made again on the next read that needs it.
export async function up({ db }: MigrateUpArgs): Promise<void> {
  await db.execute(sql`
   TRUNCATE "event_cells", "event_cell_months", "event_days", "event_cell_builds";
   ALTER TABLE "event_cell_builds" ADD COLUMN IF NOT EXISTS "value_fields" text[] NOT NULL DEFAULT '{}';
   ALTER TABLE "event_cell_months" ADD COLUMN IF NOT EXISTS "zoom" smallint NOT NULL DEFAULT 4;
   ALTER TABLE "event_cell_months" ALTER COLUMN "zoom" DROP DEFAULT;
   ALTER TABLE "event_cell_months" DROP CONSTRAINT IF EXISTS "event_cell_months_pkey";
   ALTER TABLE "event_cell_months" ADD PRIMARY KEY ("dataset_id", "zoom", "month", "cy", "cx");
   CREATE TABLE IF NOT EXISTS "event_value_cells" (
     "dataset_id" integer NOT NULL REFERENCES "datasets"("id") ON DELETE CASCADE,
     "field" text NOT NULL,
     "value" text NOT NULL,
     "zoom" smallint NOT NULL,
     "cy" integer NOT NULL,
     "cx" integer NOT NULL,
     ${CELL_SUMMARY}
     PRIMARY KEY ("dataset_id", "field", "zoom", "value", "cy", "cx")
   );
   CREATE TABLE IF NOT EXISTS "event_value_months" (
     "dataset_id" integer NOT NULL REFERENCES "datasets"("id") ON DELETE CASCADE,
     "field" text NOT NULL,
     "value" text NOT NULL,
     "month" timestamp(3) with time zone NOT NULL,
     ${SPAN_SUMMARY}
     PRIMARY KEY ("dataset_id", "field", "value", "month")
   );
  `)
}

export async function down({ db }: MigrateDownArgs): Promise<void> {
  await db.execute(sql`
   DROP TABLE IF EXISTS "event_value_months";
   DROP TABLE IF EXISTS "event_value_cells";
   TRUNCATE "event_cell_months";
   ALTER TABLE "event_cell_months" DROP CONSTRAINT IF EXISTS "event_cell_months_pkey";
   ALTER TABLE "event_cell_months" DROP COLUMN IF EXISTS "zoom";
   ALTER TABLE "event_cell_months" ADD PRIMARY KEY ("dataset_id", "month", "cy", "cx");
   ALTER TABLE "event_cell_builds" DROP COLUMN IF EXISTS "value_fields";
  `)
}
