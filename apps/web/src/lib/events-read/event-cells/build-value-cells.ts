/**
 * A dataset's event cells per value of its value-list fields (`field-samples.ts`: text fields with
 * few distinct values, the ones explore offers to filter by), so that a read filtered by one such
 * field is counted ahead of time as well: map cells at zooms 0 to {@link VALUE_CELL_ZOOM} and UTC
 * months, per field and value (months rather than days: a thirtieth of the rows, for the histogram's
 * intervals of a month and longer), and per zoom-{@link MONTH_CELL_ZOOM} cell and UTC month (one
 * packed series per cell, see month-series.ts), for the histogram of a view that cuts through the
 * data. Each value gets a one-byte code (see {@link ValueCodes}) the point blocks store per event.
 * Written inside the transaction of `build-event-cells.ts`.
 *
 * An event counts under the text of its value, as the filter reads it (`data #>> path`): a field
 * holding numbers or JSON counts them by their text, and an event without the field counts under
 * no value of it.
 * @module
 */
import { clusterCellSize } from '@chronotope/filters'
import type { PoolClient } from 'pg'

import { fieldKindsOf, sampleDatasetFields } from '../field-samples'
import { MONTH_CELL_ZOOM } from './build-event-cells'
import { CELL_X, CELL_Y } from './cell-grid-sql'

/**
 * The finest zoom of the cells per value: a country's view. Past it a view is small enough for
 * the spatial index to find its events, and each zoom deeper would add as many cells again.
 */
export const VALUE_CELL_ZOOM = 6

/** Fields of a dataset counted per value, at most. */
export const MAX_VALUE_CELL_FIELDS = 8

/**
 * Distinct values a field may have over all of a dataset's events to be counted per value (its
 * sample may have found fewer); a field with more is left to the events.
 */
export const MAX_VALUE_CELL_VALUES = 200

/**
 * The code of "no value" in a point block: the event lacks the field (or holds JSON null). Codes of
 * values run from 0 up, fewer than {@link MAX_VALUE_CELL_VALUES}.
 */
export const NO_VALUE_CODE = 255

/**
 * The values of each field counted per value, in code order: an event's code for a field is the
 * index of its value in the field's list.
 */
export type ValueCodes = Readonly<Record<string, readonly string[]>>

/** What {@link buildValueCells} counted. */
export interface ValueCellBuild {
  /** The fields counted per value, in name order (the order of an event's codes in a block). */
  readonly fields: readonly string[]
  /** The values of the located events of each field, in code order. */
  readonly codes: ValueCodes
}

/** The value-list fields of a dataset's sample that can be counted per value, in name order. */
async function candidateFields(client: PoolClient, datasetId: number): Promise<string[]> {
  const { valueKeys } = fieldKindsOf(await sampleDatasetFields(client, datasetId))
  // A key holding a dot is a different path for the filter (`a.b` is `b` inside `a`).
  return valueKeys
    .filter((key) => !key.includes('.'))
    .sort()
    .slice(0, MAX_VALUE_CELL_FIELDS)
}

async function insertFinestValueCells(client: PoolClient, datasetId: number, fields: readonly string[]): Promise<void> {
  await client.query(
    `insert into event_value_cells (dataset_id, field, value, zoom, cy, cx, count, sum_lon, sum_lat, west, south, east, north, first_id)
     select $1, field, value, ${VALUE_CELL_ZOOM}, cy, cx, count(*), sum(lon), sum(lat), min(lon), min(lat), max(lon), max(lat), min(id)
       from (select e.id, k.field, e.data ->> k.field as value, st_x(e.location) as lon, st_y(e.location) as lat,
                    ${CELL_X}::int as cx, ${CELL_Y}::int as cy
               from events e cross join unnest($3::text[]) as k(field)
              where e.dataset_id = $1 and e.removed_at is null and e.location is not null) p
      where value is not null
      group by field, value, cy, cx`,
    [datasetId, clusterCellSize(VALUE_CELL_ZOOM), fields],
  )
}

async function insertValueMonths(client: PoolClient, datasetId: number, fields: readonly string[]): Promise<void> {
  await client.query(
    `insert into event_value_months (dataset_id, field, value, month, events, located, first_time, last_time,
       first_located_time, last_located_time)
     select $1, field, value, date_trunc('month', event_time, 'UTC'), count(*), count(location), min(event_time), max(event_time),
            min(event_time) filter (where location is not null), max(event_time) filter (where location is not null)
       from (select k.field, e.data ->> k.field as value, e.event_time, e.location
               from events e cross join unnest($2::text[]) as k(field)
              where e.dataset_id = $1 and e.removed_at is null and e.event_time is not null) p
      where value is not null
      group by field, value, 4`,
    [datasetId, fields],
  )
}

