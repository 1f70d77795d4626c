/**
 * Point blocks: a dataset's located events packed per zoom-10 map cell into one row of
 * `event_cell_points` (time and place of each, and the codes of its values of the value-list
 * fields, see point-block-codec.ts), built with the other event cells. A read of a view that cuts
 * through the data outside memory needs the events near the view's edges one by one; from the
 * events table each costs a heap page (78,000 events of Europe's strips at ten million events:
 * about 370 ms), from the blocks a few hundred rows.
 * @module
 */
import {
  cellRangesOfView,
  clusterCellSize,
  splitBoundingBox,
  type BoundingBox,
  type CellRange,
} from '@chronotope/filters'
import type { Pool, PoolClient } from 'pg'

import { SqlParams } from '../event-conditions'
import { NO_VALUE_CODE, type ValueCellBuild } from './build-value-cells'
import { CELL_X, CELL_Y } from './cell-grid-sql'
import type { ValueSlice } from './cell-queries'
import type { CellBuildRow } from './event-cell-store'
import { pointValueFilter, type PointBlock } from './point-block-codec'

/** The zoom of the map cells events are packed by (about 10 km at the equator). */
export const POINT_BLOCK_ZOOM = 10

/**
 * The zoom of the tiles blocks are stored by (the zoom of the cells per month): a read takes the
 * blocks of a tile from one stretch of the table.
 */
export const POINT_TILE_ZOOM = 4

/**
 * Most events packed into one block (24 MB): a cell with more keeps its extent and count only,
 * and reads that need its events count them from the events table.
 */
export const MAX_BLOCK_POINTS = 1_000_000

/** Most events a read takes from blocks (about 10 MB); past it the read counts from the events table. */
export const MAX_READ_POINTS = 400_000

/** Most tiles a read takes blocks from; past it the read counts from the events table. */
export const MAX_READ_TILES = 256

// Zoom-10 cells on each axis of a tile.
const TILE_CELLS = 2 ** (POINT_BLOCK_ZOOM - POINT_TILE_ZOOM)

/** How a dataset's events are packed. */
export interface PointPacking {
  /** Most events a block packs; default {@link MAX_BLOCK_POINTS}. */
  readonly maxBlockPoints?: number
  /** The value-list fields whose codes each event carries, and the codes. */
  readonly values?: ValueCellBuild
}

// An event's codes as SQL: one byte per field in `fields` order, its value's index in the field's
// list of `$6` ({field: {value: code}}), or NO_VALUE_CODE. `$7` holds the fields.
function eventCodesSql(fields: readonly string[]): string {
  return fields.reduce(
    (bytes, _field, index) =>
      `set_byte(${bytes}, ${index}, coalesce(($6::jsonb #>> array[($7::text[])[${index + 1}], ` +
      `e.data ->> ($7::text[])[${index + 1}]])::int, ${NO_VALUE_CODE}))`,
    `decode(repeat('00', ${fields.length}), 'hex')`,
  )
}

/**
 * Packs the dataset's located events into blocks, one per zoom-10 cell, with the codes of their
 * values when `values` counts fields; a cell of more than `maxBlockPoints` gets no points. Runs
 * after the zoom-10 cells are inserted, in the same transaction (it reads their counts).
 */
export async function insertPointBlocks(
  client: PoolClient,
  datasetId: number,
  { maxBlockPoints = MAX_BLOCK_POINTS, values }: PointPacking = {},
): Promise<void> {
  const fields = values?.fields ?? []
  const dictionary = Object.fromEntries(
    fields.map((field) => [
      field,
      Object.fromEntries((values?.codes[field] ?? []).map((value, code) => [value, code])),
    ]),
  )
  // Both aggregates take a group's rows in the same order: an event's codes sit at its point's index.
  await client.query(
    `insert into event_cell_points (dataset_id, tile_y, tile_x, cy, cx, count, west, south, east, north, points, codes)
     select $1, floor(p.cy / $5::float8)::int, floor(p.cx / $5::float8)::int, p.cy, p.cx, count(*), min(p.lon), min(p.lat),
            max(p.lon), max(p.lat),
            string_agg(float8send(p.ms) || float8send(p.lon) || float8send(p.lat), ''::bytea) filter (where c.count <= $4),
            string_agg(p.codes, ''::bytea) filter (where c.count <= $4)
       from (select st_x(e.location) as lon, st_y(e.location) as lat,
                    coalesce((extract(epoch from e.event_time) * 1000)::float8, 'NaN') as ms,
                    ${fields.length > 0 ? eventCodesSql(fields) : 'null::bytea'} as codes,
                    ${CELL_X}::int as cx, ${CELL_Y}::int as cy
               from events e
              where e.dataset_id = $1 and e.removed_at is null and e.location is not null) p
       join event_cells c on c.dataset_id = $1 and c.zoom = $3 and c.cy = p.cy and c.cx = p.cx
      group by p.cy, p.cx
      order by 2, 3, 4, 5`,
    [
      datasetId,
      clusterCellSize(POINT_BLOCK_ZOOM),
      POINT_BLOCK_ZOOM,
      maxBlockPoints,
      TILE_CELLS,
      ...(fields.length > 0 ? [JSON.stringify(dictionary), fields] : []),
    ],
  )
}

