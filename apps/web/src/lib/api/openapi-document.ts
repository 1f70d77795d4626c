/**
 * The OpenAPI 3.1 document of Chronotope's own endpoints, served at `/api/openapi.json`: the events
 * read API, the import endpoints, the owners' publish switch and deletion impacts, the webhooks'
 * secret rotation and redelivery, the audit log export, and the health
 * check (the CMS's REST and GraphQL are Payload's).
 * The filter parameters are described once and shared by every read path, as the endpoints share
 * them. The documentation's API pages are generated from this document. Every operation has an
 * `operationId`, hand-named and never changed, as generated clients name their methods after them;
 * `redocly lint` with the recommended rules passes on it (`openapi-lint.test.ts`).
 * @module
 */
import { MAX_LIMIT, MAX_ZOOM } from '@chronotope/filters'

import { apiKeyPaths, withSecuritySchemes } from './openapi-api-key-paths'
import { auditPaths } from './openapi-audit-paths'
import { quotaPaths } from './openapi-quota-paths'
import { importAndHealthPaths } from './openapi-import-paths'
import { ownerPaths } from './openapi-owner-paths'
import { schedulePaths } from './openapi-schedule-paths'
import { webhookPaths } from './openapi-webhook-paths'
import { EXAMPLE_REQUEST_KEY, ERROR_BODY, exampleMedia, query, type Parameter, type Schema } from './openapi-parts'
import { READ_EXAMPLES } from './openapi-read-examples'

/** The filter state's parameters (`@chronotope/filters`), taken by every events endpoint. */
const FILTER_PARAMETERS: readonly Parameter[] = [
  query('catalogs', 'Catalog ids, comma-separated (also `catalog`, or repeated).', { type: 'string', example: '1,2' }),
  query(
    'datasets',
    'Dataset ids, comma-separated (also `dataset`, or repeated). An id the caller may not see is a 400.',
    {
      type: 'string',
      example: '3',
    },
  ),
  query('start', 'Earliest event time, inclusive: YYYY, YYYY-MM, YYYY-MM-DD or ISO 8601; negative years are BCE.', {
    type: 'string',
    example: '1990',
  }),
  query(
    'end',
    'Latest event time, inclusive; a partial date means the end of that period (2020 = up to 2020-12-31T23:59:59.999Z).',
    {
      type: 'string',
      example: '1999-12',
    },
  ),
  query('bbox', 'west,south,east,north in degrees; west > east crosses the antimeridian.', {
    type: 'string',
    example: '-10,35,30,60',
  }),
  query('filters', 'JSON field filters: an array of values per enum field, {min,max} per numeric field.', {
    type: 'string',
    example: '{"category":["protest"],"attendance":{"min":100}}',
  }),
  query('q', 'Full-text search in title, description and place (web search syntax: "phrase", -exclude, or).', {
    type: 'string',
  }),
]

const jsonResponses = (description: string, schema: Schema) => ({
  '200': {
    description,
    headers: { ETag: { schema: { type: 'string' } } },
    content: { 'application/json': { schema } },
  },
  '304': { description: 'Not modified: the If-None-Match ETag is current.' },
  '400': {
    description: 'A bad parameter; the body names it.',
    content: { 'application/json': { schema: ERROR_BODY } },
  },
})

const EVENT: Schema = {
  type: 'object',
  required: ['id', 'datasetId', 'title', 'eventTime', 'longitude', 'latitude', 'data'],
  properties: {
    id: { type: 'integer' },
    datasetId: { type: 'integer' },
    title: { type: ['string', 'null'] },
    description: { type: ['string', 'null'] },
    eventTime: { type: ['string', 'null'], description: 'ISO 8601; BCE years as -00YYYY' },
    eventEndTime: { type: ['string', 'null'] },
    timePrecision: { type: ['string', 'null'] },
    longitude: { type: ['number', 'null'] },
    latitude: { type: ['number', 'null'] },
    locationName: { type: ['string', 'null'] },
    data: { type: 'object', description: "The original row's values" },
  },
}

const BOUNDS: Schema = {
  type: 'array',
  items: { type: 'number' },
  minItems: 4,
  maxItems: 4,
  description: '[west, south, east, north]',
}

/**
 * The project's licence, as the root package.json's `license` field names it (an SPDX identifier,
 * which OpenAPI 3.1 takes as `identifier`), so that a client generator can tell what it may do.
 */
export const LICENSE = { name: 'MIT License', identifier: 'MIT' } as const

/**
 * The read paths with their example requests and answers (`openapi-read-examples.ts`), and the
 * import and health paths after them.
 */
