/**
 * The brush's keyboard handles: which bucket a key moves a handle to. Arrows move one bucket
 * (Shift: ten), Page Up/Down ten, Home/End to the handle's limit; a handle never passes the other,
 * so the range keeps at least one bucket. Pure.
 * @module
 */

/** A brushed range as bucket indexes, both inclusive. */
export interface BucketSpan {
  readonly first: number
  readonly last: number
}

/** Which end of the range a handle moves. */
export type BrushHandle = 'start' | 'end'

const STEP_KEYS: Readonly<Record<string, number>> = {
  ArrowLeft: -1,
  ArrowDown: -1,
  ArrowRight: 1,
  ArrowUp: 1,
  PageDown: -10,
  PageUp: 10,
}

/**
 * The range after a key press on a handle, or undefined when the key is not one a handle uses.
 * @param bucketCount - how many buckets the timeline shows
 * @example moveHandle({ first: 2, last: 5 }, 'start', 'ArrowRight', false, 10) // { first: 3, last: 5 }
 * @example moveHandle({ first: 2, last: 5 }, 'end', 'End', false, 10) // { first: 2, last: 9 }
 */
export function moveHandle(
  span: BucketSpan,
  handle: BrushHandle,
  key: string,
  shift: boolean,
  bucketCount: number,
): BucketSpan | undefined {
  const min = handle === 'start' ? 0 : span.first
  const max = handle === 'start' ? span.last : bucketCount - 1
  const current = handle === 'start' ? span.first : span.last
  let next: number
  if (key === 'Home') next = min
  else if (key === 'End') next = max
  else if (key in STEP_KEYS) next = current + STEP_KEYS[key]! * (shift ? 10 : 1)
  else return undefined
  const clamped = Math.max(min, Math.min(max, next))
  return handle === 'start' ? { first: clamped, last: span.last } : { first: span.first, last: clamped }
}
