/**
 * `GET /api/events/bounds`: the extent of the filtered events, for "zoom to data".
 * @module
 */
import { locatedExtent } from '@chronotope/event-index'
import { splitBoundingBox, type BoundingBox, type FilterState } from '@chronotope/filters'
import type { Payload } from 'payload'
import type { Pool } from 'pg'

import type { ReadDatabase } from '../database/read-router'
import { COARSE_MONTH_CELL_ZOOM } from './event-cells/build-event-cells'
import {
  buildsCountValuesOf,
  cellSliceOf,
  extentOfCells,
  searchTextOf,
  viewHoldsEveryEvent,
  type CellSlice,
  type LocatedExtent,
} from './event-cells/cell-queries'
import { eventCellsOf } from './event-cells/event-cells-of'
import type { CellScope } from './event-cells/event-cell-store'
import { extentOfPoints, millisecondSpanOf } from './event-cells/point-block-codec'
import { pointBlocksInView } from './event-cells/point-blocks'
import { searchCellsOf } from './event-cells/search-cells-of'
import { cutView, outsideCutSql, type ViewCut } from './event-cells/view-cut'
import { eventConditions, SqlParams, type DatasetScope } from './event-conditions'
import { selectFromIndex } from './event-index/indexed-selection'
import type { SimpleBoundsResponse } from './read-responses'
import { searchViewPlan } from './search-view-plan'

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

function joinExtents(a: LocatedExtent, b: LocatedExtent): SimpleBoundsResponse {
  if (!a.bounds || !b.bounds) return { bounds: a.bounds ?? b.bounds, count: a.count + b.count }
  return {
    bounds: [
      Math.min(a.bounds[0], b.bounds[0]),
      Math.min(a.bounds[1], b.bounds[1]),
      Math.max(a.bounds[2], b.bounds[2]),
      Math.max(a.bounds[3], b.bounds[3]),
    ],
    count: a.count + b.count,
  }
}

// The count and extent of the events `where` selects.
async function extentOfEvents(pool: Pool, where: string, values: readonly unknown[]): Promise<LocatedExtent> {
  const { rows } = await pool.query<{
    west: number | null
    south: number | null
    east: number | null
    north: number | null
    count: number
  }>(
    `select st_xmin(x) as west, st_ymin(x) as south, st_xmax(x) as east, st_ymax(x) as north, n as count
     from (select st_extent(e.location) as x, count(e.location)::int as n from events e where ${where}) t`,
    [...values],
  )
  const row = rows[0]
  if (!row || row.count === 0 || row.west === null) return { bounds: null, count: 0 }
  return { bounds: [row.west, row.south!, row.east!, row.north!], count: row.count }
}

// The count and extent of the events of the view's point blocks (outside `cut`'s inside cells),
// with the slice's values by their codes; null when the blocks are too many, or hold no word to
// search.
async function extentOfBlocks(
  pool: Pool,
  cells: CellScope,
  view: BoundingBox,
  slice: CellSlice,
  cut: ViewCut | null,
): Promise<LocatedExtent | null> {
  if (slice.search) return null
  const leftOut = cut ? { zoom: cut.zoom, range: cut.inner } : undefined
  const values = slice.values && { slice: slice.values, builds: cells.builds }
  const blocks = await pointBlocksInView(pool, cells.datasetIds, view, { leftOut, values })
  const span = slice.months ? millisecondSpanOf(slice.months) : null
  return blocks && extentOfPoints(blocks, splitBoundingBox(view), span)
}

// A view cutting through the data: its inside cells, counted ahead of time, and the events of the
// strips around them, from their point blocks or else the events table. Without a cell wholly
// inside the view (a city's), all its events from their point blocks; null when they cannot.
async function boundsAcrossView(
  pool: Pool,
  cells: CellScope,
  state: FilterState & { bbox: BoundingBox },
  scope: DatasetScope,
  slice: CellSlice,
): Promise<SimpleBoundsResponse | null> {
  const cut = cutView(state.bbox, slice)
  if (!cut) return extentOfBlocks(pool, cells, state.bbox, slice, null)
  const aroundFromEvents = () => {
    const params = new SqlParams()
    const where = `${eventConditions(state, scope, params)} and ${outsideCutSql(state.bbox, cut, params)}`
    return extentOfEvents(pool, where, params.values)
  }
  const [inside, around] = await Promise.all([
    extentOfCells(pool, cells.datasetIds, cut.zoom, cut.inner, slice),
    extentOfBlocks(pool, cells, state.bbox, slice, cut).then((extent) => extent ?? aroundFromEvents()),
  ])
  return joinExtents(inside, around)
}

// From the cells, when the read's datasets have them and they count its filter: a search's from
// its own cells.
async function boundsFromCells(
  payload: Payload,
  database: ReadDatabase,
  state: FilterState,
  scope: DatasetScope,
): Promise<SimpleBoundsResponse | null> {
  const text = state.startDate || state.endDate ? null : searchTextOf(state)
  let slice = cellSliceOf(state)
  if (!slice && !text) return null
  const cells = await eventCellsOf(payload).cellsFor(database, scope)
  if (!cells) return null
  if (text) {
    const search = await searchCellsOf(payload).searchFor(database, cells, text)
    if (!search) return null
    slice = { search }
  }
  if (!slice || (slice.values && !buildsCountValuesOf(slice.values, cells.builds))) return null
  const bbox = state.bbox
  // A view holding every event leaves the extent as it is; one cutting through it is counted in parts.
  if (bbox && !viewHoldsEveryEvent(bbox, cells.builds))
    return boundsAcrossView(database.pool, cells, { ...state, bbox }, scope, slice)
  if (slice.months) return extentOfCells(database.pool, cells.datasetIds, COARSE_MONTH_CELL_ZOOM, null, slice)
  if (slice.values || slice.search) return extentOfCells(database.pool, cells.datasetIds, 0, null, slice)
  return boundsOfCells(cells)
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
  const fromCells = await boundsFromCells(payload, database, state, scope)
  if (fromCells) return fromCells
  const params = new SqlParams()
  const where = eventConditions(state, scope, params, await searchViewPlan(database.pool, state, scope))
  return extentOfEvents(database.pool, where, params.values)
}
