/**
 * `GET /api/events/dataset-counts`: how many of the filtered events each dataset holds and when
 * the first and last of them happened, for the explore view's catalog and dataset tree and its
 * summary line ("1,734 events · 1 dataset · 2023–2024"). Counted in the in-memory event index
 * when it can answer (one selection per dataset), else from the event cells of datasets outside
 * memory when they count the filter, else by the database.
 * @module
 */
import { timeExtent } from '@chronotope/event-index'
import type { FilterState } from '@chronotope/filters'
import type { Payload } from 'payload'
import type { Pool } from 'pg'

import type { ReadDatabase } from '../database/read-router'
import {
  buildsCountValuesOf,
  filtersOnlyByPlaceAndTime,
  searchTextOf,
  spanCountsByDataset,
  valueSliceOf,
  viewHoldsEveryEvent,
  wholeDaysOf,
  wholeMonthsOf,
} from './event-cells/cell-queries'
import type { CellScope } from './event-cells/event-cell-store'
import { eventCellsOf } from './event-cells/event-cells-of'
import type { SearchSlice } from './event-cells/search-cell-store'
import { searchCellsOf } from './event-cells/search-cells-of'
import { eventConditions, SqlParams, type DatasetScope } from './event-conditions'
import { selectFromIndex } from './event-index/indexed-selection'
import { isoOrNull } from './event-rows'
import type { DatasetCount, DatasetCountsResponse } from './read-responses'
import { searchViewPlan } from './search-view-plan'

/** One dataset's filtered events: how many, and the first and last event time in epoch ms. */
export interface DatasetEventCount {
  readonly datasetId: number
  readonly count: number
  readonly firstMs: number | null
  readonly lastMs: number | null
}

function isoOfMs(ms: number | null): string | null {
  return ms === null ? null : isoOrNull(new Date(ms))
}

const msOf = (time: Date | null): number | null => (time === null ? null : time.getTime())

// Each build's events: all of them, or those with a location (a map view holding every one).
function countsOfBuilds(cells: CellScope, located: boolean): DatasetEventCount[] | null {
  if (cells.builds.some((build) => build.events === null)) return null
  return cells.builds.map((build) => ({
    datasetId: build.datasetId,
    count: located ? build.located : build.events!,
    firstMs: msOf(located ? build.firstLocatedTime : build.firstTime),
    lastMs: msOf(located ? build.lastLocatedTime : build.lastTime),
  }))
}

// A search's matches in each dataset, with the first and last time of its months.
async function countsOfSearch(pool: Pool, search: SearchSlice): Promise<DatasetEventCount[]> {
  const { rows } = await pool.query<{
    dataset_id: number
    count: string
    first_ms: number | null
    last_ms: number | null
  }>(
    `select s.dataset_id, s.matches::text as count,
            (extract(epoch from min(m.first_time)) * 1000)::float8 as first_ms,
            (extract(epoch from max(m.last_time)) * 1000)::float8 as last_ms
       from event_searches s left join event_search_months m on m.search_id = s.id
      where s.id = any($1::int[]) group by s.id`,
    [[...search.searchIds]],
  )
  return rows.map((row) => ({
    datasetId: Number(row.dataset_id),
    count: Number(row.count),
    firstMs: row.first_ms === null ? null : Number(row.first_ms),
    lastMs: row.last_ms === null ? null : Number(row.last_ms),
  }))
}

