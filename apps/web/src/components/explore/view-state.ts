/**
 * The explore view's state, which lives in the URL: the read API's filter parameters under their own
 * names (`datasets`, `catalogs`, `start`, `end`, `filters`, `q`), so an explore URL's filter part is
 * what the read API takes, plus what only the view needs (map centre and zoom, selected event,
 * colour field, map mode, timeline stacking, playback window, phone tab).
 *
 * The URL ⇄ state mapping is declared once here as `nuqs` parsers: {@link useExploreState} reads and
 * writes it in the browser, {@link loadExploreState} reads it in server components, and
 * {@link exploreHref} writes links (share, embed, the home page's dataset links). The filter part
 * is checked by `@chronotope/filters`, the read API's own parser: a parameter it refuses is dropped
 * and reported ({@link filterStateOfView}), never sent.
 * @module
 */
import {
  FilterParameterError,
  formatFilterInstant,
  parseFieldFilters,
  parseFilterDate,
  parseFilterInstant,
  parseFilterState,
  type BoundingBox,
  type FieldFilter,
  type FilterState,
} from '@chronotope/filters'
import {
  createLoader,
  createParser,
  createSerializer,
  parseAsArrayOf,
  parseAsFloat,
  parseAsInteger,
  parseAsString,
  parseAsStringLiteral,
  type inferParserType,
} from 'nuqs/server'

import type { ExploreCatalog } from './explore-types'

/** How single events and clusters are drawn: marks (clusters and points) or a heatmap. */
export const MAP_MODES = ['points', 'heatmap'] as const
/** A map mode. */
export type MapMode = (typeof MAP_MODES)[number]

/** The panels that become tabs at phone width. */
export const PHONE_TABS = ['map', 'timeline', 'list'] as const
/** A phone tab. */
export type PhoneTab = (typeof PHONE_TABS)[number]

/** The list's order by time. */
export const LIST_SORTS = ['time-asc', 'time-desc'] as const
/** A list order. */
export type ListSort = (typeof LIST_SORTS)[number]

/** Colour and stack by dataset: the default, and the value of `color` / `stack` meaning "dataset". */
export const BY_DATASET = 'dataset'

/** Playback speeds: steps per second, each step moving the window by a tenth of its length. */
export const PLAYBACK_SPEEDS = [0.5, 1, 2, 4] as const

// A date as the read API reads `start`/`end` (`1914`, `1914-07`, `-0490`, an ISO instant).
const parseAsFilterDate = createParser<string>({
  parse: (value) => {
    try {
      parseFilterDate('start', value)
      return value
    } catch {
      return null
    }
  },
  serialize: (value) => value,
})

// The `filters` JSON, checked and kept in the read API's canonical order.
const parseAsFieldFilters = createParser<Record<string, FieldFilter>>({
  parse: (value) => {
    try {
      return parseFieldFilters(value)
    } catch {
      return null
    }
  },
  serialize: (value) => JSON.stringify(Object.fromEntries(Object.entries(value).map(([path, f]) => [path, plain(f)]))),
  eq: (a, b) => JSON.stringify(a) === JSON.stringify(b),
})

function plain(filter: FieldFilter): unknown {
  if (filter.kind === 'values') return filter.values
  return {
    ...(filter.min === undefined ? {} : { min: filter.min }),
    ...(filter.max === undefined ? {} : { max: filter.max }),
  }
}

// A playback window: a whole number and a unit, `10y`, `6M`, `30d`, `12h`.
const WINDOW_PATTERN = /^([1-9]\d{0,3})([yMdh])$/
const parseAsPlaybackWindow = createParser<string>({
  parse: (value) => (WINDOW_PATTERN.test(value) ? value : null),
  serialize: (value) => value,
})

/** The URL parameters of the explore view and how each is read and written. */
export const exploreParsers = {
  catalogs: parseAsArrayOf(parseAsInteger).withDefault([]),
  datasets: parseAsArrayOf(parseAsInteger).withDefault([]),
  start: parseAsFilterDate,
  end: parseAsFilterDate,
  filters: parseAsFieldFilters.withDefault({}),
  q: parseAsString,
  /** Map centre and zoom. */
  lng: parseAsFloat,
  lat: parseAsFloat,
  zoom: parseAsFloat,
  /** The selected event's id. */
  event: parseAsInteger,
  /** `dataset` or a data field path. */
  color: parseAsString.withDefault(BY_DATASET),
  mode: parseAsStringLiteral(MAP_MODES).withDefault('points'),
  /** Timeline stacking: `dataset`, a data field path, or absent for none. */
  stack: parseAsString,
  sort: parseAsStringLiteral(LIST_SORTS).withDefault('time-asc'),
  /** Playback: the window's length and where it starts (a filter date). */
  window: parseAsPlaybackWindow,
  at: parseAsFilterDate,
  speed: parseAsFloat.withDefault(1),
  tab: parseAsStringLiteral(PHONE_TABS).withDefault('map'),
}

