/**
 * The pieces the OpenAPI document is assembled from: parameters, the error body every endpoint
 * answers with, and the example request each operation carries (`x-example-request`) with its
 * answer, which the documentation shows and a test runs against the demo data.
 * @module
 */
import { withoutCuts } from './example-cuts'

/** A JSON Schema (OpenAPI 3.1 uses JSON Schema 2020-12). */
export type Schema = Record<string, unknown>

/** An operation parameter. */
export interface Parameter {
  readonly name: string
  readonly in: 'query' | 'path'
  readonly description: string
  readonly required?: boolean
  readonly schema: Schema
}

/** A query parameter. */
export const query = (
  name: string,
  description: string,
  schema: Schema = { type: 'string' },
  required = false,
): Parameter => ({
  name,
  in: 'query',
  description,
  ...(required ? { required } : {}),
  schema,
})

/** A path parameter (`{name}` in the path); always required. */
export const pathParameter = (name: string, description: string, schema: Schema = { type: 'integer' }): Parameter => ({
  name,
  in: 'path',
  description,
  required: true,
  schema,
})

/** The body of every error answer (`apps/web/src/lib/api/api-error.ts`). */
export const ERROR_BODY: Schema = {
  type: 'object',
  required: ['error'],
  properties: {
    error: { type: 'string', description: 'What went wrong, naming the parameter.' },
    parameter: { type: 'string' },
    code: { type: 'string' },
    quota: {
      type: 'object',
      description:
        'With `code: quota-exceeded`: the quota reached, the trust level, its limit and the figure that broke it.',
      required: ['name', 'level', 'limit', 'figure'],
      properties: {
        name: { type: 'string' },
        level: { type: 'string' },
        limit: { type: 'integer' },
        figure: { type: 'integer' },
      },
    },
  },
}

/** The OpenAPI response object of an error answer. */
export const errorAnswer = (description: string) => ({
  description,
  content: { 'application/json': { schema: ERROR_BODY } },
})

/** The extension key of an operation's example request. */
export const EXAMPLE_REQUEST_KEY = 'x-example-request'

/**
 * An operation's example request: its path and query parameters and, for an upload, its form
 * fields (a field named `file` is a file, by its name among the repository's fixtures); with
 * `signedIn`, sent by the demo account `user@chronotope.local` with its token.
 */
export interface ExampleRequest {
  readonly path?: Readonly<Record<string, string>>
  readonly query?: Readonly<Record<string, string>>
  readonly form?: Readonly<Record<string, string>>
  readonly signedIn?: boolean
}

/**
 * The extension key of an answer as the documentation prints it, with its cuts marked
 * (`./example-cuts`), beside the `example` that matches the schema.
 */
export const EXAMPLE_PRINTED_KEY = 'x-example-printed'

/**
 * An OpenAPI media type object with a real answer as its example: `printed` is the answer as the
 * documentation shows it, cut where long; the `example` is the same answer without the cut
 * markers, so that it matches the schema.
 * @example exampleMedia({ type: 'array' }, [1, '… 2 more']) // { schema, example: [1], 'x-example-printed': [1, '… 2 more'] }
 */
export function exampleMedia(schema: Schema, printed: unknown): Record<string, unknown> {
  const example = withoutCuts(printed)
  const isCut = JSON.stringify(example) !== JSON.stringify(printed)
  return { schema, example, ...(isCut ? { [EXAMPLE_PRINTED_KEY]: printed } : {}) }
}

/**
 * The URL of an example request on `path` (an OpenAPI path such as `/api/import/{importId}`).
 * @example exampleUrl('/api/import/{importId}', { path: { importId: '7' } }) // '/api/import/7'
 */
export function exampleUrl(path: string, example: ExampleRequest): string {
  const filled = path.replace(/\{(\w+)\}/g, (_, name: string) =>
    encodeURIComponent(example.path?.[name] ?? `{${name}}`),
  )
  const search = new URLSearchParams(example.query ?? {}).toString()
  return search ? `${filled}?${search}` : filled
}

/**
 * A JSON answer of an operation, with a real answer as its example when `printed` is given
 * (see {@link exampleMedia}).
 * @example jsonAnswer('The candidates', { type: 'object' }, { places: [] })
 */
export const jsonAnswer = (description: string, schema: Schema, printed?: unknown) => ({
  description,
  content: { 'application/json': printed === undefined ? { schema } : exampleMedia(schema, printed) },
})

/**
 * An operation with its example request (`x-example-request`), which the documentation shows and
 * a test sends to the app.
 * @example withExampleRequest({ summary: 'Health check', responses }, {})
 */
export const withExampleRequest = <T extends object>(operation: T, example: ExampleRequest) => ({
  ...operation,
  [EXAMPLE_REQUEST_KEY]: example,
})
