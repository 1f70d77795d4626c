/**
 * The request mix of `npm run bench:read`: each read endpoint at three map views (world, a
 * continent, a city) under four filters (none, a decade, a category, a rare word), the URL of each
 * request, the plain `select count(*)` over the same rows it is compared with, and a check that
 * an answer counts the rows that count does.
 * @module
 */
import { RARE_TITLE_WORD } from './read-events'

/** A map view: what the explore page asks for at one zoom. */
export interface MapView {
  readonly name: string
  readonly zoom: number
  /** west, south, east, north in degrees. */
  readonly bbox: readonly [number, number, number, number]
}

/** The world, Europe, and a 1280×800-pixel window on Paris (one of the busiest city centres). */
export const MAP_VIEWS: readonly MapView[] = [
  { name: 'world z2', zoom: 2, bbox: [-180, -85, 180, 85] },
  { name: 'europe z4', zoom: 4, bbox: [-25, 34, 45, 72] },
  { name: 'paris z11', zoom: 11, bbox: [1.9, 48.72, 2.8, 49.08] },
]

/** A filter as URL parameters, and the same condition in SQL for the count(*) baseline. */
export interface FilterCase {
  readonly name: string
  readonly params: Readonly<Record<string, string>>
  /** A condition on `events`, with its values bound from `$${first}` on. */
  sql(first: number): { condition: string; values: unknown[] }
}

/** No filter, the 1990s, the `quake` category, and the word that is in 1 % of titles. */
export const FILTER_CASES: readonly FilterCase[] = [
  { name: 'none', params: {}, sql: () => ({ condition: 'true', values: [] }) },
  {
    name: 'time 1990s',
    params: { start: '1990', end: '1999' },
    sql: (first) => ({
      condition: `event_time between $${first} and $${first + 1}`,
      values: ['1990-01-01T00:00:00.000Z', '1999-12-31T23:59:59.999Z'],
    }),
  },
  {
    name: 'enum quake',
    params: { filters: JSON.stringify({ category: ['quake'] }) },
    sql: (first) => ({ condition: `data->>'category' = any($${first}::text[])`, values: [['quake']] }),
  },
  {
    name: `text ${RARE_TITLE_WORD}`,
    params: { q: RARE_TITLE_WORD },
    sql: (first) => ({ condition: `title ilike $${first}`, values: [`%${RARE_TITLE_WORD}%`] }),
  },
]

/** One events read endpoint of the mix. */
export interface ReadEndpoint {
  readonly name: string
  readonly path: string
  /** Whether the p95 ≤ 100 ms target applies. */
  readonly hasLatencyTarget: boolean
  params(view: MapView): Record<string, string>
  /** How an answer compares with the count(*) of its rows, e.g. `Σ 1,204 ok`; `MISMATCH` when it disagrees. */
  checkAnswer(body: unknown, count: number): string
}

const fmt = (n: number) => n.toLocaleString('en')
const compare = (label: string, actual: number, expected: number) =>
  actual === expected ? `${label} ${fmt(actual)} ok` : `${label} ${fmt(actual)} MISMATCH (count ${fmt(expected)})`
const bboxParam = (view: MapView) => view.bbox.join(',')

/** The read endpoints, in the order of the printed table. */
export const READ_ENDPOINTS: readonly ReadEndpoint[] = [
  {
    name: 'map-clusters',
    path: '/api/events/map-clusters',
    hasLatencyTarget: true,
    params: (view) => ({ bbox: bboxParam(view), zoom: String(view.zoom) }),
    checkAnswer: (body, count) => {
      const features = (body as { features?: Array<{ properties?: Record<string, unknown> }> }).features
      if (!Array.isArray(features)) return 'no features'
      const total = features.reduce((sum, feature) => {
        const properties = feature.properties ?? {}
        return sum + Number(properties.count ?? properties.point_count ?? 1)
      }, 0)
      // A cell on the view's edge also counts its points just outside, so the sum may exceed count(*).
      const verdict = total >= count ? 'ok' : `MISMATCH (count ${fmt(count)})`
      return `${fmt(features.length)} features, Σ ${fmt(total)} ${verdict}`
    },
  },
  {
    name: 'histogram',
    path: '/api/events/histogram',
    hasLatencyTarget: true,
    params: (view) => ({ interval: 'auto', bbox: bboxParam(view) }),
    checkAnswer: (body, count) => {
      const { buckets, interval } = body as { buckets?: Array<{ count: number }>; interval?: string }
      if (!Array.isArray(buckets)) return 'no buckets'
      const total = buckets.reduce((sum, bucket) => sum + Number(bucket.count), 0)
      return `${fmt(buckets.length)} × ${interval}, ${compare('Σ', total, count)}`
    },
  },
  {
    name: 'list',
    path: '/api/events/list',
    hasLatencyTarget: true,
    params: (view) => ({ limit: '100', sort: 'time-asc', bbox: bboxParam(view) }),
    checkAnswer: (body, count) => {
      const events = (body as { events?: unknown[] }).events
      return Array.isArray(events) ? compare('page', events.length, Math.min(100, count)) : 'no events'
    },
  },
  {
    name: 'bounds',
    path: '/api/events/bounds',
    hasLatencyTarget: false,
    params: (view) => ({ bbox: bboxParam(view) }),
    checkAnswer: (body, count) => {
      const total = (body as { count?: number }).count
      return typeof total === 'number' ? compare('count', total, count) : 'no count'
    },
  },
]

/**
 * The path and query of one request of the mix.
 * @example requestPath(READ_ENDPOINTS[2], MAP_VIEWS[0], FILTER_CASES[3]) // '/api/events/list?limit=100&sort=time-asc&bbox=-180%2C-85%2C180%2C85&q=earthquake'
 */
export function requestPath(endpoint: ReadEndpoint, view: MapView, filter: FilterCase): string {
  return `${endpoint.path}?${new URLSearchParams({ ...endpoint.params(view), ...filter.params })}`
}

/** The plain `select count(*)` over the rows a request of `view` and `filter` reads. */
export function countQuery(
  view: MapView,
  filter: FilterCase,
  datasetIds: readonly number[],
): { text: string; values: unknown[] } {
  const { condition, values } = filter.sql(6)
  return {
    text: `select count(*)::int as count from events
      where dataset_id = any($1::int[]) and location && st_makeenvelope($2, $3, $4, $5, 4326) and ${condition}`,
    values: [datasetIds, ...view.bbox, ...values],
  }
}
