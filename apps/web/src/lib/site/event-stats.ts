/**
 * Event counts and time spans per dataset: from the in-memory event index when it can answer (no
 * scan of the events on each home page visit), else in one grouped query. The caller passes only
 * dataset ids the visitor may see (found through the CMS's access rules); this module never
 * decides that.
 * @module
 */
import { timeExtent } from '@chronotope/event-index'
import type { Payload } from 'payload'

import { selectFromIndex } from '../events-read/event-index/indexed-selection'
import { databasePool } from '../import/progress-tracking'
import type { DatasetEventStats } from './dataset-summary-text'

/**
 * Per dataset id: how many events it holds and its first and last event time (epoch ms). Datasets
 * without events are absent from the map.
 * @param datasetIds - ids of datasets the visitor may see
 * @example await eventStatsByDataset(payload, [1, 2]) // Map { 1 => { count: 1200, firstMs: 1262304000000, lastMs: ... } }
 */
export async function eventStatsByDataset(
  payload: Payload,
  datasetIds: readonly number[],
): Promise<Map<number, DatasetEventStats>> {
  const stats = new Map<number, DatasetEventStats>()
  if (datasetIds.length === 0) return stats
  const selections = await selectFromIndex(payload, { catalogs: [], datasets: [], fields: {} }, datasetIds, {
    ordered: false,
  })
  if (selections) {
    for (const selection of selections) {
      if (selection.size === 0) continue
      const extent = timeExtent([selection])
      stats.set(selection.segment.datasetId, {
        count: selection.size,
        firstMs: extent?.firstMs ?? null,
        lastMs: extent?.lastMs ?? null,
      })
    }
    return stats
  }
  // Epoch milliseconds as float8, so years before the common era arrive as plain numbers.
  const { rows } = await databasePool(payload).query<{
    dataset_id: number
    count: number
    first_ms: number | null
    last_ms: number | null
  }>(
    `select e.dataset_id, count(*)::int as count,
       (extract(epoch from min(e.event_time)) * 1000)::float8 as first_ms,
       (extract(epoch from max(e.event_time)) * 1000)::float8 as last_ms
     from events e where e.dataset_id = any($1::int[]) group by e.dataset_id`,
    [[...datasetIds]],
  )
  for (const row of rows) {
    stats.set(Number(row.dataset_id), {
      count: Number(row.count),
      firstMs: row.first_ms === null ? null : Number(row.first_ms),
      lastMs: row.last_ms === null ? null : Number(row.last_ms),
    })
  }
  return stats
}