/** Cells of zoom 10 or less whose blocks a read leaves out (the inside cells of a view's cut). */
export interface LeftOutCells {
  readonly zoom: number
  readonly range: CellRange
}

/** Which blocks a read takes. */
export interface BlockChoice {
  /** Cells whose blocks are left out. */
  readonly leftOut?: LeftOutCells
  /** Most events to take; default {@link MAX_READ_POINTS}. */
  readonly maxPoints?: number
  /** Most tiles to take them from; default {@link MAX_READ_TILES}. */
  readonly maxTiles?: number
  /** Only the events with these values, by the codes of each dataset's build. */
  readonly values?: BlockValues
}

/** A value filter on the blocks of a read's datasets. */
export interface BlockValues {
  readonly slice: ValueSlice
  readonly builds: readonly CellBuildRow[]
}

interface TileCells {
  readonly tileX: number
  readonly tileY: number
  /** The tile's zoom-10 cells to take… */
  readonly cells: CellRange
  /** …but these. */
  readonly leftOut?: CellRange
}

const within = (inner: CellRange, outer: CellRange) =>
  inner.minX >= outer.minX && inner.maxX <= outer.maxX && inner.minY >= outer.minY && inner.maxY <= outer.maxY
const overlaps = (a: CellRange, b: CellRange) =>
  a.minX <= b.maxX && b.minX <= a.maxX && a.minY <= b.maxY && b.minY <= a.maxY

// The tiles a read takes, each with the part of its zoom-10 cells to take: of `view`'s cells and one
// more on each side (a point a hair outside the view may still pass PostGIS's `&&`), but none of
// `leftOut`'s cells (a tile wholly among them is not taken). Null past `maxTiles`.
function tilesOf(view: BoundingBox, leftOut: LeftOutCells | undefined, maxTiles: number): TileCells[] | null {
  if (leftOut && leftOut.zoom > POINT_BLOCK_ZOOM)
    throw new RangeError(`blocks leave out cells of zoom ${POINT_BLOCK_ZOOM} or less; asked for ${leftOut.zoom}`)
  // A cell of a coarser zoom is exactly these zoom-10 cells (floor(floor(v) / n) = floor(v / n)).
  const scale = leftOut ? 2 ** (POINT_BLOCK_ZOOM - leftOut.zoom) : 1
  const left = leftOut && {
    minX: leftOut.range.minX * scale,
    maxX: leftOut.range.maxX * scale + scale - 1,
    minY: leftOut.range.minY * scale,
    maxY: leftOut.range.maxY * scale + scale - 1,
  }
  const tiles: TileCells[] = []
  for (const range of cellRangesOfView(view, POINT_BLOCK_ZOOM)) {
    const [minX, maxX, minY, maxY] = [range.minX - 1, range.maxX + 1, range.minY - 1, range.maxY + 1]
    for (let tileY = Math.floor(minY / TILE_CELLS); tileY <= Math.floor(maxY / TILE_CELLS); tileY++)
      for (let tileX = Math.floor(minX / TILE_CELLS); tileX <= Math.floor(maxX / TILE_CELLS); tileX++) {
        const cells = {
          minX: Math.max(minX, tileX * TILE_CELLS),
          maxX: Math.min(maxX, tileX * TILE_CELLS + TILE_CELLS - 1),
          minY: Math.max(minY, tileY * TILE_CELLS),
          maxY: Math.min(maxY, tileY * TILE_CELLS + TILE_CELLS - 1),
        }
        if (left && within(cells, left)) continue
        if (tiles.length === maxTiles) return null
        tiles.push({ tileX, tileY, cells, leftOut: left && overlaps(cells, left) ? left : undefined })
      }
  }
  return tiles
}

