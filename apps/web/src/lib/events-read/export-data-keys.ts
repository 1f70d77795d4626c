/**
 * The data keys of the filtered events, which a CSV export makes into columns. Listing every
 * key of every event costs a `jsonb_object_keys` per event; instead the keys of the first batch
 * (read anyway) are taken as known and the database only lists the keys of the events that have
 * others. The answer is the same: every key some filtered event has, sorted by the database.
 * @module
 */
import type { FilterState } from '@chronotope/filters'
import type { Pool } from 'pg'

import { eventConditions, SqlParams, type DatasetScope } from './event-conditions'
import type { ExportRow } from './export-rows'

/** Most data columns a CSV export gets; keys beyond them stay in the GeoJSON export. */
export const MAX_EXPORT_DATA_COLUMNS = 500

/** The keys of the events' data that are objects, as `jsonb_object_keys` lists them. */
function keysOfRows(rows: readonly ExportRow[]): string[] {
  const keys = new Set<string>()
  for (const row of rows) {
    const text = row[10]
    if (text === null || text.charCodeAt(0) !== 123) continue // `{`: only objects have keys
    for (const key of Object.keys(JSON.parse(text) as object)) keys.add(key)
  }
  return [...keys]
}

/**
 * The first {@link MAX_EXPORT_DATA_COLUMNS} top-level data keys of the filtered events, in the
 * database's order.
 * @param firstRows - the export's first batch, whose keys are known without asking
 */
export async function exportDataKeys(
  pool: Pool,
  state: FilterState,
  scope: DatasetScope,
  firstRows: readonly ExportRow[],
): Promise<string[]> {
  if (firstRows.length === 0) return []
  const params = new SqlParams()
  const where = eventConditions(state, scope, params)
  const known = params.add(keysOfRows(firstRows))
  const { rows } = await pool.query<{ key: string }>(
    `select key from (
       select unnest(${known}::text[])
       union
       select jsonb_object_keys(e.data - ${known}::text[]) from events e where ${where} and jsonb_typeof(e.data) = 'object'
     ) as keys(key) order by 1 limit ${params.add(MAX_EXPORT_DATA_COLUMNS)}`,
    params.values,
  )
  return rows.map((row) => row.key)
}