// Fields whose values turned out too many for their sample's promise are dropped again.
async function dropCrowdedFields(client: PoolClient, datasetId: number, fields: readonly string[]): Promise<string[]> {
  const { rows } = await client.query<{ field: string }>(
    `select field from (select field, value from event_value_cells where dataset_id = $1 and zoom = ${VALUE_CELL_ZOOM}
                        union select field, value from event_value_months where dataset_id = $1) v
      group by field having count(*) > $2`,
    [datasetId, MAX_VALUE_CELL_VALUES],
  )
  const crowded = rows.map((row) => row.field)
  if (crowded.length > 0) {
    await client.query('delete from event_value_cells where dataset_id = $1 and field = any($2::text[])', [
      datasetId,
      crowded,
    ])
    await client.query('delete from event_value_months where dataset_id = $1 and field = any($2::text[])', [
      datasetId,
      crowded,
    ])
  }
  return fields.filter((field) => !crowded.includes(field))
}

// Each value's events per zoom-4 cell and month, one packed series per cell (month-series.ts),
// written value by value: a category's cells over a continent lie on a few pages.
async function insertValueCellSeries(client: PoolClient, datasetId: number, fields: readonly string[]): Promise<void> {
  await client.query(
    `insert into event_value_cell_series (dataset_id, field, value, cy, cx, months)
     select $1, field, value, cy, cx,
            string_agg(float8send((extract(epoch from month) * 1000)::float8) || int4send(count), ''::bytea order by month)
       from (select field, value, cy, cx, month, count(*)::int as count
               from (select k.field, e.data ->> k.field as value, date_trunc('month', e.event_time, 'UTC') as month,
                            ${CELL_X}::int as cx, ${CELL_Y}::int as cy
                       from events e cross join unnest($3::text[]) as k(field)
                      where e.dataset_id = $1 and e.removed_at is null and e.location is not null
                        and e.event_time is not null) p
              where value is not null
              group by field, value, cy, cx, month) m
      group by field, value, cy, cx
      order by field, value, cy, cx`,
    [datasetId, clusterCellSize(MONTH_CELL_ZOOM), fields],
  )
}

// Sorted bytewise, so a build's codes do not depend on the database's collation.
async function valueCodesOf(client: PoolClient, datasetId: number, fields: readonly string[]): Promise<ValueCodes> {
  const { rows } = await client.query<{ field: string; values: string[] }>(
    `select field, array_agg(value order by value collate "C") as values
       from event_value_cells where dataset_id = $1 and zoom = 0 and field = any($2::text[])
      group by field`,
    [datasetId, fields],
  )
  return Object.fromEntries(fields.map((field) => [field, rows.find((row) => row.field === field)?.values ?? []]))
}

/**
 * Replaces a dataset's cells per value with those of the events the transaction sees, and answers
 * the fields counted and their values' codes.
 */
export async function buildValueCells(client: PoolClient, datasetId: number): Promise<ValueCellBuild> {
  for (const table of ['event_value_cells', 'event_value_months', 'event_value_cell_series'])
    await client.query(`delete from ${table} where dataset_id = $1`, [datasetId])
  const candidates = await candidateFields(client, datasetId)
  if (candidates.length === 0) return { fields: [], codes: {} }
  await insertFinestValueCells(client, datasetId, candidates)
  await insertValueMonths(client, datasetId, candidates)
  const fields = await dropCrowdedFields(client, datasetId, candidates)
  if (fields.length > 0) await insertValueCellSeries(client, datasetId, fields)
  for (let zoom = VALUE_CELL_ZOOM - 1; zoom >= 0; zoom--) {
    await client.query(
      `insert into event_value_cells (dataset_id, field, value, zoom, cy, cx, count, sum_lon, sum_lat, west, south, east, north, first_id)
       select dataset_id, field, value, $2, floor(cy / 2.0)::int, floor(cx / 2.0)::int, sum(count), sum(sum_lon), sum(sum_lat),
              min(west), min(south), max(east), max(north), min(first_id)
         from event_value_cells where dataset_id = $1 and zoom = $3
        group by dataset_id, field, value, floor(cy / 2.0)::int, floor(cx / 2.0)::int`,
      [datasetId, zoom, zoom + 1],
    )
  }
  return { fields, codes: await valueCodesOf(client, datasetId, fields) }
}
