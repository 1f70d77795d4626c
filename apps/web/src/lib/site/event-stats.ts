/**
 * Event counts and time spans per dataset: from the in-memory event index when it can answer (no
 * scan of the events on each home page visit), else in one grouped query. The caller passes only
 * dataset ids the visitor may see (found through the CMS's access rules); this module never
 * decides that.
 * @module
 */
import type { Payload } from 'payload'

import { withReadDatabase } from '../database/read-database'
import { countEventsByDataset } from '../events-read/dataset-counts'
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
  if (datasetIds.length === 0) return new Map()
  const counts = await withReadDatabase(payload, datasetIds, (database) =>
    countEventsByDataset(payload, database, { catalogs: [], datasets: [], fields: {} }, datasetIds),
  )
  return new Map(
    counts
      .filter((entry) => entry.count > 0)
      .map(({ datasetId, count, firstMs, lastMs }) => [datasetId, { count, firstMs, lastMs }]),
  )
}
