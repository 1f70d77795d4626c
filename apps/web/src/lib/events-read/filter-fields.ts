/**
 * `GET /api/events/filters`: what the current selection can be filtered by. Fields are found in a
 * sample of each selected dataset's data (kept until its events change, see `field-samples.ts`):
 * text fields with few distinct values become value lists, numeric fields become ranges, each
 * counted over the filtered events and left out when none of them has the field. Fields shared by
 * several datasets are listed once, across them.
 *
 * The counts and ranges come from the in-memory event index when it can answer (its field columns
 * are loaded for the fields found), else from the database. The database's counts read every
 * selected row's JSON: 3.6 s for a million events on a 2-core machine, against tens of
 * milliseconds in the index, and the explore view asks for them on every load and filter change.
 * @module
 */
import { countFieldValues, fieldNumberRange, type FieldNumberRange } from '@chronotope/event-index'
import type { FilterState } from '@chronotope/filters'
import type { Payload } from 'payload'
import type { Pool } from 'pg'

import type { ReadDatabase } from '../database/read-router'
import { eventConditions, SqlParams, type DatasetScope } from './event-conditions'
import {
  datasetFieldSamples,
  fieldKindsOf,
  MAX_LISTED_VALUES,
  mergeFieldSamples,
  type FieldKinds,
} from './field-samples'
import { selectFromIndex } from './event-index/indexed-selection'
import type { FilterField, FilterFieldsResponse } from './read-responses'

/** Per value field, its values' counts; per number field, its range (absent when it has no number). */
interface FieldCounts {
  readonly values: ReadonlyMap<string, ReadonlyMap<string, number>>
  readonly ranges: ReadonlyMap<string, FieldNumberRange>
}

async function countsFromIndex(
  payload: Payload,
  database: ReadDatabase,
  state: FilterState,
  scope: DatasetScope,
  kinds: FieldKinds,
): Promise<FieldCounts | null> {
  // The index reads a field by path (`a.b` is `b` inside `a`), the sample found top-level keys:
  // a key with a dot in its name is counted by the database.
  if ([...kinds.valueKeys, ...kinds.numberKeys].some((key) => key.includes('.'))) return null
  const selections = await selectFromIndex(payload, database, state, scope, {
    ordered: false,
    fieldPaths: [...kinds.valueKeys, ...kinds.numberKeys],
  })
  if (!selections) return null
  const ranges = new Map<string, FieldNumberRange>()
  for (const key of kinds.numberKeys) {
    const range = fieldNumberRange(selections, key)
    if (range) ranges.set(key, range)
  }
  return { values: new Map(kinds.valueKeys.map((key) => [key, countFieldValues(selections, key)])), ranges }
}

async function countsFromDatabase(
  pool: Pool,
  state: FilterState,
  scope: DatasetScope,
  kinds: FieldKinds,
): Promise<FieldCounts> {
  const values = new Map<string, Map<string, number>>(kinds.valueKeys.map((key) => [key, new Map()]))
  if (kinds.valueKeys.length > 0) {
    const params = new SqlParams()
    const where = eventConditions(state, scope, params)
    const { rows } = await pool.query<{ key: string; value: string; count: number }>(
      `select kv.key, kv.value, count(*)::int as count
       from events e, jsonb_each_text(case when jsonb_typeof(e.data) = 'object' then e.data else '{}'::jsonb end) kv
       where ${where} and kv.key = any(${params.add(kinds.valueKeys)}::text[]) and kv.value is not null
       group by 1, 2`,
      params.values,
    )
    for (const row of rows) values.get(row.key)?.set(row.value, row.count)
  }
  const ranges = new Map<string, FieldNumberRange>()
  if (kinds.numberKeys.length > 0) {
    const params = new SqlParams()
    const where = eventConditions(state, scope, params)
    const { rows } = await pool.query<{ key: string; min: string; max: string; count: number }>(
      `select kv.key, min((kv.value)::text::numeric) as min, max((kv.value)::text::numeric) as max, count(*)::int as count
       from events e, jsonb_each(case when jsonb_typeof(e.data) = 'object' then e.data else '{}'::jsonb end) kv
       where ${where} and kv.key = any(${params.add(kinds.numberKeys)}::text[]) and jsonb_typeof(kv.value) = 'number'
       group by 1`,
      params.values,
    )
    for (const row of rows) ranges.set(row.key, { min: Number(row.min), max: Number(row.max), count: row.count })
  }
  return { values, ranges }
}

/** The filterable fields of the selection, value lists first, each group by name. */
export async function filterFields(
  payload: Payload,
  database: ReadDatabase,
  state: FilterState,
  scope: DatasetScope,
): Promise<FilterFieldsResponse> {
  const pool = database.pool
  const kinds = fieldKindsOf(mergeFieldSamples(await datasetFieldSamples(pool, scope)))
  if (kinds.valueKeys.length === 0 && kinds.numberKeys.length === 0) return { fields: [] }
  const counts =
    (await countsFromIndex(payload, database, state, scope, kinds)) ??
    (await countsFromDatabase(pool, state, scope, kinds))
  const fields: FilterField[] = []
  for (const key of [...kinds.valueKeys].sort()) {
    const values = [...(counts.values.get(key) ?? [])]
      .map(([value, count]) => ({ value, count }))
      .sort((a, b) => b.count - a.count || a.value.localeCompare(b.value))
    // A field of the datasets that none of the filtered events has.
    if (values.length === 0) continue
    fields.push({
      path: key,
      kind: 'values',
      values: values.slice(0, MAX_LISTED_VALUES),
      truncated: values.length > MAX_LISTED_VALUES,
    })
  }
  for (const key of [...kinds.numberKeys].sort()) {
    const range = counts.ranges.get(key)
    if (range) fields.push({ path: key, kind: 'range', ...range })
  }
  return { fields }
}
