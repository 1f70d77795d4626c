import type { Geometry } from '../types'
import { jsonBytes, jsonBytesAtMost, shortenText } from './json-bytes'
import { boundGeometry, type GeometryBounding } from './simplify-geometry'

/**
 * The size bounds of one stored event, in bytes of UTF-8 JSON. They keep every answer that
 * carries an event (lists, the map, the event page) proportionate, whatever the file held.
 */
export const EVENT_BOUNDS = Object.freeze({
  /** The whole `data` object, the geometry and the record of cuts included. */
  maxDataBytes: 64 * 1024,
  /** The `_geometry` inside `data`. */
  maxGeometryBytes: 32 * 1024,
  /** The original cells (`original`). */
  maxOriginalBytes: 64 * 1024,
  /** The title. */
  maxTitleBytes: 2 * 1024,
  /** The description. */
  maxDescriptionBytes: 32 * 1024,
  /** The place name. */
  maxLocationNameBytes: 1024,
})

/** The key of `data` that holds a feature's geometry (other than a point). */
export const GEOMETRY_KEY = '_geometry'

/** The key of `data` that records what was cut to fit {@link EVENT_BOUNDS}. */
export const CUT_KEY = '_cut'

/** What was cut from an event to fit {@link EVENT_BOUNDS}, stored as `data._cut`. */
export interface EventCuts {
  /** Human summary, e.g. "Shortened to fit 64 KB: the full values are in the import file." */
  note: string
  /** Fields and values that were shortened (the first 50 names). */
  shortened?: string[]
  /** How many more were shortened than `shortened` names. */
  moreShortened?: number
  /** The geometry: thinned or replaced by its bounding box, with its original size. */
  geometry?: { method: 'thinned' | 'bounding-box'; positions: number; keptPositions: number; bytes: number }
}

/** Names listed in {@link EventCuts.shortened}; the record of cuts stays small. */
const MAX_LISTED_CUTS = 50

/** Room kept in `data` for the record of cuts: 50 names of up to ~60 bytes and the rest. */
const CUTS_RESERVE = 4 * 1024

/**
 * Values of a record shortened so the record takes at most `maxBytes` as JSON: values that fit an
 * even share are kept whole and their unused share goes to the others, which are cut to what is
 * left (texts with a trailing `…`, other large values turned into shortened JSON text). Returns
 * the record (same key order) and the keys whose values were cut. A record that fits is returned
 * itself, not copied.
 * @example boundValues({ a: 'x'.repeat(100), b: 1 }, 60).cut // ['a']
 */
export function boundValues<T>(
  record: Readonly<Record<string, T>>,
  maxBytes: number,
): { values: Readonly<Record<string, T | string>>; cut: string[] } {
  // Most rows are far below the bound: a size bound from the texts' lengths settles it.
  if (jsonBytesAtMost(record, maxBytes) <= maxBytes) return { values: record, cut: [] }
  const entries = Object.entries(record)
  // Each entry costs its key, its value, a colon and a comma; the braces once.
  const sizes = entries.map(([key, value]) => jsonBytes(key) + jsonBytes(value) + 2)
  const total = sizes.reduce((sum, size) => sum + size, 2)
  const values: Record<string, T | string> = {}
  const define = (key: string, value: T | string): void => {
    // Keys come from files: defineProperty keeps "__proto__" a plain key.
    Object.defineProperty(values, key, { value, enumerable: true, writable: true, configurable: true })
  }
  if (total <= maxBytes) {
    for (const [key, value] of entries) define(key, value)
    return { values, cut: [] }
  }
  const order = entries.map((_, index) => index).sort((a, b) => sizes[a]! - sizes[b]!)
  let room = maxBytes - 2
  const shares = new Map<number, number>()
  order.forEach((index, rank) => {
    const share = Math.floor(room / (order.length - rank))
    const given = Math.min(sizes[index]!, share)
    shares.set(index, given)
    room -= given
  })
  const cut: string[] = []
  entries.forEach(([key, value], index) => {
    const share = shares.get(index)!
    if (share >= sizes[index]!) {
      define(key, value)
      return
    }
    const text = typeof value === 'string' ? value : (JSON.stringify(value) ?? '')
    define(key, shortenText(text, Math.max(0, share - jsonBytes(key) - 2)))
    cut.push(key)
  })
  return { values, cut }
}

