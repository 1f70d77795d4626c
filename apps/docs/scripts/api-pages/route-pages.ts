/**
 * The API route pages (`/developers/api/api/...`), one per path of the app's OpenAPI document:
 * method, summary and description, parameters, request body, responses with the answer's fields,
 * and the example request with its answer. Pure: the document in, Markdown pages out.
 */
import { DEMO_USERS } from '../../../web/src/seed/demo-content'
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
    {
      readonly description?: string
      readonly content?: Record<string, { schema?: Schema; example?: unknown; 'x-example-printed'?: unknown }>
    }
  >
  readonly 'x-example-request'?: {
    readonly path?: Record<string, string>
    readonly query?: Record<string, string>
    readonly form?: Record<string, string>
    readonly signedIn?: boolean
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

const EXAMPLES_TEST = '`apps/web/test/integration/docs/curl-examples.test.ts`'

/** What the pages say under a printed answer. */
const ANSWER_NOTE =
  'This is the real answer on the demo data of a new `npm start`, cut where long: `… 3 more` stands ' +
  'for elements left out, `"…"` for a value or keys left out; times, tokens and the ids of what you ' +
  'imported yourself differ on your machine. ' +
  `A test runs the example and compares its answer with this one (${EXAMPLES_TEST}).`

/** The demo account the signed-in examples use, as `npm start` seeds it. */
const EXAMPLE_ACCOUNT = DEMO_USERS.find((user) => user.role === 'user')!

/**
 * The commands that sign the demo account in and keep its token in `$TOKEN`, for the examples
 * that need a signed-in caller (see the "Using the API" page).
 */
export const SIGN_IN_COMMAND = [
  `TOKEN=$(curl -s -X POST ${EXAMPLE_ORIGIN}/api/users/login \\`,
  "  -H 'Content-Type: application/json' \\",
  `  -d '${JSON.stringify({ email: EXAMPLE_ACCOUNT.email, password: EXAMPLE_ACCOUNT.password })}' \\`,
  `  | node -pe 'JSON.parse(require("fs").readFileSync(0, "utf8")).token')`,
].join('\n')

/** Where the upload examples' files are, from the repository's folder. */
export const EXAMPLE_FILES_FOLDER = 'fixtures/fivethirtyeight'

// A query as people read it: JSON braces, brackets, quotes and commas stay as they are (curl -g
// sends them so); anything else a URL cannot carry is encoded.
function readableQuery(query: Readonly<Record<string, string>>): string {
  const keep: Record<string, string> = {
    '%7B': '{',
    '%7D': '}',
    '%5B': '[',
    '%5D': ']',
    '%22': '"',
    '%3A': ':',
    '%2C': ',',
  }
  return Object.entries(query)
    .map(
      ([name, value]) =>
        `${name}=${encodeURIComponent(value).replace(/%(7B|7D|5B|5D|22|3A|2C)/g, (code) => keep[code]!)}`,
    )
    .join('&')
}

/**
 * The example request as a `curl` command, as a reader runs it from the repository's folder:
 * `-g` when the URL holds JSON (so curl does not read its braces as a pattern), the token of the
 * signed-in examples in `$TOKEN`.
 */
export function exampleCommand(apiPath: string, method: string, operation: Operation): string | null {
  const example = operation['x-example-request']
  if (!example) return null
  const path = apiPath.replace(/\{(\w+)\}/g, (_, name: string) => example.path?.[name] ?? `{${name}}`)
  const search = readableQuery(example.query ?? {})
  const url = `${EXAMPLE_ORIGIN}${path}${search ? `?${search}` : ''}`
  const form = Object.entries(example.form ?? {}).map(([name, value]) =>
    name === 'file' ? `  -F 'file=@${EXAMPLE_FILES_FOLDER}/${value}'` : `  -F '${name}=${value}'`,
  )
  const options = [
    /[{}[\]]/.test(url) ? ' -g' : '',
    // A form (-F) is a POST already.
    method === 'get' || form.length > 0 ? '' : ` -X ${method.toUpperCase()}`,
    example.signedIn ? ' -H "Authorization: JWT $TOKEN"' : '',
  ].join('')
  return [`curl${options} '${url}'`, ...form].join(' \\\n')
}

// The answer a page prints after its example: the first answer with an example, as the
// documentation prints it (cut where long), with its status and media type.
function printedAnswer(operation: Operation): { status: string; type: string; printed: unknown } | undefined {
  for (const [status, response] of Object.entries(operation.responses ?? {})) {
    for (const [type, media] of Object.entries(response.content ?? {})) {
      const printed = media['x-example-printed'] ?? media.example
      if (printed !== undefined) return { status, type, printed }
    }
  }
  return undefined
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
      lines.push(`${heading} Example`, '')
      if (operation['x-example-request']?.signedIn) {
        lines.push(
          `Sign in as the demo account \`${EXAMPLE_ACCOUNT.email}\` first, which keeps its token in \`$TOKEN\` ` +
            '(see [Using the API](/developers/using-the-api)):',
          '',
          '```bash',
          SIGN_IN_COMMAND,
          '```',
          '',
        )
      }
      for (const [name, value] of Object.entries(operation['x-example-request']?.path ?? {})) {
        const parameter = operation.parameters?.find((candidate) => candidate.name === name)
        const description = parameter?.description ?? ''
        lines.push(`Here \`${name}\` is ${value}: ${description.charAt(0).toLowerCase()}${description.slice(1)}`, '')
      }
      if (operation['x-example-request']?.form?.file) {
        lines.push(`From the repository's folder, which holds the file in \`${EXAMPLE_FILES_FOLDER}/\`:`, '')
      }
      lines.push('```bash', command, '```', '')
      const answer = printedAnswer(operation)
      if (answer) {
        const language = answer.type.includes('json') ? 'json' : answer.type.replace(/^text\//, '')
        const body = typeof answer.printed === 'string' ? answer.printed : JSON.stringify(answer.printed, null, 2)
        lines.push(`\`\`\`${language} title="Answer (${answer.status})"`, body, '```', '', ANSWER_NOTE, '')
      } else {
        lines.push(`A test runs this example on the demo data and checks that it succeeds (${EXAMPLES_TEST}).`, '')
      }
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
  // Two paths can flatten to one file name (`{id}/trigger-x` and `{id}/trigger/{x}`): the second
  // would overwrite the first and leave the index linking to nothing.
  const seen = new Map<string, string>()
  for (const [apiPath, page] of Object.keys(document.paths).map((path, at) => [path, pages[at]!] as const)) {
    const earlier = seen.get(page.file)
    if (earlier) throw new Error(`${apiPath} and ${earlier} would both be written to ${page.file}`)
    seen.set(page.file, apiPath)
  }
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