function withReadExamples(readPaths: Record<string, { get: Record<string, unknown> }>): Record<string, unknown> {
  const paths: Record<string, unknown> = {}
  for (const [path, item] of Object.entries(readPaths)) {
    const example = READ_EXAMPLES[path]
    if (!example) {
      paths[path] = item
      continue
    }
    const responses = item.get.responses as Record<string, { content?: Record<string, { schema: Schema }> }>
    const ok = responses['200']!
    const content = ok.content
      ? Object.fromEntries(
          Object.entries(ok.content).map(([type, media]) => [
            type,
            example.response === undefined ? media : { ...media, ...exampleMedia(media.schema, example.response) },
          ]),
        )
      : undefined
    paths[path] = {
      get: {
        ...item.get,
        [EXAMPLE_REQUEST_KEY]: example.request,
        responses: { ...responses, '200': { ...ok, ...(content ? { content } : {}) } },
      },
    }
  }
  return {
    ...paths,
    ...importAndHealthPaths(),
    ...ownerPaths(),
    ...schedulePaths(),
    ...webhookPaths(),
    ...apiKeyPaths(),
    ...auditPaths(),
    ...quotaPaths(),
    '/api/openapi.json': {
      get: {
        operationId: 'getOpenApiDocument',
        summary: 'This OpenAPI document',
        responses: {
          '200': {
            description: 'OpenAPI 3.1',
            content: { 'application/json': { schema: { type: 'object', required: ['openapi', 'info', 'paths'] } } },
          },
        },
        [EXAMPLE_REQUEST_KEY]: {},
      },
    },
  }
}

// An export takes a turn: one per client, two waiting behind it (see lib/api/heavy-work-gate).
const EXPORT_TURN_ANSWERS = {
  '429': {
    description: 'This client already has an export running and two waiting; try again after Retry-After seconds',
    content: { 'application/json': { schema: ERROR_BODY } },
  },
  '503': {
    description: 'Too many exports wait for a turn; try again after Retry-After seconds',
    content: { 'application/json': { schema: ERROR_BODY } },
  },
}

