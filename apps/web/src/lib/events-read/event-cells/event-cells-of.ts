/**
 * The event cells of the app's database, one store per process and database, sized by the
 * settings and told by the in-memory index which datasets it holds.
 * @module
 */
import type { Payload } from 'payload'
import type { Pool } from 'pg'

import { settings } from '../../../config/settings'
import { databasePool } from '../../import/progress-tracking'
import { eventIndexOf } from '../event-index/indexed-selection'
import { EventCellStore } from './event-cell-store'

const stores = new WeakMap<Pool, EventCellStore>()

/** The event cells of the app's database (one store per process and database). */
export function eventCellsOf(payload: Payload): EventCellStore {
  const pool = databasePool(payload)
  let store = stores.get(pool)
  if (!store) {
    const index = eventIndexOf(payload)
    store = new EventCellStore(pool, {
      minEvents: settings.eventCellsMinEvents,
      indexCanHold: (versions) => index.canHold(versions),
      onBuilt: (build) =>
        payload.logger.info(
          `Event cells: built dataset ${build.datasetId} (${build.located} located, ${build.dated} dated events) in ${build.seconds.toFixed(2)} s`,
        ),
      onBuildError: (err, datasetId) =>
        payload.logger.error({ err, msg: `Event cells: could not build dataset ${datasetId}; reads count its events` }),
    })
    stores.set(pool, store)
  }
  return store
}
