import { MigrateUpArgs, MigrateDownArgs, sql } from '@payloadcms/db-postgres'

// Full-text search of the events read API (`q`). Replaced by the accent-folding index of
// 20261127_120000_events_search_unaccent.
export async function up({ db }: MigrateUpArgs): Promise<void> {
  await db.execute(sql`
   CREATE INDEX IF NOT EXISTS "events_search_idx" ON "events" USING gin (
     to_tsvector('simple'::regconfig, coalesce("title", '') || ' ' || coalesce("description", '') || ' ' || coalesce("location_name", ''))
   );`)
}

export async function down({ db }: MigrateDownArgs): Promise<void> {
  await db.execute(sql`DROP INDEX IF EXISTS "events_search_idx";`)
}