/** The explore view's state as read from the URL. */
export type ExploreState = inferParserType<typeof exploreParsers>

/** Reads the explore state from a server component's `searchParams`. */
export const loadExploreState = createLoader(exploreParsers)

const serialize = createSerializer(exploreParsers)

/**
 * A link to the explore view (or the embed, with `path: '/embed'`) showing a state; parameters at
 * their defaults are left out.
 * @example exploreHref({ datasets: [3] }) // '/explore?datasets=3'
 */
export function exploreHref(state: Partial<ExploreState>, path: '/explore' | '/embed' = '/explore'): string {
  return serialize(path, state)
}

/** The filter state the read API receives for a view, and the parameters it refused. */
export interface ViewFilters {
  readonly state: FilterState
  /** Parameters dropped because the read API refuses them, with its reason. */
  readonly problems: ReadonlyArray<{ readonly parameter: string; readonly message: string }>
}

/**
 * The read API's filter state of a view, parsed by the read API's own parser, so the view never
 * asks what the API would refuse. `start` after `end` drops `end`.
 * @example filterStateOfView({ datasets: [2], start: '1914', end: '1918', filters: {}, catalogs: [], q: null }).state.startDate // '1914-01-01T00:00:00.000Z'
 */
export function filterStateOfView(
  view: Pick<ExploreState, 'catalogs' | 'datasets' | 'start' | 'end' | 'filters' | 'q'>,
): ViewFilters {
  const params = new URLSearchParams()
  if (view.catalogs.length > 0) params.set('catalogs', view.catalogs.join(','))
  if (view.datasets.length > 0) params.set('datasets', view.datasets.join(','))
  if (view.start) params.set('start', view.start)
  if (view.end) params.set('end', view.end)
  if (Object.keys(view.filters).length > 0) params.set('filters', serializeFilters(view.filters))
  if (view.q && view.q.trim() !== '') params.set('q', view.q.trim())
  const problems: Array<{ parameter: string; message: string }> = []
  for (;;) {
    try {
      return { state: parseFilterState(params), problems }
    } catch (error) {
      if (!(error instanceof FilterParameterError) || !params.has(error.parameter)) throw error
      problems.push({ parameter: error.parameter, message: error.message })
      params.delete(error.parameter)
    }
  }
}

function serializeFilters(filters: Record<string, FieldFilter>): string {
  return parseAsFieldFilters.serialize(filters)
}

/**
 * The filter state narrowed to a time window (playback) and a map box: what the map asks for.
 * The window is intersected with the state's own range.
 * @param narrowing.window - epoch milliseconds, inclusive
 */
export function narrowFilterState(
  state: FilterState,
  narrowing: { readonly window?: { readonly startMs: number; readonly endMs: number }; readonly bbox?: BoundingBox },
): FilterState {
  const narrowed: FilterState = { ...state }
  if (narrowing.window) {
    const ownStart = state.startDate === undefined ? -Infinity : parseFilterInstant(state.startDate).getTime()
    const ownEnd = state.endDate === undefined ? Infinity : parseFilterInstant(state.endDate).getTime()
    const startMs = Math.max(ownStart, narrowing.window.startMs)
    // An empty intersection keeps an empty window rather than widening to the state's range.
    const endMs = Math.max(startMs, Math.min(ownEnd, narrowing.window.endMs))
    narrowed.startDate = formatFilterInstant(startMs)
    narrowed.endDate = formatFilterInstant(endMs)
  }
  if (narrowing.bbox) narrowed.bbox = narrowing.bbox
  return narrowed
}

/**
 * The time range a playback window covers: from `at` for the window's length (`10y`, `6M`, `30d`,
 * `12h`), in UTC calendar units, inclusive of its last millisecond. Undefined when either is missing.
 * @example playbackRange('1914', '4y') // { startMs: Date.UTC(1914, 0, 1), endMs: Date.UTC(1918, 0, 1) - 1 }
 */
