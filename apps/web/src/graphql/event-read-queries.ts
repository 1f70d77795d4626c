/**
 * The events read API in GraphQL: `EventsList` and `EventsHistogram` take the same filter state as
 * `/api/events/list` and `/api/events/histogram` (catalogs, datasets, start, end, bbox, filters,
 * q) and apply the same access rules, through the same code.
 * @module
 */
import { GraphQLJSON } from '@payloadcms/graphql/types'
import { parseHistogramInterval, parseListParams, type FilterState } from '@chronotope/filters'
import { APIError, type Config, type PayloadRequest } from 'payload'

import { ApiError } from '../lib/api/api-error'
import { withReadDatabase } from '../lib/database/read-database'
import type { DatasetScope } from '../lib/events-read/event-conditions'
import { eventHistogram } from '../lib/events-read/event-histogram'
import { listEvents } from '../lib/events-read/list-events'
import { CHECKS_OWN_ARGUMENTS } from './query-limits'
import { asApiError, prepareRead } from '../lib/events-read/read-request'

type GraphQLModule = Parameters<NonNullable<NonNullable<Config['graphQL']>['queries']>>[0]

/** Filter arguments, as GraphQL receives them. */
interface FilterArguments {
  readonly catalogs?: number[] | null
  readonly datasets?: number[] | null
  readonly start?: string | null
  readonly end?: string | null
  readonly bbox?: string | null
  readonly filters?: unknown
  readonly q?: string | null
  readonly [other: string]: unknown
}

// Scalars as they are; objects (the `filters` JSON scalar) as the JSON the URL parameter takes.
function parameterText(name: string, value: unknown): string {
  if (typeof value === 'string') return value
  if (typeof value === 'number' || typeof value === 'boolean') return String(value)
  try {
    return JSON.stringify(value) ?? ''
  } catch (error) {
    // A value nested thousands of levels deep overflows the stack: the caller's mistake, not ours.
    if (!(error instanceof RangeError)) throw error
    throw new ApiError(400, 'invalid-parameter', `${name}: the value is nested too deeply to read`, name)
  }
}

/** Turns GraphQL arguments into the URL parameters every read endpoint parses. */
export function argumentsToParams(args: FilterArguments): URLSearchParams {
  const params = new URLSearchParams()
  for (const [name, value] of Object.entries(args)) {
    if (value === null || value === undefined) continue
    params.set(name, Array.isArray(value) ? value.join(',') : parameterText(name, value))
  }
  return params
}

async function resolveRead<T>(
  req: PayloadRequest,
  args: FilterArguments,
  run: (params: URLSearchParams, state: FilterState, scope: DatasetScope) => Promise<T>,
): Promise<T> {
  try {
    const params = argumentsToParams(args)
    const { state, scope } = await prepareRead(req, params)
    return await run(params, state, scope)
  } catch (caught) {
    // The message names the argument, as the REST answers do; internals stay in the log.
    const error = asApiError(caught)
    if (error instanceof ApiError) throw new APIError(error.message, error.status, { parameter: error.parameter }, true)
    req.payload.logger.error({ err: caught, msg: 'GraphQL events read failed' })
    throw new Error('Something went wrong on the server; the error was logged.')
  }
}

/** The custom queries, for `graphQL.queries` in the Payload config. */
export function eventReadQueries(GraphQL: GraphQLModule) {
  const { GraphQLFloat, GraphQLInt, GraphQLList, GraphQLNonNull, GraphQLObjectType, GraphQLString } = GraphQL
  const filterArgs = {
    catalogs: { type: new GraphQLList(new GraphQLNonNull(GraphQLInt)) },
    datasets: { type: new GraphQLList(new GraphQLNonNull(GraphQLInt)) },
    start: { type: GraphQLString },
    end: { type: GraphQLString },
    bbox: { type: GraphQLString, description: 'west,south,east,north' },
    filters: { type: GraphQLJSON, description: 'Field filters: {"type":["a"],"size":{"min":1}}' },
    q: { type: GraphQLString, description: 'Full-text search in title, description and place' },
  }
  const eventType = new GraphQLObjectType({
    name: 'EventsReadItem',
    fields: {
      id: { type: new GraphQLNonNull(GraphQLInt) },
      datasetId: { type: new GraphQLNonNull(GraphQLInt) },
      title: { type: GraphQLString },
      description: { type: GraphQLString },
      eventTime: { type: GraphQLString },
      eventEndTime: { type: GraphQLString },
      timePrecision: { type: GraphQLString },
      longitude: { type: GraphQLFloat },
      latitude: { type: GraphQLFloat },
      locationName: { type: GraphQLString },
      data: { type: GraphQLJSON },
    },
  })
  const bucketType = new GraphQLObjectType({
    name: 'EventsHistogramBucket',
    fields: {
      start: { type: new GraphQLNonNull(GraphQLString) },
      end: { type: new GraphQLNonNull(GraphQLString) },
      count: { type: new GraphQLNonNull(GraphQLInt) },
    },
  })
  return {
    EventsList: {
      description: 'Events matching the filters that the caller may see, in time order (as GET /api/events/list).',
      type: new GraphQLObjectType({
        name: 'EventsListResult',
        fields: {
          events: { type: new GraphQLNonNull(new GraphQLList(new GraphQLNonNull(eventType))) },
          nextCursor: { type: GraphQLString },
          limit: { type: new GraphQLNonNull(GraphQLInt) },
        },
      }),
      args: {
        ...filterArgs,
        limit: { type: GraphQLInt },
        cursor: { type: GraphQLString },
        page: { type: GraphQLInt },
        sort: { type: GraphQLString, description: 'time-asc (default) or time-desc' },
      },
      // limit and page are parsed by the read API's own parser, with the same bounds.
      extensions: CHECKS_OWN_ARGUMENTS,
      resolve: (_: unknown, args: FilterArguments, context: { req: PayloadRequest }) =>
        resolveRead(context.req, args, (params, state, scope) =>
          withReadDatabase(context.req.payload, scope, (database) =>
            listEvents(context.req.payload, database, state, scope, parseListParams(params)),
          ),
        ),
    },
    EventsHistogram: {
      description: 'Counts of the matching events over time (as GET /api/events/histogram).',
      type: new GraphQLObjectType({
        name: 'EventsHistogramResult',
        fields: {
          interval: { type: new GraphQLNonNull(GraphQLString) },
          total: { type: new GraphQLNonNull(GraphQLInt) },
          buckets: { type: new GraphQLNonNull(new GraphQLList(new GraphQLNonNull(bucketType))) },
        },
      }),
      args: { ...filterArgs, interval: { type: GraphQLString } },
      resolve: (_: unknown, args: FilterArguments, context: { req: PayloadRequest }) =>
        resolveRead(context.req, args, (params, state, scope) =>
          withReadDatabase(context.req.payload, scope, (database) =>
            eventHistogram(context.req.payload, database, state, scope, parseHistogramInterval(params)),
          ),
        ),
    },
  }
}
