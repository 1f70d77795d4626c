import { buildSchema, parse, specifiedRules, validate } from 'graphql'
import { describe, expect, it } from 'vitest'

import { graphQLValidationRules } from './query-limits'

const schema = buildSchema(`
  type Dataset { name: String }
  type Event { id: Int title: String dataset: Dataset }
  type Events { docs: [Event] totalDocs: Int }
  type Query { Events(limit: Int, page: Int, pagination: Boolean): Events }
`)

function errors(
  query: string,
  options: { variables?: Record<string, unknown>; user?: object; production?: boolean } = {},
) {
  const rules = graphQLValidationRules({
    maxLimit: 1000,
    maxPage: 10_000,
    hideSchemaFromAnonymous: options.production ?? true,
  })({
    schema,
    document: parse(query),
    variableValues: options.variables,
    contextValue: { req: { user: options.user ?? null } },
  })
  return validate(schema, parse(query), [...specifiedRules, ...rules]).map((error) => error.message)
}

const aliases = (count: number, field: string) =>
  `{ ${Array.from({ length: count }, (_, index) => `a${index}: ${field}`).join(' ')} }`

describe('graphQLValidationRules', () => {
  it.each([
    ['{ Events { docs { id } } }', []],
    ['{ Events(limit: 1000, page: 3) { docs { id title dataset { name } } } }', []],
    ['{ Events(limit: 0) { docs { id } } }', ['Events: limit must be a whole number from 1 to 1000; got 0']],
    ['{ e: Events(limit: -1) { docs { id } } }', ['e: limit must be a whole number from 1 to 1000; got -1']],
    ['{ Events(page: 0) { docs { id } } }', ['Events: page must be a whole number from 1 to 10000; got 0']],
    [
      '{ Events(pagination: false) { docs { id } } }',
      ['Events: pagination cannot be turned off; page through with limit (at most 1000) and page'],
    ],
    [aliases(16, 'Events(limit: 1) { docs { id } }'), ['Syntax Error: Aliases limit of 15 exceeded, found 16.']],
  ])('%s → %j', (query, expected) => {
    expect(errors(query)).toEqual(expected)
  })

  it('reads limits given as variables', () => {
    const query = 'query ($limit: Int) { Events(limit: $limit) { docs { id } } }'
    expect(errors(query, { variables: { limit: 0 } })).toEqual([
      'Events: limit must be a whole number from 1 to 1000; got 0',
    ])
    expect(errors(query, { variables: { limit: 10 } })).toEqual([])
  })

  it('prices lists by their limit', () => {
    // Each document costs 3 (id, title, dataset's name) plus its dataset: 1000 of them cost ~5000.
    const query = (limit: number) => aliases(12, `Events(limit: ${limit}) { docs { id title dataset { name } } }`)
    expect(errors(query(100))).toEqual([])
    expect(errors(query(1000))[0]).toMatch(/^The query costs \d+, above the most allowed \(20000\)/)
  })

  it('refuses a query nested deeper than 10 fields', () => {
    expect(errors('{ Events { docs { dataset { name } } } }')).toEqual([])
    // Unknown fields are reported too; the depth is counted on the document alone.
    const deep = '{ a { b { c { d { e { f { g { h { i { j { k } } } } } } } } } } }'
    expect(errors(deep)).toContain('Syntax Error: Query depth limit of 10 exceeded, found 11.')
  })

  it('hides the schema from anonymous callers only, and only when asked (production)', () => {
    const introspection = '{ __schema { queryType { name } } }'
    expect(errors(introspection)[0]).toBe(
      'GraphQL introspection has been disabled, but the requested query contained the field "__schema".',
    )
    expect(errors(introspection, { user: { id: 1 } })).toEqual([])
    expect(errors(introspection, { production: false })).toEqual([])
  })
})
