/**
 * `GET /api/events/bounds`: the extent of the filtered events, for "zoom to data".
 * @module
 */
import { locatedExtent } from '@chronotope/event-index'
import type { FilterState } from '@chronotope/filters'
import type { Payload } from 'payload'

import type { ReadDatabase } from '../database/read-router'
import {
  buildsCountValuesOf,
  filtersOnlyByPlace,
  filtersOnlyByPlaceAndTime,
  monthsExtent,
  valueSliceOf,
  valuesExtent,
  viewHoldsEveryEvent,
  wholeMonthsOf,
} from './event-cells/cell-queries'
import { eventCellsOf } from './event-cells/event-cells-of'
import type { CellScope } from './event-cells/event-cell-store'
import { eventConditions, SqlParams, type DatasetScope } from './event-conditions'
import { selectFromIndex } from './event-index/indexed-selection'
import type { SimpleBoundsResponse } from './read-responses'

// The union of the datasets' extents, as st_extent gives it over all their events.
function boundsOfCells(cells: CellScope): SimpleBoundsResponse {
  const extents = cells.builds.flatMap((build) => (build.extent ? [build.extent] : []))
  const count = cells.builds.reduce((sum, build) => sum + build.located, 0)
  if (extents.length === 0 || count === 0) return { bounds: null, count: 0 }
  return {
    bounds: [
      Math.min(...extents.map((extent) => extent[0])),
      Math.min(...extents.map((extent) => extent[1])),
      Math.max(...extents.map((extent) => extent[2])),
      Math.max(...extents.map((extent) => extent[3])),
    ],
    count,
  }
}

/** The simple (west ≤ east) extent of the filtered events that have a location. */
export async function eventBounds(
  payload: Payload,
  database: ReadDatabase,
  state: FilterState,
  scope: DatasetScope,
): Promise<SimpleBoundsResponse> {
  const selections = await selectFromIndex(payload, database, state, scope, { locatedOnly: true, ordered: false })
  if (selections) return locatedExtent(selections)
  const unfiltered = filtersOnlyByPlace(state)
  const months = !unfiltered && filtersOnlyByPlaceAndTime(state) ? wholeMonthsOf(state) : null
  const values = unfiltered || months || state.startDate || state.endDate ? null : valueSliceOf(state)
  if (unfiltered || months || values) {
    const cells = await eventCellsOf(payload).cellsFor(database, scope)
    // A view holding every event leaves the extent as it is; one cutting through it needs the events.
    if (cells && (!state.bbox || viewHoldsEveryEvent(state.bbox, cells.builds))) {
      if (months) return monthsExtent(database.pool, cells.datasetIds, months)
      if (!values) return boundsOfCells(cells)
      if (buildsCountValuesOf(values, cells.builds)) return valuesExtent(database.pool, cells.datasetIds, values)
    }
  }
  const params = new SqlParams()
  const where = eventConditions(state, scope, params)
  const { rows } = await database.pool.query<{
    west: number | null
    south: number | null
    east: number | null
    north: number | null
    count: number
  }>(
    `select st_xmin(x) as west, st_ymin(x) as south, st_xmax(x) as east, st_ymax(x) as north, n as count
     from (select st_extent(e.location) as x, count(e.location)::int as n from events e where ${where}) t`,
    params.values,
  )
  const row = rows[0]
  if (!row || row.count === 0 || row.west === null) return { bounds: null, count: 0 }
  return { bounds: [row.west, row.south!, row.east!, row.north!], count: row.count }
}
