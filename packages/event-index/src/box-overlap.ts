/**
 * Where an extent of located rows lies against the boxes of a query, by the same comparisons a
 * row's position is tested with, so the answer holds for every row inside the extent.
 * @module
 */
import type { BoundingBox } from '@chronotope/filters'

/** How an extent lies against some boxes: inside one of them, outside all, or across an edge. */
export type ExtentOverlap = 'inside' | 'outside' | 'across'

/**
 * Where the extent `west … east`, `south … north` (degrees) lies against `boxes`.
 * @example extentOverlap(2, 48, 3, 49, [{ west: -25, south: 34, east: 45, north: 72 }]) // 'inside'
 */
export function extentOverlap(
  west: number,
  south: number,
  east: number,
  north: number,
  boxes: readonly BoundingBox[],
): ExtentOverlap {
  let overlap: ExtentOverlap = 'outside'
  for (const box of boxes) {
    if (west >= box.west && east <= box.east && south >= box.south && north <= box.north) return 'inside'
    if (!(east < box.west || west > box.east || north < box.south || south > box.north)) overlap = 'across'
  }
  return overlap
}
