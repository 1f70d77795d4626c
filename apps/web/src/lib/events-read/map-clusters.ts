/**
 * `GET /api/events/map-clusters`: what the map draws for a box and zoom. Events are grouped on a
 * fixed Web Mercator grid anchored at the world's origin (64-px cells, `@chronotope/filters`), so
 * an event stays in the same cell however the map pans, and the box is widened to whole cells so
 * a cell's count and centroid do not change as it slides in and out of view. When few events are
 * in view they come back one by one.
 * @module
 */
import {
  clusterCellSize,
  EARTH_RADIUS_M,
  lngLatToMercator,
  MAX_MERCATOR_LATITUDE,
  mercatorToLngLat,
  type BoundingBox,
  type FilterState,
} from '@chronotope/filters'
import type { Pool } from 'pg'

import { eventConditions, SqlParams, type DatasetScope } from './event-conditions'
import { isoOrNull } from './event-rows'
import type { MapClusterFeature, MapClustersResponse } from './read-responses'

/** At or below this many events in view, each event is its own mark. */
export const SINGLE_EVENTS_UP_TO = 200

/** Widens a box outward to whole grid cells (longitudes stay within ±180, latitudes within Mercator's). */
export function snapToCells(box: BoundingBox, zoom: number): BoundingBox {
  const size = clusterCellSize(zoom)
  const [westX, southY] = lngLatToMercator([box.west, box.south])
  const [eastX, northY] = lngLatToMercator([box.east, box.north])
  const [west, south] = mercatorToLngLat([Math.floor(westX / size) * size, Math.floor(southY / size) * size])
  const [east, north] = mercatorToLngLat([Math.ceil(eastX / size) * size, Math.ceil(northY / size) * size])
  const clampLat = (lat: number) => Math.max(-MAX_MERCATOR_LATITUDE, Math.min(MAX_MERCATOR_LATITUDE, lat))
  const clampLng = (lng: number) => Math.max(-180, Math.min(180, lng))
  const edgeSouth = box.south <= -MAX_MERCATOR_LATITUDE ? box.south : clampLat(south)
  const edgeNorth = box.north >= MAX_MERCATOR_LATITUDE ? box.north : clampLat(north)
  return { west: clampLng(west), south: edgeSouth, east: clampLng(east), north: edgeNorth }
}

interface CellRow {
  readonly cx: number
  readonly cy: number
  readonly count: number
  readonly longitude: number
  readonly latitude: number
  readonly west: number
  readonly south: number
  readonly east: number
  readonly north: number
  readonly first_id: number
}

interface SingleRow {
  readonly id: number
  readonly dataset_id: number
  readonly title: string | null
  readonly event_time: Date | null
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
    },
  }
}

const SINGLE_COLUMNS = 'e.id, e.dataset_id, e.title, e.event_time, st_x(e.location) as longitude, st_y(e.location) as latitude'

async function singles(pool: Pool, where: string, params: SqlParams, limit: number): Promise<SingleRow[]> {
  const { rows } = await pool.query<SingleRow>(
    `select ${SINGLE_COLUMNS} from events e where ${where} order by e.id limit ${params.add(limit)}`,
    params.values,
  )
  return rows
}

/**
 * The marks for a box at a zoom.
 * @param state - must have a `bbox`; the endpoint requires it
 */
export async function mapClusters(
  pool: Pool,
  state: FilterState & { bbox: BoundingBox },
  scope: DatasetScope,
  zoom: number,
): Promise<MapClustersResponse> {
  const snapped: FilterState = { ...state, bbox: snapToCells(state.bbox, zoom) }
  const first = new SqlParams()
  const firstWhere = `${eventConditions(snapped, scope, first)} and e.location is not null`
  const few = await singles(pool, firstWhere, first, SINGLE_EVENTS_UP_TO + 1)
  if (few.length <= SINGLE_EVENTS_UP_TO) {
    return { type: 'FeatureCollection', features: few.map(single), zoom, total: few.length }
  }

  const params = new SqlParams()
  const where = `${eventConditions(snapped, scope, params)} and e.location is not null`
  const size = params.add(clusterCellSize(zoom))
  const radius = params.add(EARTH_RADIUS_M)
  const maxLat = params.add(MAX_MERCATOR_LATITUDE)
  const { rows } = await pool.query<CellRow>(
    `select cx, cy, count(*)::int as count, avg(lon) as longitude, avg(lat) as latitude,
       min(lon) as west, min(lat) as south, max(lon) as east, max(lat) as north, min(id) as first_id
     from (
       select e.id, st_x(e.location) as lon, st_y(e.location) as lat,
         floor(radians(st_x(e.location)) * ${radius}::float8 / ${size}::float8) as cx,
         floor(ln(tan(pi() / 4 + radians(greatest(least(st_y(e.location), ${maxLat}::float8), -${maxLat}::float8)) / 2))
           * ${radius}::float8 / ${size}::float8) as cy
       from events e where ${where}
     ) p
     group by cx, cy`,
    params.values,
  )
  const lone = rows.filter((row) => row.count === 1).map((row) => Number(row.first_id))
  const loneRows = new Map<number, SingleRow>()
  if (lone.length > 0) {
    const { rows: found } = await pool.query<SingleRow>(
      `select ${SINGLE_COLUMNS} from events e where e.id = any($1::int[])`,
      [lone],
    )
    for (const row of found) loneRows.set(Number(row.id), row)
  }
  const features = rows
    .sort((a, b) => a.cy - b.cy || a.cx - b.cx)
    .map((row): MapClusterFeature => {
      const event = row.count === 1 ? loneRows.get(Number(row.first_id)) : undefined
      if (event) return single(event)
      return {
        type: 'Feature',
        id: `${zoom}/${row.cx}/${row.cy}`,
        geometry: { type: 'Point', coordinates: [row.longitude, row.latitude] },
        properties: { cluster: true, count: row.count, bounds: [row.west, row.south, row.east, row.north] },
      }
    })
  return { type: 'FeatureCollection', features, zoom, total: rows.reduce((sum, row) => sum + row.count, 0) }
}