/** The outcome of {@link boundEventData}. */
export interface BoundedEventData {
  /** `data` within {@link EVENT_BOUNDS.maxDataBytes}, with `_cut` when something was cut. */
  readonly data: Record<string, unknown>
  /** What was cut, or undefined when `data` was kept whole. */
  readonly cuts?: EventCuts
}

/**
 * Bounds an event's `data` to {@link EVENT_BOUNDS}: a `_geometry` above 32 KB is thinned or
 * replaced by its bounding box (see `boundGeometry`), then values are shortened so the whole
 * `data`, with a `_cut` record naming what was cut, takes at most 64 KB as JSON. `extraCuts`
 * names fields cut elsewhere (the title, say), to be listed in the same record. Compute the
 * event's location from the full geometry before calling this.
 * @example boundEventData({ notes: 'x'.repeat(100_000) }).cuts?.shortened // ['notes']
 */
export function boundEventData(
  data: Readonly<Record<string, unknown>>,
  extraCuts: readonly string[] = [],
  bounds: typeof EVENT_BOUNDS = EVENT_BOUNDS,
): BoundedEventData {
  const hasOwn = (key: string) => Object.prototype.hasOwnProperty.call(data, key)
  // The usual row: no geometry, no stale record of cuts, nothing to cut, well below the bound.
  if (
    extraCuts.length === 0 &&
    !hasOwn(GEOMETRY_KEY) &&
    !hasOwn(CUT_KEY) &&
    jsonBytesAtMost(data, bounds.maxDataBytes - CUTS_RESERVE) <= bounds.maxDataBytes - CUTS_RESERVE
  )
    return { data: data }
  const values: Record<string, unknown> = { ...data }
  const geometryValue = values[GEOMETRY_KEY]
  // A stale record of cuts (a re-bounded event) is rebuilt from scratch.
  delete values[GEOMETRY_KEY]
  delete values[CUT_KEY]
  let geometry: GeometryBounding | undefined
  if (geometryValue !== undefined && geometryValue !== null)
    geometry = boundGeometry(geometryValue as Geometry, bounds.maxGeometryBytes)
  const geometryBytes = geometry ? jsonBytes(GEOMETRY_KEY) + jsonBytes(geometry.geometry) + 2 : 0
  const roomForValues = bounds.maxDataBytes - geometryBytes - CUTS_RESERVE
  const isCut = extraCuts.length > 0 || (geometry !== undefined && geometry.method !== 'kept')
  const whole = jsonBytes(values) + geometryBytes + (isCut ? CUTS_RESERVE : 0) <= bounds.maxDataBytes
  const bounded = whole ? { values: { ...values }, cut: [] } : boundValues(values, roomForValues)
  const shortened = [...extraCuts, ...bounded.cut]
  const out: Record<string, unknown> = bounded.values
  if (geometry) out[GEOMETRY_KEY] = geometry.geometry
  if (shortened.length === 0 && !isCut) return { data: out }
  const cuts: EventCuts = {
    note: `Shortened to fit the ${Math.round(bounds.maxDataBytes / 1024)} KB an event keeps; the import file has the full values.`,
  }
  if (shortened.length > 0) {
    cuts.shortened = shortened.slice(0, MAX_LISTED_CUTS).map((name) => shortenText(name, 64))
    if (shortened.length > MAX_LISTED_CUTS) cuts.moreShortened = shortened.length - MAX_LISTED_CUTS
  }
  if (geometry && geometry.method !== 'kept') {
    const { method, positions, keptPositions, bytes } = geometry
    cuts.geometry = { method, positions, keptPositions, bytes }
  }
  out[CUT_KEY] = cuts
  return { data: out, cuts }
}
