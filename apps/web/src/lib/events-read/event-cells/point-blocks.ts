/**
 * Point blocks: a dataset's dated, located events packed per zoom-10 map cell into one row of
 * `event_cell_points` (time and place of each, see point-block-codec.ts), built with the other
 * event cells. A read of a view that cuts through the data outside memory needs the events near
 * the view's edges one by one; from the events table each costs a heap page (78,000 events of
 * Europe's strips at ten million events: about 370 ms), from the blocks a few hundred rows.
 * @module
 */
import { cellRangesOfView, clusterCellSize, type BoundingBox, type CellRange } from '@chronotope/filters'
import type { Pool, PoolClient } from 'pg'

import { SqlParams } from '../event-conditions'
import { CELL_X, CELL_Y } from './cell-grid-sql'
import type { PointBlock } from './point-block-codec'

/** The zoom of the map cells events are packed by (about 10 km at the equator). */
export const POINT_BLOCK_ZOOM = 10

/**
 * Most events packed into one block (24 MB): a cell with more keeps its extent and count only,
 * and reads that need its events count them from the events table.
 */
export const MAX_BLOCK_POINTS = 1_000_000

/** Most events a read takes from blocks (about 10 MB); past it the read counts from the events table. */
export const MAX_READ_POINTS = 400_000

/**
 * Packs the dataset's dated, located events into blocks, one per zoom-10 cell; a cell of more than
 * {@link MAX_BLOCK_POINTS} gets no points. Runs after the zoom-10 cells are inserted, in the same
 * transaction (it reads their counts).
 */
export async function insertPointBlocks(
  client: PoolClient,
  datasetId: number,
  maxBlockPoints = MAX_BLOCK_POINTS,
): Promise<void> {
  await client.query(
    `insert into event_cell_points (dataset_id, cy, cx, count, west, south, east, north, points)
     select $1, p.cy, p.cx, count(*), min(p.lon), min(p.lat), max(p.lon), max(p.lat),
            string_agg(float8send(p.ms) || float8send(p.lon) || float8send(p.lat), ''::bytea) filter (where c.count <= $4)
       from (select st_x(e.location) as lon, st_y(e.location) as lat,
                    (extract(epoch from e.event_time) * 1000)::float8 as ms, ${CELL_X}::int as cx, ${CELL_Y}::int as cy
               from events e
              where e.dataset_id = $1 and e.removed_at is null and e.location is not null and e.event_time is not null) p
       join event_cells c on c.dataset_id = $1 and c.zoom = $3 and c.cy = p.cy and c.cx = p.cx
      group by p.cy, p.cx`,
    [datasetId, clusterCellSize(POINT_BLOCK_ZOOM), POINT_BLOCK_ZOOM, maxBlockPoints],
  )
}

/** Cells of a coarser zoom whose blocks a read leaves out (the inside cells of a view's cut). */
export interface LeftOutCells {
  readonly zoom: number
  readonly range: CellRange
}

interface BlockRow {
  count: number
  west: number
  south: number
  east: number
  north: number
  points: Buffer | null
}

/** Which blocks a read takes. */
export interface BlockChoice {
  /** Cells whose blocks are left out. */
  readonly leftOut?: LeftOutCells
  /** Most events to take; default {@link MAX_READ_POINTS}. */
  readonly maxPoints?: number
}

/**
 * The blocks of `datasetIds` that may hold events in `view`, but none of `leftOut`'s cells; null
 * when they hold more than `maxPoints` events or one has no points (the read then counts from
 * the events table).
 */
export async function pointBlocksInView(
  pool: Pool,
  datasetIds: readonly number[],
  view: BoundingBox,
  { leftOut, maxPoints = MAX_READ_POINTS }: BlockChoice = {},
): Promise<PointBlock[] | null> {
  const params = new SqlParams()
  // One cell more on each side: a point a hair outside the view may still pass PostGIS's `&&`.
  const ranges = cellRangesOfView(view, POINT_BLOCK_ZOOM).map(
    (range) =>
      `(cx between ${params.add(range.minX - 1)} and ${params.add(range.maxX + 1)}` +
      ` and cy between ${params.add(range.minY - 1)} and ${params.add(range.maxY + 1)})`,
  )
  let where = `dataset_id = any(${params.add([...datasetIds])}::int[]) and (${ranges.join(' or ')})`
  if (leftOut) {
    // A zoom-10 cell lies in exactly one cell of each coarser zoom (floor(floor(v) / n) = floor(v / n)).
    const scale = 2 ** (POINT_BLOCK_ZOOM - leftOut.zoom)
    const { minX, maxX, minY, maxY } = leftOut.range
    where +=
      ` and not (cx between ${params.add(minX * scale)} and ${params.add(maxX * scale + scale - 1)}` +
      ` and cy between ${params.add(minY * scale)} and ${params.add(maxY * scale + scale - 1)})`
  }
  const { rows: sizes } = await pool.query<{ points: number; unpacked: boolean }>(
    `select coalesce(sum(count), 0)::float8 as points, coalesce(bool_or(points is null), false) as unpacked
       from event_cell_points where ${where}`,
    params.values,
  )
  if (sizes[0]!.unpacked || sizes[0]!.points > maxPoints) return null
  const { rows } = await pool.query<BlockRow>(
    `select count, west, south, east, north, points from event_cell_points where ${where}`,
    params.values,
  )
  // A Buffer is a Uint8Array: the blocks' bytes are used where pg put them.
  return rows
}
