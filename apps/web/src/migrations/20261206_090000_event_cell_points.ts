import { MigrateUpArgs, MigrateDownArgs, sql } from '@payloadcms/db-postgres'

// The located events of each zoom-10 map cell packed into one value: per event its time (NaN when
// undated) and place as three float8 (src/lib/events-read/event-cells/point-blocks.ts). A read of a map view
// that cuts through a big dataset outside memory reads the events near the view's edges from
// these few rows instead of a heap page per event. Keyed (and written) by zoom-4 tile first, so a
// read takes a tile's blocks from one stretch of the table. Stored as they are: float8 does not
// compress.
// Builds made before this table lack it: every build is dropped, and made again on the next read
// that needs it.
export async function up({ db }: MigrateUpArgs): Promise<void> {
  await db.execute(sql`
   TRUNCATE "event_cells", "event_cell_months", "event_days", "event_value_cells", "event_value_months",
     "event_cell_builds";
   CREATE TABLE IF NOT EXISTS "event_cell_points" (
     "dataset_id" integer NOT NULL REFERENCES "datasets"("id") ON DELETE CASCADE,
     "tile_y" integer NOT NULL,
     "tile_x" integer NOT NULL,
     "cy" integer NOT NULL,
     "cx" integer NOT NULL,
     "count" integer NOT NULL,
     "west" double precision NOT NULL,
     "south" double precision NOT NULL,
     "east" double precision NOT NULL,
     "north" double precision NOT NULL,
     "points" bytea,
     PRIMARY KEY ("dataset_id", "tile_y", "tile_x", "cy", "cx")
   );
   ALTER TABLE "event_cell_points" ALTER COLUMN "points" SET STORAGE EXTERNAL;
  `)
}

export async function down({ db }: MigrateDownArgs): Promise<void> {
  await db.execute(sql`
   DROP TABLE IF EXISTS "event_cell_points";
  `)
}
