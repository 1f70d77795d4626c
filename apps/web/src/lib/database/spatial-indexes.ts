/**
 * GIST indexes for the geometry columns, declared in the schema so migrations carry them (Payload
 * gives point fields no spatial index, and indexes made by hand in SQL would be dropped by a schema
 * push).
 * @module
 */
import type { PostgresAdapterArgs } from '@payloadcms/db-postgres'
import { index, type ExtraConfigColumn } from '@payloadcms/db-postgres/drizzle/pg-core'

/** A Payload schema hook, run after the Drizzle schema is built. */
export type PostgresSchemaHook = NonNullable<PostgresAdapterArgs['afterSchemaInit']>[number]

/** Tables and their geometry columns that get a GIST index. */
export const SPATIAL_INDEXES = [
  { table: 'events', column: 'location', name: 'events_location_gist_idx' },
  { table: 'location_cache', column: 'location', name: 'location_cache_location_gist_idx' },
] as const

/** Payload `afterSchemaInit` hook adding {@link SPATIAL_INDEXES} to the schema. */
export const addSpatialIndexes: PostgresSchemaHook = ({ schema, extendTable }) => {
  for (const spatial of SPATIAL_INDEXES) {
    const table = schema.tables[spatial.table]
    if (!table) continue
    extendTable({
      table,
      extraConfig: (columns) => ({
        [spatial.name]: index(spatial.name).using('gist', columns[spatial.column] as ExtraConfigColumn),
      }),
    })
  }
  return schema
}
