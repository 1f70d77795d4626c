/**
 * Random segments for the package's tests: events with and without times and places, in list
 * order, with a `category` and a `size` field, from a seeded generator so failures repeat.
 * @module
 */
import { EventSegment } from './event-segment'
import { FieldColumn } from './field-column'

/** A seeded PRNG (mulberry32) returning numbers in [0, 1). */
export function seededRandom(seed: number): () => number {
  let state = seed >>> 0
  return () => {
    state = (state + 0x6d2b79f5) >>> 0
    let t = state
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296
  }
}

/** One event as the tests reason about it. */
export interface PlainEvent {
  readonly id: number
  readonly timeMs: number | null
  readonly longitude: number | null
  readonly latitude: number | null
  readonly category: string | null
  readonly size: string | null
}

const CATEGORIES = ['quake', 'flood', 'storm', 'fire']
const SIZES = ['1', '2.5', ' 7 ', '-3', '1e2', '.5', 'big', '12abc']

/** Random events with ids from `firstId` on, some without time or place, times spanning BCE to today. */
export function randomEvents(count: number, firstId: number, random: () => number): PlainEvent[] {
  const events: PlainEvent[] = []
  for (let index = 0; index < count; index++) {
    const placed = random() > 0.1
    // Whole seconds, some shared, from 500 BC to 2025.
    const timeMs =
      random() > 0.1
        ? Math.round((-78_000_000_000_000 + random() * 79_800_000_000_000) / 86_400_000) * 86_400_000
        : null
    events.push({
      id: firstId + index,
      timeMs,
      longitude: placed ? -180 + random() * 360 : null,
      latitude: placed ? -89 + random() * 178 : null,
      category: random() > 0.2 ? CATEGORIES[Math.floor(random() * CATEGORIES.length)]! : null,
      size: random() > 0.2 ? SIZES[Math.floor(random() * SIZES.length)]! : null,
    })
  }
  return events
}

/** The events in list order: by time, no time last, ties by id. */
export function inListOrder(events: readonly PlainEvent[]): PlainEvent[] {
  return [...events].sort((a, b) => {
    if ((a.timeMs === null) !== (b.timeMs === null)) return a.timeMs === null ? 1 : -1
    return (a.timeMs ?? 0) - (b.timeMs ?? 0) || a.id - b.id
  })
}

/** A segment of `events` with the `category` and `size` fields loaded. */
export function segmentOf(datasetId: number, events: readonly PlainEvent[]): EventSegment {
  const ordered = inListOrder(events)
  const segment = new EventSegment(datasetId, '1', {
    ids: Int32Array.from(ordered, (event) => event.id),
    times: Float64Array.from(ordered, (event) => event.timeMs ?? Number.NaN),
    longitudes: Float64Array.from(ordered, (event) => event.longitude ?? Number.NaN),
    latitudes: Float64Array.from(ordered, (event) => event.latitude ?? Number.NaN),
  })
  segment.setField('category', FieldColumn.fromValues(ordered.map((event) => event.category)))
  segment.setField('size', FieldColumn.fromValues(ordered.map((event) => event.size)))
  return segment
}
