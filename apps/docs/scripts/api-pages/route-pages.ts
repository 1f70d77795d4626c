/**
 * The API route pages (`/developers/api/api/...`), one per path of the app's OpenAPI document:
 * method, summary and description, parameters, request body, responses with the answer's fields,
 * and the example request with its answer. Pure: the document in, Markdown pages out.
 */
import { tableCell } from './markdown'

/** A generated page: its file under the docs folder and its Markdown. */
export interface GeneratedPage {
  readonly file: string
  readonly markdown: string
}

type Schema = Record<string, unknown>

interface Parameter {
  readonly name: string
  readonly in: string
  readonly description?: string
  readonly required?: boolean
  readonly schema?: Schema
}

interface Operation {
  readonly summary?: string
  readonly description?: string
  readonly parameters?: readonly Parameter[]
  readonly requestBody?: { readonly content?: Record<string, { readonly schema?: Schema }> }
  readonly responses?: Record<
    string,
    { readonly description?: string; readonly content?: Record<string, { schema?: Schema; example?: unknown }> }
  >
  readonly 'x-example-request'?: {
    readonly path?: Record<string, string>
    readonly query?: Record<string, string>
    readonly form?: Record<string, string>
  }
}

/** What the generator reads of an OpenAPI document. */
export interface OpenApiPaths {
  readonly paths: Record<string, Record<string, Operation>>
}

/** Where the example requests are sent: the README's `npm start` address. */
export const EXAMPLE_ORIGIN = 'http://localhost:3000'

/** The folder (under `docs/`) the route pages are written to; their URLs come from `slug`. */
export const ROUTE_PAGES_FOLDER = 'developers/api-routes'

/**
 * The page URL of an API path: `/api/events/histogram` → `/developers/api/api/events/histogram`.
 * A dot becomes a dash (`export.csv` → `export-csv`) so the page is not taken for a file.
 */
export const routePageUrl = (apiPath: string): string => `/developers/api${apiPath.replace(/\./g, '-')}`

/** A short type name of a JSON Schema, e.g. `integer`, `string or null`, `one of a, b`. */
export function typeOf(schema: Schema | undefined): string {
  if (!schema) return ''
  if (Array.isArray(schema.enum)) return `one of ${schema.enum.map((value) => `\`${String(value)}\``).join(', ')}`
  if ('const' in schema) return `\`${JSON.stringify(schema.const)}\``
  if (Array.isArray(schema.oneOf)) return (schema.oneOf as Schema[]).map(typeOf).join(' or ')
  const type = Array.isArray(schema.type)
    ? schema.type.join(' or ')
    : typeof schema.type === 'string'
      ? schema.type
      : 'any'
  if (type === 'array' && schema.items) return `array of ${typeOf(schema.items as Schema)}`
  return typeof schema.format === 'string' ? `${type} (${schema.format})` : type
}

function parameterTable(parameters: readonly Parameter[]): string[] {
  if (parameters.length === 0) return ['None.']
  return [
    '| name | in | type | required | description |',
    '|---|---|---|---|---|',
    ...parameters.map(
      (parameter) =>
        `| \`${parameter.name}\` | ${parameter.in} | ${tableCell(typeOf(parameter.schema))} | ${parameter.required ? 'yes' : 'no'} | ${tableCell(parameter.description)} |`,
    ),
  ]
}

// The fields of an object schema, and of the objects in it (`jobs[].counts.rowsRead`), two levels deep.
function propertyRows(schema: Schema, prefix: string, depth: number): string[] {
  const properties = (schema.properties ?? {}) as Record<string, Schema>
  const required = new Set((schema.required ?? []) as string[])
  return Object.entries(properties).flatMap(([name, property]) => {
    const path = `${prefix}${name}`
    const row = `| \`${path}\` | ${tableCell(typeOf(property))} | ${required.has(name) ? 'yes' : 'no'} | ${tableCell(property.description)} |`
    if (depth === 0) return [row]
    const items = property.type === 'array' ? (property.items as Schema | undefined) : undefined
    const inner = items?.properties ? [items, `${path}[].`] : property.properties ? [property, `${path}.`] : null
    return inner ? [row, ...propertyRows(inner[0] as Schema, inner[1] as string, depth - 1)] : [row]
  })
}

function propertyTable(schema: Schema): string[] {
  const rows = propertyRows(schema, '', 2)
  if (rows.length === 0) return []
  return ['| field | type | always there | description |', '|---|---|---|---|', ...rows]
}

/** The example request as a `curl` command. */
export function exampleCommand(apiPath: string, method: string, operation: Operation): string | null {
  const example = operation['x-example-request']
  if (!example) return null
  const path = apiPath.replace(/\{(\w+)\}/g, (_, name: string) => example.path?.[name] ?? `{${name}}`)
  const search = new URLSearchParams(example.query ?? {}).toString()
  const url = `${EXAMPLE_ORIGIN}${path}${search ? `?${search}` : ''}`
  const form = Object.entries(example.form ?? {}).map(([name, value]) =>
    name === 'file' ? `  -F 'file=@${value}'` : `  -F '${name}=${value}'`,
  )
  const signedIn = path.startsWith('/api/import') || path.startsWith('/api/preview')
  const lines = [
    `curl${method === 'get' ? '' : ` -X ${method.toUpperCase()}`}${signedIn ? ' -H "Authorization: JWT $TOKEN"' : ''} '${url}'`,
    ...form,
  ]
  return lines.join(' \\\n')
}

