import { type MigrateDownArgs, type MigrateUpArgs, sql } from '@payloadcms/db-postgres'

// Search ignores accents: "greve" finds "Grève". `unaccent` is only STABLE (its dictionary could be
// changed), so an index needs an IMMUTABLE wrapper naming the dictionary. The embedded database
// (PGlite) loads the unaccent extension too (packages/embedded-postgres). The expression must stay
// the same as SEARCH_DOCUMENT_SQL in src/lib/events-read/event-conditions.ts, or the index is not used.
export async function up({ db }: MigrateUpArgs): Promise<void> {
  await db.execute(sql`
   CREATE EXTENSION IF NOT EXISTS unaccent SCHEMA public;
   CREATE OR REPLACE FUNCTION public.chronotope_unaccent(text) RETURNS text
     LANGUAGE sql IMMUTABLE PARALLEL SAFE STRICT
     AS $$ SELECT public.unaccent('public.unaccent'::regdictionary, $1) $$;
   DROP INDEX IF EXISTS "events_search_idx";
   CREATE INDEX "events_search_idx" ON "events" USING gin (
     to_tsvector('simple'::regconfig, public.chronotope_unaccent(coalesce("title", '') || ' ' || coalesce("description", '') || ' ' || coalesce("location_name", '')))
   );
  `)
}

export async function down({ db }: MigrateDownArgs): Promise<void> {
  await db.execute(sql`
   DROP INDEX IF EXISTS "events_search_idx";
   CREATE INDEX "events_search_idx" ON "events" USING gin (
     to_tsvector('simple'::regconfig, coalesce("title", '') || ' ' || coalesce("description", '') || ' ' || coalesce("location_name", ''))
   );
   DROP FUNCTION IF EXISTS public.chronotope_unaccent(text);
  `)
}
