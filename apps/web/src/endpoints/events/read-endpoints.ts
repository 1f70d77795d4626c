import {
  fieldPathProblem,
  parseHistogramInterval,
  parseListParams,
  parseZoom,
  type BoundingBox,
  type FilterState,
} from '@chronotope/filters'
import type { Endpoint, PayloadRequest } from 'payload'

import { settings } from '../../config/settings'
import { ApiError, errorResponse } from '../../lib/api/api-error'
import { CHECKS_OWN_PARAMETERS } from '../../lib/api/bounded-cms-endpoints'
import { withReadDatabase } from '../../lib/database/read-database'
import type { ReadDatabase } from '../../lib/database/read-router'
import { exportWork, heavyWork } from '../../lib/api/heavy-work-gate'
import { cachedJson, readHeaders } from '../../lib/api/http-caching'
import { requestClient } from '../../lib/http/request-client'
import { datasetCounts } from '../../lib/events-read/dataset-counts'
import type { DatasetScope } from '../../lib/events-read/event-conditions'
import { eventBounds } from '../../lib/events-read/event-bounds'
import { eventHistogram } from '../../lib/events-read/event-histogram'
import { exportEvents, type ExportFormat } from '../../lib/events-read/export-events'
import { filterFields } from '../../lib/events-read/filter-fields'
import { listEvents } from '../../lib/events-read/list-events'
import { mapClusters } from '../../lib/events-read/map-clusters'
import { asApiError, prepareRead } from '../../lib/events-read/read-request'

interface ReadContext {
  readonly req: PayloadRequest
  readonly params: URLSearchParams
  readonly state: FilterState
  readonly scope: DatasetScope
  /** The database that answers (the replica when it is current, see `read-router`). */
  readonly database: ReadDatabase
}

function searchParams(req: PayloadRequest): URLSearchParams {
  return new URL(req.url ?? 'http://localhost/').searchParams
}

/**
 * Runs a read: parses the filter state, finds the datasets in scope, picks the database that
 * answers, and maps bad input to 400.
 */
async function withReadContext(
  req: PayloadRequest,
  run: (context: ReadContext) => Response | Promise<Response>,
): Promise<Response> {
  try {
    const params = searchParams(req)
    const read = await prepareRead(req, params)
    return await withReadDatabase(req.payload, read.scope, async (database) => run({ req, params, ...read, database }))
  } catch (error) {
    return errorResponse(asApiError(error), (err) =>
      req.payload.logger.error({ err, msg: `Events read failed: ${req.url}` }),
    )
  }
}

function jsonEndpoint(path: string, read: (context: ReadContext) => Promise<unknown>): Endpoint {
  return {
    path,
    method: 'get',
    custom: CHECKS_OWN_PARAMETERS,
    handler: (req) => withReadContext(req, async (context) => cachedJson(req, await read(context))),
  }
}

function requireBbox(state: FilterState): FilterState & { bbox: BoundingBox } {
  if (!state.bbox)
    throw new ApiError(400, 'missing-parameter', 'bbox: the map view is required, as west,south,east,north', 'bbox')
  return state as FilterState & { bbox: BoundingBox }
}

/** The optional `color` parameter of map clusters: a data field path whose value single events carry. */
function parseColorField(params: URLSearchParams): string | undefined {
  const field = params.get('color')
  if (field === null || field === '') return undefined
  const problem = fieldPathProblem(field)
  if (problem !== undefined) throw new ApiError(400, 'invalid-parameter', `color: ${problem}`, 'color')
  return field
}

function exportEndpoint(format: ExportFormat): Endpoint {
  return {
    path: `/export.${format}`,
    method: 'get',
    custom: CHECKS_OWN_PARAMETERS,
    // An export holds a turn at the exports' gate until it has streamed its last row or its client
    // goes away; each client has one turn (see heavy-work-gate).
    handler: (req) =>
      exportWork.respondStreaming(
        () =>
          withReadContext(req, ({ state, scope, database }) => {
            const stream = exportEvents(database.pool, state, scope, format, settings.databaseKind === 'external')
            return new Response(stream, {
              headers: {
                ...readHeaders(req),
                'Content-Type': format === 'csv' ? 'text/csv; charset=utf-8' : 'application/geo+json; charset=utf-8',
                'Content-Disposition': `attachment; filename="chronotope-events.${format}"`,
              },
            })
          }),
        { client: requestClient(req), signal: req.signal },
      ),
  }
}

