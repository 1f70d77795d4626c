import { sql, type MigrateDownArgs, type MigrateUpArgs } from '@payloadcms/db-postgres'

// Catalog and dataset slugs become unique per owner instead of across all users: a slug that had
// to differ from everyone's answered "-2" or "Value must be unique" for another user's private
// name, so guessed names could be confirmed (issue 27). Routes find them by id, so no link breaks.
// Index names are those Payload gives the `indexes: [OWNER_SLUG_INDEX]` of the two collections.
export async function up({ db }: MigrateUpArgs): Promise<void> {
  await db.execute(sql`
  DROP INDEX IF EXISTS "catalogs_slug_idx";
  CREATE INDEX IF NOT EXISTS "catalogs_slug_idx" ON "catalogs" USING btree ("slug");
  CREATE UNIQUE INDEX IF NOT EXISTS "owner_slug_idx" ON "catalogs" USING btree ("owner_id","slug");
  DROP INDEX IF EXISTS "datasets_slug_idx";
  CREATE INDEX IF NOT EXISTS "datasets_slug_idx" ON "datasets" USING btree ("slug");
  CREATE UNIQUE INDEX IF NOT EXISTS "owner_slug_1_idx" ON "datasets" USING btree ("owner_id","slug");`)
}

// Back to slugs unique across all users; fails, as it should, while two owners share a slug.
export async function down({ db }: MigrateDownArgs): Promise<void> {
  await db.execute(sql`
  DROP INDEX IF EXISTS "owner_slug_idx";
  DROP INDEX IF EXISTS "catalogs_slug_idx";
  CREATE UNIQUE INDEX "catalogs_slug_idx" ON "catalogs" USING btree ("slug");
  DROP INDEX IF EXISTS "owner_slug_1_idx";
  DROP INDEX IF EXISTS "datasets_slug_idx";
  CREATE UNIQUE INDEX "datasets_slug_idx" ON "datasets" USING btree ("slug");`)
}