// Each dataset's value filter, or null when one's build has no codes for the field.
function valueFiltersOf(values: BlockValues): Map<number, (codes: Uint8Array) => PointBlock['values']> | null {
  const filters = new Map<number, (codes: Uint8Array) => PointBlock['values']>()
  for (const build of values.builds) {
    const { valueFields, valueCodes } = build
    if (!valueCodes || !valueFields.includes(values.slice.field)) return null
    filters.set(build.datasetId, (codes) => pointValueFilter(codes, valueFields, valueCodes, values.slice)!)
  }
  return filters
}

/**
 * The events of the blocks of `datasetIds` that may hold events in `view`, but none of
 * `leftOut`'s cells, as at most two runs of packed events (two per dataset with `values`); null
 * when they lie in more than `maxTiles` tiles, hold more than `maxPoints` events, or one has no
 * points or no codes for `values` (the read then counts from the events table).
 */
export async function pointBlocksInView(
  pool: Pool,
  datasetIds: readonly number[],
  view: BoundingBox,
  { leftOut, maxPoints = MAX_READ_POINTS, maxTiles = MAX_READ_TILES, values }: BlockChoice = {},
): Promise<PointBlock[] | null> {
  const filters = values ? valueFiltersOf(values) : undefined
  if (filters === null) return null
  const tiles = tilesOf(view, leftOut, maxTiles)
  if (tiles === null) return null
  if (tiles.length === 0) return []
  const params = new SqlParams()
  const between = (range: CellRange) =>
    `cy between ${params.add(range.minY)} and ${params.add(range.maxY)}` +
    ` and cx between ${params.add(range.minX)} and ${params.add(range.maxX)}`
  const ranges = tiles.map(
    ({ tileX, tileY, cells, leftOut: left }) =>
      `(tile_y = ${params.add(tileY)} and tile_x = ${params.add(tileX)} and ${between(cells)}` +
      `${left ? ` and not (${between(left)})` : ''})`,
  )
  const where = `dataset_id = any(${params.add([...datasetIds])}::int[]) and (${ranges.join(' or ')})`
  const missing = filters ? 'points is null or codes is null' : 'points is null'
  const { rows: sizes } = await pool.query<{ points: number; unpacked: boolean }>(
    `select coalesce(sum(count), 0)::float8 as points, coalesce(bool_or(${missing}), false) as unpacked
       from event_cell_points where ${where}`,
    params.values,
  )
  if (sizes[0]!.unpacked || sizes[0]!.points > maxPoints) return null
  // The blocks in two runs of bytes: those wholly inside the view by float8 comparisons (each of
  // their events passes `&&` too) and the rest, whose events are tested one by one.
  const inside = splitBoundingBox(view)
    .map(
      (box) =>
        `(west >= ${params.add(box.west)}::float8 and east <= ${params.add(box.east)}::float8` +
        ` and south >= ${params.add(box.south)}::float8 and north <= ${params.add(box.north)}::float8)`,
    )
    .join(' or ')
  if (!filters) {
    const { rows } = await pool.query<{ inside: boolean; count: number; points: Buffer }>(
      `select (${inside}) as inside, sum(count)::int as count, string_agg(points, ''::bytea) as points
         from event_cell_points where ${where} group by 1`,
      params.values,
    )
    // A Buffer is a Uint8Array: the bytes are used where pg put them.
    return rows
  }
  // Codes mean something per dataset: its runs apart. One query orders both aggregates alike.
  const { rows } = await pool.query<{
    dataset_id: number
    inside: boolean
    count: number
    points: Buffer
    codes: Buffer
  }>(
    `select dataset_id, (${inside}) as inside, sum(count)::int as count, string_agg(points, ''::bytea) as points,
            string_agg(codes, ''::bytea) as codes
       from event_cell_points where ${where} group by 1, 2`,
    params.values,
  )
  return rows.map(({ dataset_id, inside: wholly, count, points, codes }) => ({
    inside: wholly,
    count,
    points,
    values: filters.get(dataset_id)!(codes),
  }))
}