/** Builds the document; `serverUrl` is the site's origin. */
export function openApiDocument(serverUrl: string): Record<string, unknown> {
  const get = (
    operationId: string,
    summary: string,
    parameters: readonly Parameter[],
    responses: Record<string, unknown>,
  ) => ({
    get: { operationId, summary, parameters: [...FILTER_PARAMETERS, ...parameters], responses },
  })
  // `GET /api/events` answers the same when any read parameter is given (else it is the CMS's find).
  const list = get(
    'listEvents',
    'A page of events in time order',
    [
      query('limit', `Events per page, 1–${MAX_LIMIT} (default 100).`, {
        type: 'integer',
        minimum: 1,
        maximum: MAX_LIMIT,
      }),
      query('cursor', "The previous page's nextCursor (keyset paging)."),
      query('page', 'Page number from 1 (not with cursor).', { type: 'integer', minimum: 1 }),
      query('sort', 'time-asc (default) or time-desc.', { type: 'string', enum: ['time-asc', 'time-desc'] }),
      query('fields', 'Comma-separated data fields to return.'),
    ],
    jsonResponses('Events', {
      type: 'object',
      required: ['events', 'nextCursor', 'page', 'limit'],
      additionalProperties: false,
      properties: {
        events: { type: 'array', items: EVENT },
        nextCursor: { type: ['string', 'null'] },
        page: { type: ['integer', 'null'] },
        limit: { type: 'integer' },
      },
    }),
  )
  return withSecuritySchemes({
    openapi: '3.1.0',
    info: {
      title: 'Chronotope events API',
      version: '1',
      license: LICENSE,
      description:
        'Read events filtered by catalog, dataset, time, place, field values and text. Every endpoint sees only public ' +
        'events plus those the caller may see: sign in with the session cookie, a JWT in `Authorization: JWT <token>`, ' +
        'or an API key in `Authorization: Bearer ctk_…`.',
    },
    servers: [{ url: serverUrl }],
    paths: withReadExamples({
      '/api/events/list': list,
      // The same operation on the collection's path: an id of its own, as operation ids are unique.
      '/api/events': { get: { ...list.get, operationId: 'filterEvents' } },
      '/api/events/histogram': get(
        'getEventHistogram',
        'A histogram: counts of events over time in calendar buckets',
        [
          query('interval', 'auto (about 50–200 buckets) or hour, day, week, month, year, decade, century.', {
            type: 'string',
          }),
        ],
        jsonResponses('Buckets, empty ones included', {
          type: 'object',
          required: ['interval', 'total', 'range', 'buckets'],
          additionalProperties: false,
          properties: {
            interval: { type: 'string' },
            total: { type: 'integer' },
            range: { type: ['object', 'null'] },
            buckets: {
              type: 'array',
              items: {
                type: 'object',
                required: ['start', 'end', 'count'],
                properties: { start: { type: 'string' }, end: { type: 'string' }, count: { type: 'integer' } },
              },
            },
          },
        }),
      ),
      '/api/events/map-clusters': get(
        'getEventMapClusters',
        'Clusters and single events for a map view',
        [
          query('zoom', `Map zoom, 0–${MAX_ZOOM}.`, { type: 'number', minimum: 0, maximum: MAX_ZOOM }, true),
          query('color', 'A data field path, for colouring: single events carry its value, places a count per value.', {
            type: 'string',
          }),
        ],
        jsonResponses('GeoJSON: clusters and events at one place (count, bounds, samePlace), single events', {
          type: 'object',
          required: ['type', 'features', 'zoom', 'total'],
          additionalProperties: false,
          properties: {
            type: { const: 'FeatureCollection' },
            features: { type: 'array' },
            zoom: { type: 'integer' },
            total: { type: 'integer' },
          },
        }),
      ),
      '/api/events/dataset-counts': get(
        'countEventsByDataset',
        'The filtered events per dataset',
        [],
        jsonResponses('Datasets holding filtered events, with their counts and time extents, and the total', {
          type: 'object',
          required: ['datasets', 'total', 'firstTime', 'lastTime'],
          additionalProperties: false,
          properties: {
            datasets: {
              type: 'array',
              items: {
                type: 'object',
                required: ['datasetId', 'count', 'firstTime', 'lastTime'],
                properties: {
                  datasetId: { type: 'integer' },
                  count: { type: 'integer' },
                  firstTime: { type: ['string', 'null'] },
                  lastTime: { type: ['string', 'null'] },
                },
              },
            },
            total: { type: 'integer' },
            firstTime: { type: ['string', 'null'] },
            lastTime: { type: ['string', 'null'] },
          },
        }),
      ),
      '/api/events/bounds': get(
        'getEventBounds',
        'The extent of the filtered events',
        [],
        jsonResponses('Bounds and count', {
          type: 'object',
          required: ['bounds', 'count'],
          additionalProperties: false,
          properties: { bounds: { oneOf: [BOUNDS, { type: 'null' }] }, count: { type: 'integer' } },
        }),
      ),
      '/api/events/filters': get(
        'getEventFilterFields',
        'Filterable fields of the selection: values with counts, or numeric ranges',
        [],
        jsonResponses('Fields', {
          type: 'object',
          required: ['fields'],
          additionalProperties: false,
          properties: {
            fields: {
              type: 'array',
              items: {
                type: 'object',
                required: ['path', 'kind'],
                properties: {
                  path: { type: 'string' },
                  kind: { enum: ['values', 'range'] },
                  values: {
                    type: 'array',
                    description: '`values`: the most common values with their counts, most common first.',
                    items: {
                      type: 'object',
                      required: ['value', 'count'],
                      properties: { value: { type: 'string' }, count: { type: 'integer' } },
                    },
                  },
                  truncated: { type: 'boolean', description: '`values`: whether more values exist than are listed.' },
                  min: { type: 'number', description: '`range`: the smallest value.' },
                  max: { type: 'number', description: '`range`: the largest value.' },
                  count: { type: 'integer', description: '`range`: the events with a value.' },
                },
              },
            },
          },
        }),
      ),
      '/api/events/export.csv': get('exportEventsCsv', 'Every filtered event as CSV, streamed', [], {
        '200': {
          description: 'CSV with a header row; data fields as columns',
          content: { 'text/csv': { schema: { type: 'string' } } },
        },
        '400': { description: 'A bad parameter', content: { 'application/json': { schema: ERROR_BODY } } },
        ...EXPORT_TURN_ANSWERS,
      }),
      '/api/events/export.geojson': get('exportEventsGeoJson', 'Every filtered event as GeoJSON, streamed', [], {
        '200': {
          description: 'A FeatureCollection',
          content: { 'application/geo+json': { schema: { type: 'object' } } },
        },
        '400': { description: 'A bad parameter', content: { 'application/json': { schema: ERROR_BODY } } },
        ...EXPORT_TURN_ANSWERS,
      }),
    }),
  })
}