/** Parameters only the read API takes: one of them makes `GET /api/events` a read API list. */
const READ_ONLY_PARAMETERS = [
  'catalog',
  'catalogs',
  'dataset',
  'datasets',
  'start',
  'end',
  'bbox',
  'filters',
  'q',
  'cursor',
  'fields',
]
/** The read API's sort values (the CMS sorts by field name). */
const READ_SORTS = ['time-asc', 'time-desc']
/** Parameters only the CMS's REST find takes. */
const CMS_ONLY_PARAMETERS = [
  'where',
  'depth',
  'select',
  'populate',
  'draft',
  'joins',
  'pagination',
  'trash',
  'locale',
  'fallback-locale',
]

function isReadListRequest(params: URLSearchParams): boolean {
  const sort = params.get('sort')
  return (
    [...params.keys()].some((name) => READ_ONLY_PARAMETERS.includes(name)) ||
    (sort !== null && READ_SORTS.includes(sort))
  )
}

/** Pages larger than the default wait for a turn at the heavy-work gate; small ones never wait. */
const LARGE_PAGE = 100

const listHandler = (req: PayloadRequest) => {
  const read = () =>
    withReadContext(req, async ({ params, state, scope, database }) =>
      cachedJson(req, await listEvents(req.payload, database, state, scope, parseListParams(params))),
    )
  return Number(searchParams(req).get('limit')) > LARGE_PAGE ? heavyWork.respond(read) : read()
}

/**
 * `GET /api/events`: with a read API parameter (catalogs, datasets, start, end, bbox, filters, q,
 * cursor, fields, or sort=time-asc|time-desc) it is the read API's list, like `/api/events/list`;
 * otherwise it is the CMS's REST find (where, depth, sort by field, page, limit), unchanged.
 */
const eventsRootEndpoint: Endpoint = {
  path: '/',
  method: 'get',
  // Its CMS branch hands over to Payload's find, whose bounded copy checks the CMS parameters.
  custom: CHECKS_OWN_PARAMETERS,
  handler: async (req) => {
    const params = searchParams(req)
    if (isReadListRequest(params)) {
      const cmsParameter = [...params.keys()].find((name) =>
        CMS_ONLY_PARAMETERS.some((cms) => name === cms || name.startsWith(`${cms}[`)),
      )
      if (cmsParameter) {
        return errorResponse(
          new ApiError(
            400,
            'mixed-parameters',
            `${cmsParameter}: the CMS's query parameters cannot be mixed with the read API's filters`,
            cmsParameter,
          ),
        )
      }
      return listHandler(req)
    }
    const cmsFind = req.payload.collections.events?.config.endpoints
    const builtIn = cmsFind
      ? cmsFind.find(
          (endpoint) => endpoint.method === 'get' && endpoint.path === '/' && endpoint !== eventsRootEndpoint,
        )
      : undefined
    if (!builtIn) return errorResponse(new ApiError(404, 'not-found', 'The CMS find of events is not available'))
    return builtIn.handler(req)
  },
}

/**
 * The events read API, mounted on the events collection (`/api/events/...`). Every endpoint takes
 * the same filter state (`@chronotope/filters`: catalogs, datasets, start, end, bbox, filters, q)
 * and sees only public events plus those the caller may see:
 * - `GET /api/events/list`: a page of events (`limit`, `cursor` or `page`, `sort`, `fields`); also
 *   `GET /api/events` when a read API parameter is given (else that is the CMS's REST find)
 * - `GET /api/events/histogram`: counts over time (`interval`: auto, hour … century)
 * - `GET /api/events/map-clusters`: clusters and single events for `bbox` and `zoom`
 * - `GET /api/events/bounds`: the extent of the filtered events
 * - `GET /api/events/dataset-counts`: the filtered events per dataset
 * - `GET /api/events/filters`: the filterable fields of the selection, with values or ranges
 * - `GET /api/events/export.csv` and `/export.geojson`: every filtered event, streamed
 *
 * A new array on every call: Payload adds the collection's built-in endpoints to the one it is given.
 */
export const eventReadEndpoints = (): Endpoint[] => [
  eventsRootEndpoint,
  { path: '/list', method: 'get', custom: CHECKS_OWN_PARAMETERS, handler: listHandler },
  jsonEndpoint('/histogram', ({ req, params, state, scope, database }) =>
    eventHistogram(req.payload, database, state, scope, parseHistogramInterval(params)),
  ),
  jsonEndpoint('/map-clusters', ({ req, params, state, scope, database }) => {
    const zoom = parseZoom(params)
    return mapClusters(req.payload, database, requireBbox(state), scope, zoom, parseColorField(params))
  }),
  jsonEndpoint('/bounds', ({ req, state, scope, database }) => eventBounds(req.payload, database, state, scope)),
  jsonEndpoint('/dataset-counts', ({ req, state, scope, database }) =>
    datasetCounts(req.payload, database, state, scope),
  ),
  jsonEndpoint('/filters', ({ req, state, scope, database }) => filterFields(req.payload, database, state, scope)),
  exportEndpoint('csv'),
  exportEndpoint('geojson'),
]
