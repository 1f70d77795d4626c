import { parseBoundingBox } from './bounding-box'
import type { BoundingBox } from './bounding-box'
import { encodeFieldFilters, parseFieldFilters } from './field-filters'
import type { FieldFilter } from './field-filters'
import { formatFilterInstant, parseFilterDate, parseFilterInstant } from './filter-dates'
import { FilterParameterError, quoteValue } from './filter-parameter-error'
import { readSingleParameter, readWholeNumber } from './read-parameter'

export type { BoundingBox } from './bounding-box'
export type { FieldFilter } from './field-filters'

/**
 * What the explore view shows: the events of the chosen catalogs and datasets, in a time range and
 * a map area, whose data fields match, and which match a full-text query. Every events read
 * endpoint takes it in the same URL parameters ({@link parseFilterState}); an absent part does not
 * filter. Build one with {@link parseFilterState} so it is canonical.
 */
export interface FilterState {
  /** Catalog ids, sorted, without repeats; empty for all catalogs the caller may see. */
  catalogs: number[]
  /** Dataset ids, sorted, without repeats; empty for all datasets the caller may see. */
  datasets: number[]
  /**
   * The first instant shown, inclusive: ISO 8601 in UTC as PostgreSQL reads it
   * (`2020-01-01T00:00:00.000Z`; `0044-03-15T00:00:00.000Z BC` before year 1).
   */
  startDate?: string
  /** The last instant shown, inclusive: the end of what the user typed (`end=2020` → `2020-12-31T23:59:59.999Z`). */
  endDate?: string
  /** The map area; `west > east` crosses the antimeridian ({@link splitBoundingBox}). */
  bbox?: BoundingBox
  /** Conditions on the events' data, by field path (`type`, `address.city`), sorted by path. */
  fields: Record<string, FieldFilter>
  /** A full-text query, trimmed, at most 200 characters. */
  text?: string
}

/** The most ids one of `catalog(s)` or `dataset(s)` may list. */
export const MAX_FILTER_IDS = 100
/** The longest full-text query `q`, in characters (code points). */
export const MAX_TEXT_LENGTH = 200
/** Ids are PostgreSQL `integer`s. */
const MAX_ID = 2_147_483_647

/**
 * Reads the filter state from URL query parameters, the same for every events read endpoint:
 *
 * - `catalog` / `catalogs`, `dataset` / `datasets`: positive integer ids, comma-separated or
 *   repeated (`catalog=1&catalog=2` = `catalogs=1,2`), at most 100 each.
 * - `start`, `end`: `YYYY`, `YYYY-MM`, `YYYY-MM-DD` or an ISO 8601 date-time (zone-less is UTC);
 *   BCE years are astronomical, as in ISO 8601 (`-0500` is 501 BC; `-000500-03-01T00:00:00Z`).
 *   A partial `end` means the end of its period (`end=2020` → 2020-12-31T23:59:59.999Z). start ≤ end.
 * - `bbox`: `west,south,east,north` in degrees; west > east crosses the antimeridian; longitudes
 *   up to ±540 (wrapped maps) are brought into [-180, 180], and 360° or wider is the whole world.
 * - `filters`: JSON `{"type":["a","b"],"age":{"min":1,"max":5}}`, see {@link parseFieldFilters}.
 * - `q`: full-text search, trimmed, at most 200 characters.
 *
 * Empty values count as absent; a single-valued parameter repeated with different values is an
 * error. Other parameters are ignored (endpoints read their own).
 * @throws {@link FilterParameterError} naming the parameter, e.g. `bbox: south (95) must be between -90 and 90`
 * @example parseFilterState(new URLSearchParams('catalog=3,1&end=2020')) // { catalogs: [1, 3], datasets: [], endDate: '2020-12-31T23:59:59.999Z', fields: {} }
 */
