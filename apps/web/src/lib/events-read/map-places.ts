/**
 * The map-clusters answer's marks of events at one place: several events in one cell of the
 * finest zoom (`PLACE_ZOOM`, about 2 m), which no zoom splits. Each is one mark with its count and
 * its mix, the events per dataset and per value of the `color` field, counted by the in-memory
 * event index (`countPlaces`) or, here, by the database.
 * @module
 */
import type { PlaceCounts } from '@chronotope/event-index'
import { placeKey, placeOf, type ClusterCell, type FilterState } from '@chronotope/filters'
import type { Pool } from 'pg'

import { eventConditions, SqlParams, type DatasetScope } from './event-conditions'
import type { Bounds, DatasetShare, MapClusterFeature, ValueShare } from './read-responses'

/** Several events at one place, before their mix is counted. */
export interface PlaceMark {
  readonly place: ClusterCell
  readonly count: number
  /** The mean position of its events. */
  readonly longitude: number
  readonly latitude: number
  /** Their extent: within the place's cell. */
  readonly bounds: Bounds
}

/** Shares from counts, most first; ties in key order, events without a value last. */
function sharesOf<K extends number | string | null>(counts: ReadonlyMap<K, number>): Array<[K, number]> {
  return [...counts].sort(([aKey, aCount], [bKey, bCount]) => {
    if (bCount !== aCount) return bCount - aCount
    if (aKey === null || bKey === null) return aKey === null ? 1 : -1
    return aKey < bKey ? -1 : aKey > bKey ? 1 : 0
  })
}

/**
 * The answer's feature of a place's events.
 * @param withValues - whether a `color` field was asked (the events per value are then given)
 */
export function placeFeature(mark: PlaceMark, counts: PlaceCounts, withValues: boolean): MapClusterFeature {
  const datasets: DatasetShare[] = sharesOf(counts.byDataset).map(([datasetId, count]) => ({ datasetId, count }))
  const values: ValueShare[] = sharesOf(counts.byValue).map(([value, count]) => ({ value, count }))
  return {
    type: 'Feature',
    id: placeKey(mark.place),
    geometry: { type: 'Point', coordinates: [mark.longitude, mark.latitude] },
    properties: {
      cluster: true,
      count: mark.count,
      bounds: mark.bounds,
      samePlace: true,
      datasets,
      ...(withValues ? { values } : {}),
    },
  }
}

/** A single event's row as far as places need it. */
export interface PlacedRow {
  readonly dataset_id: number
  readonly color_value: string | null
  readonly longitude: number
  readonly latitude: number
}

/**
 * Groups rows by place, each group in the rows' order, the groups in the order of their first row.
 * @example groupRowsByPlace([paris1, lyon, paris2]) // [[paris1, paris2], [lyon]]
 */
export function groupRowsByPlace<R extends PlacedRow>(rows: readonly R[]): R[][] {
  const groups = new Map<string, R[]>()
  for (const row of rows) {
    const key = placeKey(placeOf([row.longitude, row.latitude]))
    const group = groups.get(key)
    if (group) group.push(row)
    else groups.set(key, [row])
  }
  return [...groups.values()]
}

/**
 * The place mark and counts of a group of rows at one place (see {@link groupRowsByPlace}).
 * @param withValues - whether to count the rows' `color_value`s
 */
export function placeOfRows(rows: readonly PlacedRow[], withValues: boolean): { mark: PlaceMark; counts: PlaceCounts } {
  const byDataset = new Map<number, number>()
  const byValue = new Map<string | null, number>()
  let west = Number.POSITIVE_INFINITY
  let south = Number.POSITIVE_INFINITY
  let east = Number.NEGATIVE_INFINITY
  let north = Number.NEGATIVE_INFINITY
  let sumLongitude = 0
  let sumLatitude = 0
  for (const row of rows) {
    const datasetId = Number(row.dataset_id)
    byDataset.set(datasetId, (byDataset.get(datasetId) ?? 0) + 1)
    if (withValues) byValue.set(row.color_value, (byValue.get(row.color_value) ?? 0) + 1)
    west = Math.min(west, row.longitude)
    south = Math.min(south, row.latitude)
    east = Math.max(east, row.longitude)
    north = Math.max(north, row.latitude)
    sumLongitude += row.longitude
    sumLatitude += row.latitude
  }
  const first = rows[0]!
  return {
    mark: {
      place: placeOf([first.longitude, first.latitude]),
      count: rows.length,
      longitude: sumLongitude / rows.length,
      latitude: sumLatitude / rows.length,
      bounds: [west, south, east, north],
    },
    counts: { count: rows.length, byDataset, byValue },
  }
}

interface PlaceCountRow {
  readonly slot: string
  readonly dataset_id: number
  readonly value: string | null
  readonly count: number
}

/**
 * Counts the events of each place mark by dataset and, with a `color` field, by its value, in the
 * database: the filtered events inside each mark's extent, which lies within its place's cell.
 * @param state - the filter state the marks were counted for (its box included)
 */
export async function placeCountsFromDatabase(
  pool: Pool,
  state: FilterState,
  scope: DatasetScope,
  marks: readonly PlaceMark[],
  colorField: string | undefined,
): Promise<PlaceCounts[]> {
  const counts = marks.map(() => ({ count: 0, byDataset: new Map<number, number>(), byValue: new Map() }))
  if (marks.length === 0) return counts
  const params = new SqlParams()
  const edges = [0, 1, 2, 3].map((edge) => params.add(marks.map((mark) => mark.bounds[edge])))
  const path = params.add(colorField === undefined ? null : colorField.split('.'))
  const where = eventConditions(state, scope, params)
  // `&&` narrows by the spatial index; the exact comparison keeps its float4 boxes from taking a
  // neighbour a few centimetres outside the extent.
  const { rows } = await pool.query<PlaceCountRow>(
    `select b.slot, e.dataset_id, (e.data #>> ${path}::text[]) as value, count(*)::int as count
     from unnest(${edges[0]}::float8[], ${edges[1]}::float8[], ${edges[2]}::float8[], ${edges[3]}::float8[])
       with ordinality as b(w, s, e, n, slot)
     join events e on e.location && st_makeenvelope(b.w, b.s, b.e, b.n, 4326)
       and st_x(e.location) between b.w and b.e and st_y(e.location) between b.s and b.n
     where ${where}
     group by 1, 2, 3`,
    params.values,
  )
  for (const row of rows) {
    const tally = counts[Number(row.slot) - 1]!
    const datasetId = Number(row.dataset_id)
    tally.count += row.count
    tally.byDataset.set(datasetId, (tally.byDataset.get(datasetId) ?? 0) + row.count)
    if (colorField !== undefined) tally.byValue.set(row.value, (tally.byValue.get(row.value) ?? 0) + row.count)
  }
  return counts
}
