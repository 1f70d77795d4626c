/**
 * `GET /api/events/dataset-counts`: how many of the filtered events each dataset holds, for the
 * explore view's catalog and dataset tree and its summary line. Counted in the in-memory event
 * index when it can answer (one selection per dataset), else by the database.
 * @module
 */
import type { FilterState } from '@chronotope/filters'
import type { Payload } from 'payload'

import { databasePool } from '../import/progress-tracking'
import { eventConditions, SqlParams, type DatasetScope } from './event-conditions'
import { selectFromIndex } from './event-index/indexed-selection'
import type { DatasetCountsResponse } from './read-responses'

/** Counts the filtered events per dataset; datasets with none are left out. */
export async function datasetCounts(
  payload: Payload,
  state: FilterState,
  scope: DatasetScope,
): Promise<DatasetCountsResponse> {
  const selections = await selectFromIndex(payload, state, scope, { ordered: false })
  let counts: Array<{ datasetId: number; count: number }>
  if (selections) {
    const byDataset = new Map<number, number>()
    for (const selection of selections) {
      const id = selection.segment.datasetId
      byDataset.set(id, (byDataset.get(id) ?? 0) + selection.size)
    }
    counts = [...byDataset].map(([datasetId, count]) => ({ datasetId, count }))
  } else {
    const params = new SqlParams()
    const where = eventConditions(state, scope, params)
    const { rows } = await databasePool(payload).query<{ dataset_id: number; count: number }>(
      `select e.dataset_id, count(*)::int as count from events e where ${where} group by e.dataset_id`,
      params.values,
    )
    counts = rows.map((row) => ({ datasetId: Number(row.dataset_id), count: Number(row.count) }))
  }
  const datasets = counts.filter((entry) => entry.count > 0).sort((a, b) => a.datasetId - b.datasetId)
  return { datasets, total: datasets.reduce((sum, entry) => sum + entry.count, 0) }
}
