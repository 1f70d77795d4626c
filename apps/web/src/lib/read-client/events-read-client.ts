/**
 * The one typed client of the events read API (`/api/events/*`), used by the explore view, the
 * embed and the tests: each call takes a filter state (`@chronotope/filters`), writes it in the
 * API's canonical parameters, and returns the API's response type. Failures become
 * {@link ReadApiError} with the API's own message. Works in the browser (relative URLs, the
 * sign-in cookie) and in Node (a `baseUrl` and headers).
 * @module
 */
import { encodeFilterState, type BoundingBox, type FilterState, type HistogramIntervalParam } from '@chronotope/filters'

import type {
  DatasetCountsResponse,
  EventsListResponse,
  FilterFieldsResponse,
  HistogramResponse,
  MapClustersResponse,
  SimpleBoundsResponse,
} from '../events-read/read-responses'

/** A failed read: the HTTP status (0 when the server could not be reached), the API's code and message. */
export class ReadApiError extends Error {
  /**
   * @param status - the HTTP status, 0 for a network failure
   * @param code - the API's error code, e.g. `invalid-parameter`
   * @param parameter - the query parameter at fault, when the API names one
   */
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly parameter?: string,
  ) {
    super(message)
    this.name = 'ReadApiError'
  }
}

/** Where and how the client calls the API. */
export interface EventsReadClientOptions {
  /** The server's origin, e.g. `http://127.0.0.1:3000`; empty for the page's own (the default). */
  readonly baseUrl?: string
  /** Headers for every call, e.g. `{ Authorization: 'JWT …' }` in tests. */
  readonly headers?: Readonly<Record<string, string>>
  /** The fetch to use; the global one by default. */
  readonly fetch?: typeof fetch
}

/** A page of the list: by cursor (keyset), at most `limit` events, in time order. */
export interface ListRequest {
  readonly limit?: number
  readonly cursor?: string | null
  readonly sort?: 'time-asc' | 'time-desc'
  /** Only these data fields in each event's `data`. */
  readonly fields?: readonly string[]
}

/** The two export formats. */
export type ExportFormat = 'csv' | 'geojson'

/** The events read API's calls; create one with {@link createEventsReadClient}. */
export interface EventsReadClient {
  /** `GET /api/events/list`: a page of the filtered events. */
  list(state: FilterState, request?: ListRequest, signal?: AbortSignal): Promise<EventsListResponse>
  /** `GET /api/events/histogram`: counts over time. */
  histogram(state: FilterState, interval?: HistogramIntervalParam, signal?: AbortSignal): Promise<HistogramResponse>
  /** `GET /api/events/map-clusters`: clusters and single events in a box at a zoom. */
  mapClusters(
    state: FilterState & { bbox: BoundingBox },
    view: { readonly zoom: number; readonly color?: string },
    signal?: AbortSignal,
  ): Promise<MapClustersResponse>
  /** `GET /api/events/bounds`: the extent of the filtered events. */
  bounds(state: FilterState, signal?: AbortSignal): Promise<SimpleBoundsResponse>
  /** `GET /api/events/filters`: the fields the selection can be filtered by. */
  filterFields(state: FilterState, signal?: AbortSignal): Promise<FilterFieldsResponse>
  /** `GET /api/events/dataset-counts`: the filtered events per dataset. */
  datasetCounts(state: FilterState, signal?: AbortSignal): Promise<DatasetCountsResponse>
  /** The URL of `GET /api/events/export.csv` or `.geojson` for the filtered events. */
  exportUrl(state: FilterState, format: ExportFormat): string
}

/**
 * The URL of a read endpoint for a filter state and the endpoint's own parameters.
 * @example readUrl('/histogram', { catalogs: [], datasets: [2], fields: {} }, { interval: 'year' }) // '/api/events/histogram?datasets=2&interval=year'
 */
export function readUrl(
  path: string,
  state: FilterState,
  extra: Readonly<Record<string, string | number | undefined | null>> = {},
  baseUrl = '',
): string {
  const params = encodeFilterState(state)
  for (const [name, value] of Object.entries(extra)) {
    if (value !== undefined && value !== null && value !== '') params.set(name, String(value))
  }
  const query = params.toString()
  return `${baseUrl}/api/events${path}${query ? `?${query}` : ''}`
}

async function failureOf(response: Response): Promise<ReadApiError> {
  let body: { error?: unknown; code?: unknown; parameter?: unknown } = {}
  try {
    body = (await response.json()) as typeof body
  } catch {
    // Not JSON (a proxy's error page): the status has to do.
  }
  const retry = response.headers.get('Retry-After')
  const fallback =
    response.status === 503
      ? `The server is busy; try again${retry ? ` in ${retry} s` : ''}`
      : `The server answered HTTP ${response.status}`
  return new ReadApiError(
    response.status,
    typeof body.code === 'string' ? body.code : `http-${response.status}`,
    typeof body.error === 'string' ? body.error : fallback,
    typeof body.parameter === 'string' ? body.parameter : undefined,
  )
}

/** Creates a client of the events read API. */
export function createEventsReadClient(options: EventsReadClientOptions = {}): EventsReadClient {
  const baseUrl = options.baseUrl ?? ''
  const call = async <T>(url: string, signal?: AbortSignal): Promise<T> => {
    const doFetch = options.fetch ?? fetch
    let response: Response
    try {
      response = await doFetch(url, { credentials: 'same-origin', headers: options.headers, signal })
    } catch (error) {
      if ((error as Error).name === 'AbortError') throw error
      throw new ReadApiError(0, 'network-error', `Chronotope did not answer (${(error as Error).message})`)
    }
    if (!response.ok) throw await failureOf(response)
    return (await response.json()) as T
  }
  return {
    list: (state, request = {}, signal) =>
      call(
        readUrl(
          '/list',
          state,
          {
            limit: request.limit,
            cursor: request.cursor,
            sort: request.sort,
            fields: request.fields?.join(','),
          },
          baseUrl,
        ),
        signal,
      ),
    histogram: (state, interval, signal) => call(readUrl('/histogram', state, { interval }, baseUrl), signal),
    mapClusters: (state, view, signal) =>
      call(readUrl('/map-clusters', state, { zoom: view.zoom, color: view.color }, baseUrl), signal),
    bounds: (state, signal) => call(readUrl('/bounds', state, {}, baseUrl), signal),
    filterFields: (state, signal) => call(readUrl('/filters', state, {}, baseUrl), signal),
    datasetCounts: (state, signal) => call(readUrl('/dataset-counts', state, {}, baseUrl), signal),
    exportUrl: (state, format) => readUrl(`/export.${format}`, state, {}, baseUrl),
  }
}
