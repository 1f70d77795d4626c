/**
 * `GET /api/events/dataset-counts`: how many of the filtered events each dataset holds and when
 * the first and last of them happened, for the explore view's catalog and dataset tree and its
 * summary line ("1,734 events · 1 dataset · 2023–2024"). Counted in the in-memory event index
 * when it can answer (one selection per dataset), else by the database.
 * @module
 */
import { timeExtent } from '@chronotope/event-index'
import type { FilterState } from '@chronotope/filters'
import type { Payload } from 'payload'

import type { ReadDatabase } from '../database/read-router'
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

/**
 * The filtered events of each dataset in scope, counted with their time extent (epoch ms), from
 * the event index or one grouped query; also for the home page's dataset summaries.
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
