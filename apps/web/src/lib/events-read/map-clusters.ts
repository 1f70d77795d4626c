/**
 * `GET /api/events/map-clusters`: what the map draws for a box and zoom. Events are grouped on a
 * fixed Web Mercator grid anchored at the world's origin (64-px cells, `@chronotope/filters`), so
 * an event stays in the same cell however the map pans, and the box is widened to whole cells so
 * a cell's count and centroid do not change as it slides in and out of view. When few events are
 * in view they come back one by one. Events at one place (`map-places.ts`) are one mark at every
 * zoom, with their count and mix. Cells are counted in the in-memory event index when it can
 * answer, else by the database.
 * @module
 */
import {
  clusterCells,
  countPlaces,
  locatedIdsUpTo,
  type ClusterCellSummary,
  type PlaceCounts,
  type Selection,
} from '@chronotope/event-index'
import { clusterCellSize, placeOfExtent, snapToCells, type BoundingBox, type FilterState } from '@chronotope/filters'
import type { Payload } from 'payload'
import type { Pool } from 'pg'

import type { ReadDatabase } from '../database/read-router'
import { SEARCH_CELL_ZOOM } from './event-cells/build-search-cells'
import { cellXSql, cellYSql } from './event-cells/cell-grid-sql'
import {
  buildsCountValuesOf,
  cellSliceOf,
  cellsInView,
  finestCellZoomOf,
  searchTextOf,
  placeCountsOfCell,
  type CellSlice,
} from './event-cells/cell-queries'
import { eventCellsOf } from './event-cells/event-cells-of'
import type { CellScope } from './event-cells/event-cell-store'
import { searchCellsOf } from './event-cells/search-cells-of'
import { eventConditions, SqlParams, type ConditionOptions, type DatasetScope } from './event-conditions'
import { selectFromIndex } from './event-index/indexed-selection'
import { isoOrNull } from './event-rows'
import { searchViewPlan } from './search-view-plan'
import { groupRowsByPlace, placeCountsFromDatabase, placeFeature, placeOfRows, type PlaceMark } from './map-places'
import type { MapClusterFeature, MapClustersResponse } from './read-responses'

/** At or below this many events in view, each event is its own mark. */
export const SINGLE_EVENTS_UP_TO = 200

interface SingleRow {
  readonly id: number
  readonly dataset_id: number
  readonly title: string | null
  readonly event_time: Date | null
  readonly time_precision: string | null
  readonly location_name: string | null
  readonly location_precision: string | null
  readonly coordinate_source: string | null
  readonly color_value: string | null
  readonly longitude: number
  readonly latitude: number
}

function single(row: SingleRow): MapClusterFeature {
  return {
    type: 'Feature',
    id: Number(row.id),
    geometry: { type: 'Point', coordinates: [row.longitude, row.latitude] },
    properties: {
      cluster: false,
      eventId: Number(row.id),
      datasetId: Number(row.dataset_id),
      title: row.title,
      eventTime: isoOrNull(row.event_time),
      timePrecision: row.time_precision,
      locationName: row.location_name,
      locationPrecision: row.location_precision,
      coordinateSource: row.coordinate_source,
      value: row.color_value,
    },
  }
}

/** The columns of a single event; `$1` is the colour field's path as a text array, or null. */
const SINGLE_COLUMNS =
  'e.id, e.dataset_id, e.title, e.event_time, e.time_precision, e.location_name,' +
  ' e.coordinates_precision as location_precision, e.coordinates_source as coordinate_source,' +
  ' (e.data #>> $1::text[]) as color_value, st_x(e.location) as longitude, st_y(e.location) as latitude'

function colorPath(colorField: string | undefined): string[] | null {
  return colorField === undefined ? null : colorField.split('.')
}

async function singlesById(
  pool: Pool,
  ids: readonly number[],
  colorField: string | undefined,
): Promise<Map<number, SingleRow>> {
  if (ids.length === 0) return new Map()
  const { rows } = await pool.query<SingleRow>(`select ${SINGLE_COLUMNS} from events e where e.id = any($2::int[])`, [
    colorPath(colorField),
    ids,
  ])
  return new Map(rows.map((row) => [Number(row.id), row]))
}

function singlesResponse(
  rows: readonly SingleRow[],
  zoom: number,
  colorField: string | undefined,
): MapClustersResponse {
  const features = groupRowsByPlace(rows).map((group) => {
    if (group.length === 1) return single(group[0]!)
    const { mark, counts } = placeOfRows(group, colorField !== undefined)
    return placeFeature(mark, counts, colorField !== undefined)
  })
  return { type: 'FeatureCollection', features, zoom, total: rows.length }
}

