/**
 * GraphQL's `DateTime` for times of every era. Payload's scalar (graphql-scalars) accepts RFC 3339
 * only, whose years have four digits, so an event before the common era or after 9999 made every
 * query that read it fail. Here the scalar also takes ISO 8601 with an expanded year
 * (`-000489-01-01T00:00:00.000Z`, 490 BC), in answers and in arguments; the rest is unchanged.
 * @module
 */
import { InvalidDate, parseDate } from '@chronotope/dates'
import { Kind, type GraphQLScalarType } from 'graphql'
import type { Config, GraphQLInfo } from 'payload'

type GraphQLModule = Parameters<NonNullable<NonNullable<Config['graphQL']>['queries']>>[0]

/** ±YYYYYY-: the expanded years RFC 3339 lacks. */
const EXPANDED_YEAR = /^[+-]\d{6}-/
const ACCEPTS_EVERY_ERA = Symbol('chronotope.acceptsEveryEra')

/**
 * An instant written with an expanded year, or undefined for anything else (left to the scalar).
 * @example readExpandedYear('-000489-01-01T00:00:00Z')?.toISOString() // '-000489-01-01T00:00:00.000Z'
 */
export function readExpandedYear(value: unknown): Date | undefined {
  if (typeof value !== 'string' || !EXPANDED_YEAR.test(value)) return undefined
  try {
    return new Date(parseDate(value).epochMs)
  } catch (error) {
    if (error instanceof InvalidDate) return undefined
    throw error
  }
}

/**
 * Makes a `DateTime` scalar take expanded years too; calling it again changes nothing.
 * @example acceptEveryEra(findDateTimeScalar(GraphQL, info)!)
 */
export function acceptEveryEra(scalar: GraphQLScalarType): void {
  const marked = scalar as GraphQLScalarType & { [ACCEPTS_EVERY_ERA]?: true }
  if (marked[ACCEPTS_EVERY_ERA]) return
  const { serialize, parseValue, parseLiteral } = scalar
  scalar.serialize = (value) => readExpandedYear(value)?.toISOString() ?? serialize(value)
  scalar.parseValue = (value) => readExpandedYear(value) ?? parseValue(value)
  scalar.parseLiteral = (node, variables) =>
    (node.kind === Kind.STRING ? readExpandedYear(node.value) : undefined) ?? parseLiteral(node, variables)
  marked[ACCEPTS_EVERY_ERA] = true
}

/**
 * The `DateTime` scalar Payload built its collection types with (the instance its schema uses, whichever
 * copy of graphql-scalars it was loaded from).
 */
export function findDateTimeScalar(GraphQL: GraphQLModule, info: GraphQLInfo): GraphQLScalarType | undefined {
  for (const collection of Object.values(info.collections)) {
    const type = collection.graphQL?.type
    if (!type) continue
    for (const field of Object.values(type.getFields())) {
      const named = GraphQL.getNamedType(field.type)
      if (named instanceof GraphQL.GraphQLScalarType && named.name === 'DateTime') return named
    }
  }
  return undefined
}
