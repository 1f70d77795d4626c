/**
 * The extent of the events an explore link opens on, read with the page. Without a camera in the
 * link the map opens fitted to that extent; known with the page, the map's first clusters are
 * asked for as soon as the panel mounts instead of after a `bounds` round trip, which on a cold
 * load waits behind MapLibre's start-up on the browser's main thread.
 * @module
 */
import { filterStateKey } from '@chronotope/filters'
import { createLocalReq, type Payload, type PayloadRequest } from 'payload'

import { cameraOfView } from '../../components/explore/map-camera'
import type { ExploreCatalog } from '../../components/explore/explore-types'
import {
  filterStateOfView,
  keepVisibleIds,
  mapFilterState,
  visibleIds,
  type ExploreState,
} from '../../components/explore/view-state'
import { withReadDatabase } from '../database/read-database'
import { eventBounds } from '../events-read/event-bounds'
import type { SimpleBoundsResponse } from '../events-read/read-responses'
import { readScope } from '../events-read/read-scope'

/** A `bounds` answer and the filter-state key it answers (the explore view's query key). */
export interface InitialBounds {
  readonly key: string
  readonly response: SimpleBoundsResponse
}

/**
 * The `bounds` answer for the map of `view`, as the read API would give it to `user`; null when
 * the link has a camera (nothing to fit), names only what the visitor cannot see, or the read
 * fails (the browser then asks, and shows the API's error).
 */
export async function initialBounds(
  payload: Payload,
  user: PayloadRequest['user'],
  catalogs: readonly ExploreCatalog[],
  view: ExploreState,
): Promise<InitialBounds | null> {
  if (cameraOfView(view) !== null) return null
  const { datasetIds, catalogIds } = visibleIds(catalogs)
  const visible = keepVisibleIds(filterStateOfView(view), datasetIds, catalogIds)
  if (visible.nothingVisible) return null
  const { state } = mapFilterState(visible.state, view.at, view.window)
  try {
    const req = await createLocalReq({ user: user ?? undefined }, payload)
    const scope = await readScope(req, state)
    const response = await withReadDatabase(payload, scope, (database) => eventBounds(payload, database, state, scope))
    return { key: filterStateKey(state), response }
  } catch (error) {
    payload.logger.warn({ err: error }, 'The explore page could not read its events’ extent; the browser will ask')
    return null
  }
}