/** The Markdown of one path's page (every method on it). */
export function routePage(
  apiPath: string,
  item: Record<string, Operation>,
  editUrl: string,
  position: number,
): GeneratedPage {
  const methods = Object.entries(item)
  const title = methods.map(([method]) => method.toUpperCase()).join(', ') + ` ${apiPath}`
  const lines = [
    '---',
    `title: ${JSON.stringify(title)}`,
    `sidebar_label: ${JSON.stringify(apiPath.replace(/^\/api\//, ''))}`,
    `slug: ${routePageUrl(apiPath)}`,
    `sidebar_position: ${position}`,
    `description: ${JSON.stringify(methods[0]?.[1].summary ?? title)}`,
    `custom_edit_url: ${editUrl}`,
    '---',
    '',
    `# \`${title}\``,
    '',
  ]
  for (const [method, operation] of methods) {
    if (methods.length > 1) lines.push(`## ${method.toUpperCase()}`, '')
    const heading = methods.length > 1 ? '###' : '##'
    lines.push(`**${method.toUpperCase()} \`${apiPath}\`**: ${operation.summary ?? ''}.`, '')
    if (operation.description) lines.push(operation.description, '')
    lines.push(`${heading} Parameters`, '', ...parameterTable(operation.parameters ?? []), '')
    for (const [type, media] of Object.entries(operation.requestBody?.content ?? {})) {
      lines.push(`${heading} Request body (\`${type}\`)`, '', ...propertyTable(media.schema ?? {}), '')
    }
    lines.push(`${heading} Responses`, '', '| status | meaning |', '|---|---|')
    const responses = Object.entries(operation.responses ?? {})
    for (const [status, response] of responses) lines.push(`| ${status} | ${tableCell(response.description)} |`)
    lines.push('')
    for (const [status, response] of responses) {
      for (const [type, media] of Object.entries(response.content ?? {})) {
        if (!status.startsWith('2')) continue
        const fields = propertyTable(media.schema ?? {})
        lines.push(
          `${heading} Answer ${status} (\`${type}\`)`,
          '',
          ...(fields.length > 0 ? fields : [typeOf(media.schema)]),
          '',
        )
      }
    }
    const errorBody = responses.find(([status, response]) => status.startsWith('4') && response.content)
    if (errorBody) {
      lines.push(
        `Errors answer with JSON \`{ "error": "…", "parameter": "…", "code": "…" }\`: the message says what was wrong and the parameter names where.`,
        '',
      )
    }
    const command = exampleCommand(apiPath, method, operation)
    if (command) {
      lines.push(`${heading} Example`, '', '```bash', command, '```', '')
      const answered = responses.find(([, response]) =>
        Object.values(response.content ?? {}).some((media) => media.example !== undefined),
      )
      if (answered) {
        const [status, response] = answered
        const example = Object.values(response.content!).find((media) => media.example !== undefined)!.example
        lines.push(`Answer (${status}):`, '', '```json', JSON.stringify(example, null, 2), '```', '')
      }
      lines.push(
        'A test sends this request to the app and checks that the answer has the fields above ' +
          '(`apps/web/test/integration/api/openapi-examples.test.ts`).',
        '',
      )
    }
  }
  const file = `${ROUTE_PAGES_FOLDER}/${apiPath
    .replace(/^\/api\//, '')
    .replace(/[{}]/g, '')
    .replace(/[/.]/g, '-')}.md`
  return { file, markdown: lines.join('\n') }
}

/**
 * Every route page of the document, and the folder's index.
 * @param editUrlOf - the edit URL of the source a path's page is made from
 */
export function routePages(document: OpenApiPaths, editUrlOf: (apiPath: string) => string): GeneratedPage[] {
  const pages = Object.entries(document.paths).map(([apiPath, item], index) =>
    routePage(apiPath, item, editUrlOf(apiPath), index + 1),
  )
  const index = [
    '---',
    'title: API routes',
    'slug: /developers/api/api',
    'sidebar_position: 0',
    `custom_edit_url: ${editUrlOf('')}`,
    '---',
    '',
    '# API routes',
    '',
    "Chronotope's own endpoints under `/api`, generated from the OpenAPI document the app serves at " +
      '`/api/openapi.json`. The CMS also answers its REST endpoints for every collection (see ' +
      '[Collections](/developers/api/collections)) and GraphQL at `/api/graphql`, with the same access rules.',
    '',
    '| route | what it does |',
    '|---|---|',
    ...Object.entries(document.paths).flatMap(([apiPath, item]) =>
      Object.entries(item).map(
        ([method, operation]) =>
          `| [\`${method.toUpperCase()} ${apiPath}\`](${routePageUrl(apiPath)}) | ${tableCell(operation.summary)} |`,
      ),
    ),
    '',
  ]
  return [{ file: `${ROUTE_PAGES_FOLDER}/index.md`, markdown: index.join('\n') }, ...pages]
}
