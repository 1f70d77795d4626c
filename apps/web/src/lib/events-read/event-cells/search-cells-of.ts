/**
 * The searches' cells of the app's database, one store per process and database, capped by the
 * settings.
 * @module
 */
import type { Payload } from 'payload'
import type { Pool } from 'pg'

import { settings } from '../../../config/settings'
import { databasePool } from '../../import/progress-tracking'
import { SearchCellStore } from './search-cell-store'

const stores = new WeakMap<Pool, SearchCellStore>()

/** The searches' cells of the app's database (one store per process and database). */
export function searchCellsOf(payload: Payload): SearchCellStore {
  const pool = databasePool(payload)
  let store = stores.get(pool)
  if (!store) {
    store = new SearchCellStore(pool, {
      maxBytes: settings.searchCellsMaxBytes,
      onBuilt: (build) =>
        payload.logger.info(
          `Search cells: built search ${build.searchId} of dataset ${build.datasetId} (${build.matches} matches, ${Math.round(build.bytes / 1024)} kB) in ${build.seconds.toFixed(2)} s`,
        ),
      onBuildError: (err, datasetId) =>
        payload.logger.error({
          err,
          msg: `Search cells: could not build a search of dataset ${datasetId}; its reads visit the matches`,
        }),
    })
    stores.set(pool, store)
  }
  return store
}