/**
 * Counts the events of the place marks by dataset and value: in the event index, the database or
 * the cells; `cells` are the cells the marks stand for, in the same order.
 */
type PlaceCounter = (
  marks: readonly PlaceMark[],
  cells: readonly ClusterCellSummary[],
) => Promise<PlaceCounts[]> | PlaceCounts[]

function placeMarkOf(cell: ClusterCellSummary): PlaceMark | null {
  if (cell.count < 2) return null
  const bounds = [cell.west, cell.south, cell.east, cell.north] as const
  const place = placeOfExtent(bounds)
  return place && { place, count: cell.count, longitude: cell.longitude, latitude: cell.latitude, bounds }
}

async function clustersResponse(
  pool: Pool,
  cells: readonly ClusterCellSummary[],
  zoom: number,
  colorField: string | undefined,
  countPlacesOf: PlaceCounter,
): Promise<MapClustersResponse> {
  const lone = await singlesById(
    pool,
    cells.filter((cell) => cell.count === 1).map((cell) => cell.firstId),
    colorField,
  )
  const placeMarks = cells.map(placeMarkOf)
  const marks = placeMarks.filter((mark): mark is PlaceMark => mark !== null)
  const markCells = cells.filter((_, index) => placeMarks[index] !== null)
  const counts = marks.length > 0 ? await countPlacesOf(marks, markCells) : []
  const countOf = new Map(marks.map((mark, index) => [mark, counts[index]!]))
  const features = cells.map((cell, index): MapClusterFeature => {
    const event = cell.count === 1 ? lone.get(cell.firstId) : undefined
    if (event) return single(event)
    const mark = placeMarks[index]
    if (mark) return placeFeature(mark, countOf.get(mark)!, colorField !== undefined)
    return {
      type: 'Feature',
      id: `${zoom}/${cell.cx}/${cell.cy}`,
      geometry: { type: 'Point', coordinates: [cell.longitude, cell.latitude] },
      properties: {
        cluster: true,
        count: cell.count,
        bounds: [cell.west, cell.south, cell.east, cell.north],
        samePlace: false,
      },
    }
  })
  return { type: 'FeatureCollection', features, zoom, total: cells.reduce((sum, cell) => sum + cell.count, 0) }
}

async function marksFromIndex(
  pool: Pool,
  selections: readonly Selection[],
  zoom: number,
  view: BoundingBox,
  colorField: string | undefined,
): Promise<MapClustersResponse> {
  const few = locatedIdsUpTo(selections, SINGLE_EVENTS_UP_TO)
  if (few) {
    const rows = await singlesById(pool, few, colorField)
    return singlesResponse(
      few.flatMap((id) => rows.get(id) ?? []),
      zoom,
      colorField,
    )
  }
  return clustersResponse(pool, clusterCells(selections, zoom, view), zoom, colorField, (marks) =>
    countPlaces(
      selections,
      marks.map((mark) => mark.place),
      colorField,
    ),
  )
}

// The first SINGLE_EVENTS_UP_TO + 1 located events in view, by id.
async function firstSingles(
  pool: Pool,
  snapped: FilterState,
  scope: DatasetScope,
  colorField: string | undefined,
  options: ConditionOptions,
): Promise<SingleRow[]> {
  const params = new SqlParams()
  params.add(colorPath(colorField))
  const where = `${eventConditions(snapped, scope, params, options)} and e.location is not null`
  const { rows } = await pool.query<SingleRow>(
    `select ${SINGLE_COLUMNS} from events e where ${where} order by e.id limit ${params.add(SINGLE_EVENTS_UP_TO + 1)}`,
    params.values,
  )
  return rows
}

async function cellsFromDatabase(
  pool: Pool,
  snapped: FilterState,
  scope: DatasetScope,
  zoom: number,
  options: ConditionOptions,
): Promise<ClusterCellSummary[]> {
  const params = new SqlParams()
  const where = `${eventConditions(snapped, scope, params, options)} and e.location is not null`
  const size = params.add(clusterCellSize(zoom))
  const { rows } = await pool.query<ClusterCellSummary>(
    `select cx, cy, count(*)::int as count, avg(lon) as longitude, avg(lat) as latitude,
       min(lon) as west, min(lat) as south, max(lon) as east, max(lat) as north, min(id) as "firstId"
     from (
       select e.id, st_x(e.location) as lon, st_y(e.location) as lat,
         ${cellXSql(size)} as cx, ${cellYSql(size)} as cy
       from events e where ${where}
     ) p
     group by cx, cy
     order by cy, cx`,
    params.values,
  )
  return rows
}