export function parseFilterState(params: URLSearchParams): FilterState {
  const state: FilterState = {
    catalogs: readIds(params, ['catalog', 'catalogs']),
    datasets: readIds(params, ['dataset', 'datasets']),
    fields: {},
  }
  const start = readSingleParameter(params, 'start')
  const end = readSingleParameter(params, 'end')
  const startMs = start === undefined ? undefined : parseFilterDate('start', start)
  const endMs = end === undefined ? undefined : parseFilterDate('end', end)
  if (startMs !== undefined && endMs !== undefined && startMs > endMs) {
    throw new FilterParameterError(
      'end',
      `${quoteValue(end ?? '')} (through ${formatFilterInstant(endMs)}) is before start ${quoteValue(start ?? '')} (${formatFilterInstant(startMs)})`,
    )
  }
  if (startMs !== undefined) state.startDate = formatFilterInstant(startMs)
  if (endMs !== undefined) state.endDate = formatFilterInstant(endMs)
  const bbox = readSingleParameter(params, 'bbox')
  if (bbox !== undefined) state.bbox = parseBoundingBox(bbox)
  const filters = readSingleParameter(params, 'filters')
  if (filters !== undefined) state.fields = parseFieldFilters(filters)
  const text = readSingleParameter(params, 'q')
  if (text !== undefined) state.text = readText(text)
  return state
}

/** Reads ids from all spellings of a parameter, comma-separated or repeated, into a sorted set. */
function readIds(params: URLSearchParams, names: readonly string[]): number[] {
  const ids = new Set<number>()
  for (const name of names) {
    for (const item of params.getAll(name).flatMap((value) => value.split(','))) {
      const written = item.trim()
      if (written === '') continue
      const id = readWholeNumber(written, MAX_ID)
      if (id === undefined || id === 0) {
        throw new FilterParameterError(name, `${quoteValue(written)} is not an id (a whole number from 1 to ${MAX_ID})`)
      }
      ids.add(id)
      if (ids.size > MAX_FILTER_IDS) throw new FilterParameterError(name, `lists more than ${MAX_FILTER_IDS} ids`)
    }
  }
  return [...ids].sort((a, b) => a - b)
}

function readText(text: string): string {
  const length = [...text].length
  if (length > MAX_TEXT_LENGTH)
    throw new FilterParameterError('q', `must be at most ${MAX_TEXT_LENGTH} characters; got ${length}`)
  // PostgreSQL text cannot hold NUL.
  if (text.includes('\u0000')) throw new FilterParameterError('q', 'must not contain a NUL character')
  return text
}

/**
 * Writes a filter state as URL parameters in a canonical form: `catalogs`, `datasets`, `start`,
 * `end`, `bbox`, `filters`, `q` in that order, each omitted when it does not filter, with sorted ids,
 * fields and values. Dates are written as exact ISO 8601 instants, so `parseFilterState` reads back
 * the same state: `parseFilterState(encodeFilterState(s))` deep-equals any `s` it returned.
 * @example encodeFilterState({ catalogs: [1, 3], datasets: [], fields: {}, text: 'flood' }).toString() // 'catalogs=1%2C3&q=flood'
 */
export function encodeFilterState(state: FilterState): URLSearchParams {
  const params = new URLSearchParams()
  if (state.catalogs.length > 0) params.set('catalogs', sortedIds(state.catalogs))
  if (state.datasets.length > 0) params.set('datasets', sortedIds(state.datasets))
  // ISO 8601 with milliseconds, which start and end read as exact instants.
  if (state.startDate !== undefined) params.set('start', parseFilterInstant(state.startDate).toISOString())
  if (state.endDate !== undefined) params.set('end', parseFilterInstant(state.endDate).toISOString())
  if (state.bbox !== undefined) {
    const { west, south, east, north } = state.bbox
    params.set('bbox', [west, south, east, north].map(String).join(','))
  }
  if (Object.keys(state.fields).length > 0) params.set('filters', encodeFieldFilters(state.fields))
  if (state.text !== undefined && state.text !== '') params.set('q', state.text)
  return params
}

function sortedIds(ids: readonly number[]): string {
  return [...new Set(ids)].sort((a, b) => a - b).join(',')
}

/**
 * A canonical string for a filter state, the same for every way of writing the same filters
 * (`catalog=3&catalog=1` and `catalogs=1,3`): for cache keys and ETags.
 * @example filterStateKey(parseFilterState(new URLSearchParams('catalog=3&catalog=1'))) // 'catalogs=1%2C3'
 */
export function filterStateKey(state: FilterState): string {
  return encodeFilterState(state).toString()
}
