import { MigrateUpArgs, MigrateDownArgs, sql } from '@payloadcms/db-postgres'

// The cells per month summed per UTC year (src/lib/events-read/event-cells): a histogram by year
// or longer of a view that cuts through a dataset outside memory sums a twelfth of the rows (a
// view of Europe over fifty years: 13,000 instead of 160,000). Builds made before this table lack
// it: every build is dropped, and made again on the next read that needs it.
export async function up({ db }: MigrateUpArgs): Promise<void> {
  await db.execute(sql`
   TRUNCATE "event_cells", "event_cell_months", "event_days", "event_cell_points", "event_value_cells",
     "event_value_months", "event_cell_builds";
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

export async function down({ db }: MigrateDownArgs): Promise<void> {
  await db.execute(sql`
   DROP TABLE IF EXISTS "event_cell_years";
  `)
}