export function playbackRange(
  at: string | null | undefined,
  window: string | null | undefined,
): { startMs: number; endMs: number } | undefined {
  if (!at || !window) return undefined
  const match = WINDOW_PATTERN.exec(window)
  if (!match) return undefined
  let startMs: number
  try {
    startMs = parseFilterDate('start', at)
  } catch {
    return undefined
  }
  return { startMs, endMs: addWindow(startMs, window) - 1 }
}

/**
 * An instant moved forward by a window length (`10y`, `6M`, `30d`, `12h`) in UTC calendar units;
 * a negative `times` moves it back.
 * @example addWindow(Date.UTC(2020, 0, 31), '1M') // Date.UTC(2020, 2, 2): JavaScript's month overflow
 */
export function addWindow(instantMs: number, window: string, times = 1): number {
  const match = WINDOW_PATTERN.exec(window)
  if (!match) throw new RangeError(`not a playback window: ${window}`)
  const amount = Number(match[1]) * times
  const date = new Date(instantMs)
  switch (match[2]) {
    case 'y':
      date.setUTCFullYear(date.getUTCFullYear() + amount)
      break
    case 'M':
      date.setUTCMonth(date.getUTCMonth() + amount)
      break
    case 'd':
      date.setUTCDate(date.getUTCDate() + amount)
      break
    default:
      date.setUTCHours(date.getUTCHours() + amount)
  }
  return date.getTime()
}

/**
 * The view's filters with the catalog and dataset ids the visitor cannot see taken out, each
 * reported as a problem. `nothingVisible` is true when the link named catalogs or datasets and
 * none of them is visible: the view must then show nothing rather than widen to everything.
 * @example keepVisibleIds({ state: { catalogs: [], datasets: [2, 9], fields: {} }, problems: [] }, new Set([2]), new Set()).state.datasets // [2]
 */
export function keepVisibleIds(
  filters: ViewFilters,
  visibleDatasets: ReadonlySet<number>,
  visibleCatalogs: ReadonlySet<number>,
): ViewFilters & { readonly nothingVisible: boolean } {
  const { state } = filters
  const datasets = state.datasets.filter((id) => visibleDatasets.has(id))
  const catalogs = state.catalogs.filter((id) => visibleCatalogs.has(id))
  const problems = [...filters.problems]
  const hidden = state.datasets.length - datasets.length + (state.catalogs.length - catalogs.length)
  if (hidden > 0) {
    problems.push({
      parameter: state.datasets.length > datasets.length ? 'datasets' : 'catalogs',
      message: `${hidden === 1 ? 'one catalog or dataset' : `${hidden} catalogs or datasets`} of this link cannot be shown: private, or no longer there`,
    })
  }
  const asked = state.datasets.length + state.catalogs.length
  return {
    state: { ...state, datasets, catalogs },
    problems,
    nothingVisible: asked > 0 && datasets.length + catalogs.length === 0,
  }
}

/**
 * The ids of the catalogs and datasets a visitor may see, from the tree the page loaded for them:
 * what {@link keepVisibleIds} keeps.
 * @example visibleIds([{ id: 1, name: 'A', datasets: [{ id: 2, name: 'B' }] }]).datasetIds // Set {2}
 */
export function visibleIds(catalogs: readonly ExploreCatalog[]): {
  readonly datasetIds: ReadonlySet<number>
  readonly catalogIds: ReadonlySet<number>
} {
  return {
    datasetIds: new Set(catalogs.flatMap((catalog) => catalog.datasets.map((dataset) => dataset.id))),
    catalogIds: new Set(catalogs.flatMap((catalog) => (catalog.id === null ? [] : [catalog.id]))),
  }
}

/**
 * What the map of a view shows: its filter state narrowed to the playback window when one is set.
 * The explore model (in the browser) and the page (on the server) both derive it here, so both ask
 * the read API the same question.
 * @example mapFilterState({ catalogs: [], datasets: [], fields: {} }, null, null) // the same state
 */
export function mapFilterState(
  state: FilterState,
  at: string | null | undefined,
  window: string | null | undefined,
): { readonly state: FilterState; readonly playbackWindow: { startMs: number; endMs: number } | undefined } {
  const playbackWindow = playbackRange(at, window)
  return { state: playbackWindow ? narrowFilterState(state, { window: playbackWindow }) : state, playbackWindow }
}
