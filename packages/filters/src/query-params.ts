import { decodeCursor } from './event-cursor'
import { fieldPathProblem } from './field-filters'
import { FilterParameterError, quoteValue } from './filter-parameter-error'
import type { HistogramInterval } from './histogram-buckets'
import { HISTOGRAM_INTERVALS } from './histogram-buckets'
import { readDecimal, readSingleParameter, readWholeNumber } from './read-parameter'

/** The order of an events list: by event time, then id, oldest or newest first. */
export type EventSort = 'time-asc' | 'time-desc'

/** Paging and shape of `/api/events/list` and the exports, read by {@link parseListParams}. */
export interface ListParams {
  /** Events per page, 1 to 1000; default 100. */
  limit: number
  /** Keyset paging: the opaque cursor of the previous page ({@link decodeCursor} reads it). */
  cursor?: string
  /** Numbered paging from 1, for small lists; not with `cursor`. */
  page?: number
  /** Default `time-asc`. */
  sort: EventSort
  /** Data fields to return (field paths), in the order given, without repeats; absent for all. */
  fields?: string[]
}

/** The interval the histogram endpoint was asked for; `auto` lets {@link chooseHistogramInterval} pick. */
export type HistogramIntervalParam = 'auto' | HistogramInterval

/** Default events per page. */
export const DEFAULT_LIMIT = 100
/** Most events per page. */
export const MAX_LIMIT = 1000
/** The last page number; deeper paging uses a cursor, which stays fast where OFFSET does not. */
export const MAX_PAGE = 10_000
/** Most fields `fields` may name. */
export const MAX_LIST_FIELDS = 50
/** The deepest map zoom level. */
export const MAX_ZOOM = 22

const SORTS: readonly EventSort[] = ['time-asc', 'time-desc']

/**
 * Reads the paging parameters of an events list: `limit` (1–1000, default 100), `cursor` (from the
 * previous page) or `page` (1–10,000), `sort` (`time-asc` default, or `time-desc`) and `fields`
 * (comma-separated field paths of the events' data to return).
 * @throws {@link FilterParameterError} naming `limit`, `page`, `cursor`, `sort` or `fields`
 * @example parseListParams(new URLSearchParams('limit=50&sort=time-desc')) // { limit: 50, sort: 'time-desc' }
 */
export function parseListParams(params: URLSearchParams): ListParams {
  const result: ListParams = { limit: readLimit(params), sort: readSort(params) }
  const cursor = readSingleParameter(params, 'cursor')
  const page = readSingleParameter(params, 'page')
  if (cursor !== undefined && page !== undefined)
    throw new FilterParameterError('cursor', 'cannot be combined with page; use one of them')
  if (cursor !== undefined) {
    decodeCursor(cursor)
    result.cursor = cursor
  }
  if (page !== undefined) {
    const number = readWholeNumber(page, MAX_PAGE)
    if (number === undefined || number === 0)
      throw new FilterParameterError('page', `must be a whole number from 1 to ${MAX_PAGE}; got ${quoteValue(page)}`)
    result.page = number
  }
  const fields = readSingleParameter(params, 'fields')
  if (fields !== undefined) result.fields = readFields(fields)
  return result
}

function readLimit(params: URLSearchParams): number {
  const limit = readSingleParameter(params, 'limit')
  if (limit === undefined) return DEFAULT_LIMIT
  const number = readWholeNumber(limit, MAX_LIMIT)
  if (number === undefined || number === 0)
    throw new FilterParameterError('limit', `must be a whole number from 1 to ${MAX_LIMIT}; got ${quoteValue(limit)}`)
  return number
}

function readSort(params: URLSearchParams): EventSort {
  const sort = readSingleParameter(params, 'sort')
  if (sort === undefined) return 'time-asc'
  if ((SORTS as readonly string[]).includes(sort)) return sort as EventSort
  throw new FilterParameterError('sort', `must be ${SORTS.join(' or ')}; got ${quoteValue(sort)}`)
}

function readFields(text: string): string[] {
  const paths = [
    ...new Set(
      text
        .split(',')
        .map((path) => path.trim())
        .filter((path) => path !== ''),
    ),
  ]
  if (paths.length > MAX_LIST_FIELDS)
    throw new FilterParameterError('fields', `names ${paths.length} fields; the most is ${MAX_LIST_FIELDS}`)
  for (const path of paths) {
    const problem = fieldPathProblem(path)
    if (problem !== undefined) throw new FilterParameterError('fields', problem)
  }
  return paths
}

/**
 * Reads the map zoom level `zoom`, required by the map-clusters endpoint: a number from 0 to 22,
 * fractions floored (map libraries report 5.7 between levels 5 and 6).
 * @throws {@link FilterParameterError} (parameter `zoom`) when absent, not a number or out of range
 * @example parseZoom(new URLSearchParams('zoom=5.7')) // 5
 */
export function parseZoom(params: URLSearchParams): number {
  const zoom = readSingleParameter(params, 'zoom')
  if (zoom === undefined)
    throw new FilterParameterError('zoom', `is required: the map zoom level, from 0 to ${MAX_ZOOM}`)
  const number = readDecimal(zoom)
  if (number === undefined || number < 0 || Math.floor(number) > MAX_ZOOM) {
    throw new FilterParameterError('zoom', `must be a number from 0 to ${MAX_ZOOM}; got ${quoteValue(zoom)}`)
  }
  return Math.floor(number)
}

/**
 * Reads the histogram's `interval`: `auto` (the default) or one of hour, day, week, month, year,
 * decade, century.
 * @throws {@link FilterParameterError} (parameter `interval`) for any other value
 * @example parseHistogramInterval(new URLSearchParams('interval=decade')) // 'decade'
 */
export function parseHistogramInterval(params: URLSearchParams): HistogramIntervalParam {
  const interval = readSingleParameter(params, 'interval')
  if (interval === undefined) return 'auto'
  if (interval === 'auto' || (HISTOGRAM_INTERVALS as readonly string[]).includes(interval))
    return interval as HistogramIntervalParam
  throw new FilterParameterError(
    'interval',
    `must be auto, ${HISTOGRAM_INTERVALS.join(', ')}; got ${quoteValue(interval)}`,
  )
}