// A search's matches are found by their words and spread over the whole table, so "the first 201
// by id" cannot stop early: it would visit every match once to learn there are more than 200, and
// the cells would visit them again. Searches count the cells first; other reads, whose first 201
// usually come after a short walk, look for few events first.
async function marksFromDatabase(
  pool: Pool,
  snapped: FilterState,
  scope: DatasetScope,
  zoom: number,
  colorField: string | undefined,
): Promise<MapClustersResponse> {
  const options = await searchViewPlan(pool, snapped, scope)
  let cells: ClusterCellSummary[] | undefined
  if (snapped.text) {
    cells = await cellsFromDatabase(pool, snapped, scope, zoom, options)
    const located = cells.reduce((sum, cell) => sum + cell.count, 0)
    if (located <= SINGLE_EVENTS_UP_TO)
      return singlesResponse(await firstSingles(pool, snapped, scope, colorField, options), zoom, colorField)
  } else {
    const few = await firstSingles(pool, snapped, scope, colorField, options)
    if (few.length <= SINGLE_EVENTS_UP_TO) return singlesResponse(few, zoom, colorField)
  }
  cells ??= await cellsFromDatabase(pool, snapped, scope, zoom, options)
  return clustersResponse(pool, cells, zoom, colorField, (marks) =>
    placeCountsFromDatabase(pool, snapped, scope, marks, colorField),
  )
}

// From the cells counted ahead of time (of whole months or some values only, when sliced): few events in view
// still come back one by one, from SQL that stops at the first 201.
async function marksFromCells(
  pool: Pool,
  cellScope: CellScope,
  state: FilterState,
  scope: DatasetScope,
  zoom: number,
  view: BoundingBox,
  colorField: string | undefined,
  slice: CellSlice,
): Promise<MapClustersResponse> {
  const { cells, byDataset } = await cellsInView(pool, cellScope.datasetIds, zoom, view, slice)
  const total = cells.reduce((sum, cell) => sum + cell.count, 0)
  if (total <= SINGLE_EVENTS_UP_TO) return marksFromDatabase(pool, { ...state, bbox: view }, scope, zoom, colorField)
  return clustersResponse(pool, cells, zoom, colorField, (marks, markCells) =>
    colorField === undefined
      ? markCells.map((cell) => placeCountsOfCell(byDataset.get(cell)!))
      : placeCountsFromDatabase(pool, { ...state, bbox: view }, scope, marks, colorField),
  )
}

// From the cells when they count the read's filter at its zoom: cells of whole months go to a
// continent's zoom, of values and of a search (its own cells) to a country's.
async function marksFromCellsIfKept(
  payload: Payload,
  database: ReadDatabase,
  state: FilterState,
  scope: DatasetScope,
  zoom: number,
  view: BoundingBox,
  colorField: string | undefined,
): Promise<MapClustersResponse | null> {
  const text = state.startDate || state.endDate ? null : searchTextOf(state)
  const kept = text ? null : cellSliceOf(state)
  const finest = text ? SEARCH_CELL_ZOOM : kept && finestCellZoomOf(kept)
  if (finest === null || zoom > finest) return null
  const cellScope = await eventCellsOf(payload).cellsFor(database, scope)
  if (!cellScope) return null
  const search = text ? await searchCellsOf(payload).searchFor(database, cellScope, text) : null
  const slice = search ? { search } : kept
  if (!slice || (slice.values && !buildsCountValuesOf(slice.values, cellScope.builds))) return null
  return marksFromCells(database.pool, cellScope, state, scope, zoom, view, colorField, slice)
}

/**
 * The marks for a box at a zoom.
 * @param state - must have a `bbox`; the endpoint requires it
 * @param colorField - a data field path whose value single events carry as `value`, and whose values
 *   a place's events are counted by (`values`), for colouring
 */
export async function mapClusters(
  payload: Payload,
  database: ReadDatabase,
  state: FilterState & { bbox: BoundingBox },
  scope: DatasetScope,
  zoom: number,
  colorField?: string,
): Promise<MapClustersResponse> {
  const pool = database.pool
  const view = snapToCells(state.bbox, zoom)
  const selections = await selectFromIndex(payload, database, state, scope, {
    bbox: view,
    locatedOnly: true,
    ordered: false,
    // The places' events are counted by the field's value in the index.
    fieldPaths: colorField === undefined ? [] : [colorField],
  })
  if (selections) return marksFromIndex(pool, selections, zoom, view, colorField)
  const fromCells = await marksFromCellsIfKept(payload, database, state, scope, zoom, view, colorField)
  return fromCells ?? marksFromDatabase(pool, { ...state, bbox: view }, scope, zoom, colorField)
}
