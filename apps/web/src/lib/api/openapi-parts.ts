/**
 * The pieces the OpenAPI document is assembled from: parameters, the error body every endpoint
 * answers with, and the example request each operation carries (`x-example-request`), which the
 * documentation shows and a test sends to the real app.
 * @module
 */

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
 * fields (a field named `file` is a file, by its name among the repository's fixtures).
 */
export interface ExampleRequest {
  readonly path?: Readonly<Record<string, string>>
  readonly query?: Readonly<Record<string, string>>
  readonly form?: Readonly<Record<string, string>>
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
