/**
 * `GET /api/events/filters`: what the current selection can be filtered by. Fields are found in a
 * sample of the selection's data: text fields with few distinct values become value lists (counted
 * over the whole selection), numeric fields become ranges. Fields shared by several datasets are
 * listed once, across them.
 * @module
 */
import type { FilterState } from '@chronotope/filters'
import type { Pool } from 'pg'

import { eventConditions, SqlParams, type DatasetScope } from './event-conditions'
import type { FilterField, FilterFieldsResponse } from './read-responses'

/** Events sampled to find the filterable fields. */
export const FILTER_SAMPLE_SIZE = 2000
/** A text field with more distinct values than this in the sample is free text, not a value list. */
export const MAX_LISTED_VALUES = 50

interface SampledKey {
  readonly key: string
  readonly strings: number
  readonly numbers: number
  readonly distinct_strings: number
}

/** The filterable fields of the selection, value lists first, each group by name. */
export async function filterFields(pool: Pool, state: FilterState, scope: DatasetScope): Promise<FilterFieldsResponse> {
  const sampleParams = new SqlParams()
  const sampleWhere = eventConditions(state, scope, sampleParams)
  const { rows: sampled } = await pool.query<SampledKey>(
    `select kv.key,
       count(*) filter (where jsonb_typeof(kv.value) = 'string')::int as strings,
       count(*) filter (where jsonb_typeof(kv.value) = 'number')::int as numbers,
       count(distinct kv.value) filter (where jsonb_typeof(kv.value) = 'string')::int as distinct_strings
     from (select e.data from events e where ${sampleWhere} and jsonb_typeof(e.data) = 'object'
           limit ${sampleParams.add(FILTER_SAMPLE_SIZE)}) s, jsonb_each(s.data) kv
     group by kv.key`,
    sampleParams.values,
  )
  const valueKeys = sampled
    .filter(
      (key) =>
        key.strings > 0 &&
        key.numbers === 0 &&
        key.distinct_strings <= MAX_LISTED_VALUES &&
        key.distinct_strings < key.strings,
    )
    .map((key) => key.key)
  const numberKeys = sampled.filter((key) => key.numbers > 0 && key.strings === 0).map((key) => key.key)
  const fields: FilterField[] = []

  if (valueKeys.length > 0) {
    const params = new SqlParams()
    const where = eventConditions(state, scope, params)
    const { rows } = await pool.query<{ key: string; value: string; count: number }>(
      `select kv.key, kv.value, count(*)::int as count
       from events e, jsonb_each_text(case when jsonb_typeof(e.data) = 'object' then e.data else '{}'::jsonb end) kv
       where ${where} and kv.key = any(${params.add(valueKeys)}::text[]) and kv.value is not null
       group by 1, 2`,
      params.values,
    )
    for (const key of [...valueKeys].sort()) {
      const values = rows
        .filter((row) => row.key === key)
        .sort((a, b) => b.count - a.count || a.value.localeCompare(b.value))
      fields.push({
        path: key,
        kind: 'values',
        values: values.slice(0, MAX_LISTED_VALUES).map(({ value, count }) => ({ value, count })),
        truncated: values.length > MAX_LISTED_VALUES,
      })
    }
  }

  if (numberKeys.length > 0) {
    const params = new SqlParams()
    const where = eventConditions(state, scope, params)
    const { rows } = await pool.query<{ key: string; min: string; max: string; count: number }>(
      `select kv.key, min((kv.value)::text::numeric) as min, max((kv.value)::text::numeric) as max, count(*)::int as count
       from events e, jsonb_each(case when jsonb_typeof(e.data) = 'object' then e.data else '{}'::jsonb end) kv
       where ${where} and kv.key = any(${params.add(numberKeys)}::text[]) and jsonb_typeof(kv.value) = 'number'
       group by 1 order by 1`,
      params.values,
    )
    for (const row of rows)
      fields.push({ path: row.key, kind: 'range', min: Number(row.min), max: Number(row.max), count: row.count })
  }
  return { fields }
}