// From the event cells of datasets outside memory, for a read whose map view (if any) holds every
// located event of its datasets: filtered by datasets only (the builds' counts), by a search alone
// (its own cells), or over whole days (the day counts), or by a search or one value-list field over
// whole months (their months). Months and days hold dated events only, which is all a time range
// keeps; a value filter or a searched view over all time also needs the undated ones.
async function countsFromCells(
  payload: Payload,
  database: ReadDatabase,
  state: FilterState,
  scope: DatasetScope,
): Promise<DatasetEventCount[] | null> {
  const text = searchTextOf(state)
  const values = text || filtersOnlyByPlaceAndTime(state) ? undefined : valueSliceOf(state)
  const dated = state.startDate !== undefined || state.endDate !== undefined
  if (values === null || (!dated && (values || (text && state.bbox)))) return null
  const span = values || text ? wholeMonthsOf(state) : wholeDaysOf(state)
  if (!span) return null
  const cells = await eventCellsOf(payload).cellsFor(database, scope)
  if (!cells || (values && !buildsCountValuesOf(values, cells.builds))) return null
  if (state.bbox && !viewHoldsEveryEvent(state.bbox, cells.builds)) return null
  const located = state.bbox !== undefined
  const search = text ? await searchCellsOf(payload).searchFor(database, cells, text) : undefined
  if (search === null) return null
  if (!dated) return search ? countsOfSearch(database.pool, search) : countsOfBuilds(cells, located)
  const counts = await spanCountsByDataset(database.pool, cells.datasetIds, values ?? search, span, located)
  return counts.map(({ datasetId, count, first, last }) => ({
    datasetId,
    count,
    firstMs: msOf(first),
    lastMs: msOf(last),
  }))
}

/**
 * The filtered events of each dataset in scope, counted with their time extent (epoch ms), from
 * the event index, the event cells (a search's own), or one grouped query; also for the home
 * page's dataset summaries.
 */
export async function countEventsByDataset(
  payload: Payload,
  database: ReadDatabase,
  state: FilterState,
  scope: DatasetScope,
): Promise<DatasetEventCount[]> {
  const selections = await selectFromIndex(payload, database, state, scope, { ordered: false })
  if (selections) {
    return selections.map((selection) => {
      const extent = timeExtent([selection])
      return {
        datasetId: selection.segment.datasetId,
        count: selection.size,
        firstMs: extent?.firstMs ?? null,
        lastMs: extent?.lastMs ?? null,
      }
    })
  }
  const fromCells = await countsFromCells(payload, database, state, scope)
  if (fromCells) return fromCells
  const params = new SqlParams()
  const where = eventConditions(state, scope, params, await searchViewPlan(database.pool, state, scope))
  // Epoch milliseconds as float8, so years before the common era arrive as plain numbers.
  const { rows: found } = await database.pool.query<{
    dataset_id: number
    count: number
    first_ms: number | null
    last_ms: number | null
  }>(
    `select e.dataset_id, count(*)::int as count,
         (extract(epoch from min(e.event_time)) * 1000)::float8 as first_ms,
         (extract(epoch from max(e.event_time)) * 1000)::float8 as last_ms
       from events e where ${where} group by e.dataset_id`,
    params.values,
  )
  return found.map((row) => ({
    datasetId: Number(row.dataset_id),
    count: Number(row.count),
    firstMs: row.first_ms === null ? null : Number(row.first_ms),
    lastMs: row.last_ms === null ? null : Number(row.last_ms),
  }))
}

/** Counts the filtered events per dataset, with their time extent; datasets with none are left out. */
export async function datasetCounts(
  payload: Payload,
  database: ReadDatabase,
  state: FilterState,
  scope: DatasetScope,
): Promise<DatasetCountsResponse> {
  const rows = await countEventsByDataset(payload, database, state, scope)
  const counted = rows.filter((row) => row.count > 0).sort((a, b) => a.datasetId - b.datasetId)
  const firsts = counted.flatMap((row) => (row.firstMs === null ? [] : [row.firstMs]))
  const lasts = counted.flatMap((row) => (row.lastMs === null ? [] : [row.lastMs]))
  const datasets: DatasetCount[] = counted.map((row) => ({
    datasetId: row.datasetId,
    count: row.count,
    firstTime: isoOfMs(row.firstMs),
    lastTime: isoOfMs(row.lastMs),
  }))
  return {
    datasets,
    total: counted.reduce((sum, row) => sum + row.count, 0),
    firstTime: firsts.length > 0 ? isoOfMs(Math.min(...firsts)) : null,
    lastTime: lasts.length > 0 ? isoOfMs(Math.max(...lasts)) : null,
  }
}
