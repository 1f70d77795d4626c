/**
 * The collection pages (`/developers/api/collections/{slug}`), one per collection of the app's
 * Payload config, the main-menu global and the shared field definitions: fields (nested ones by
 * their dotted path), access rules and hooks in their authors' words (TSDoc) or, when written in
 * place, as their code, and the REST and GraphQL endpoints. Pure: configs in, Markdown out.
 */
import { tableCell } from './markdown'
import type { GeneratedPage } from './route-pages'
import { formatCode, type TsdocIndex } from './tsdoc-index'

/** What the generator reads of a Payload field. */
export interface FieldLike {
  readonly name?: string
  readonly type: string
  readonly label?: unknown
  readonly required?: boolean
  readonly unique?: boolean
  readonly index?: boolean
  readonly hasMany?: boolean
  readonly relationTo?: string | readonly string[]
  readonly collection?: string | readonly string[]
  readonly on?: string
  readonly options?: ReadonlyArray<string | { readonly value: string }>
  readonly defaultValue?: unknown
  readonly maxLength?: number
  readonly min?: number
  readonly max?: number
  readonly admin?: { readonly description?: unknown; readonly readOnly?: boolean; readonly hidden?: boolean }
  readonly access?: Readonly<Record<string, unknown>>
  readonly fields?: readonly FieldLike[]
  readonly tabs?: ReadonlyArray<{ readonly name?: string; readonly fields: readonly FieldLike[] }>
}

/** What the generator reads of a Payload collection or global. */
export interface CollectionLike {
  readonly slug: string
  readonly labels?: { readonly singular?: unknown; readonly plural?: unknown }
  readonly label?: unknown
  readonly admin?: { readonly description?: unknown; readonly group?: unknown; readonly useAsTitle?: string }
  readonly access?: Readonly<Record<string, unknown>>
  readonly hooks?: Readonly<Record<string, unknown>>
  readonly fields: readonly FieldLike[]
  readonly auth?: unknown
  readonly upload?: unknown
  readonly versions?: unknown
  readonly endpoints?: ReadonlyArray<{ readonly path: string; readonly method: string }> | false
}

/** The folder (under `docs/`) the collection pages are written to. */
export const COLLECTION_PAGES_FOLDER = 'developers/api-collections'

/** The page URL of a collection (or `shared-fields`). */
export const collectionPageUrl = (slug: string): string => `/developers/api/collections/${slug}`

const plain = (text: unknown): string => (typeof text === 'string' ? text : '')

/** A function's documented meaning, or its code when it was written in place. */
export function describeFunction(fn: unknown, tsdoc: TsdocIndex): string {
  if (typeof fn === 'boolean') return fn ? 'everyone' : 'no one'
  if (typeof fn !== 'function') return ''
  const documented = tsdoc.get(fn.name)
  if (documented) return `\`${fn.name}\`${documented.summary ? `: ${documented.summary}` : ''}`
  const code = formatCode(fn.toString())
  return `written in place: \`${code.length > 240 ? `${code.slice(0, 237)}…` : code}\``
}

function notesOf(field: FieldLike, tsdoc: TsdocIndex): string {
  const notes: string[] = []
  if (field.unique) notes.push('unique')
  if (field.index) notes.push('indexed')
  if (field.hasMany) notes.push('many')
  const target = field.relationTo ?? field.collection
  if (target)
    notes.push(
      `→ ${[target]
        .flat()
        .map((slug) => `[${slug}](${collectionPageUrl(slug)})`)
        .join(', ')}`,
    )
  if (field.on) notes.push(`joined on \`${field.on}\``)
  if (field.options) {
    const values = field.options.map((option) => (typeof option === 'string' ? option : option.value))
    notes.push(
      `one of ${values
        .slice(0, 12)
        .map((value) => `\`${value}\``)
        .join(', ')}${values.length > 12 ? ', …' : ''}`,
    )
  }
  if (field.maxLength !== undefined) notes.push(`at most ${field.maxLength} characters`)
  if (field.min !== undefined) notes.push(`≥ ${field.min}`)
  if (field.max !== undefined) notes.push(`≤ ${field.max}`)
  if (field.defaultValue !== undefined && typeof field.defaultValue !== 'function')
    notes.push(`default \`${JSON.stringify(field.defaultValue)}\``)
  if (field.admin?.readOnly) notes.push('read-only in the admin')
  if (field.admin?.hidden) notes.push('hidden in the admin')
  for (const [operation, rule] of Object.entries(field.access ?? {}))
    notes.push(`${operation}: ${describeFunction(rule, tsdoc)}`)
  return notes.join('; ')
}

/** One table row per field, nested fields by their dotted path; layout-only fields are looked through. */
export function fieldRows(fields: readonly FieldLike[], tsdoc: TsdocIndex, prefix = ''): string[] {
  return fields.flatMap((field) => {
    const path = field.name ? `${prefix}${field.name}` : prefix.replace(/\.$/, '')
    const nestedPrefix = field.name ? `${path}.` : prefix
    const nested = [
      ...(field.fields ? fieldRows(field.fields, tsdoc, nestedPrefix) : []),
      ...(field.tabs ?? []).flatMap((tab) =>
        fieldRows(tab.fields, tsdoc, tab.name ? `${nestedPrefix}${tab.name}.` : nestedPrefix),
      ),
    ]
    if (!field.name) return nested
    const type = field.type === 'array' ? 'array of rows' : field.type
    return [
      `| \`${path}\` | ${type} | ${field.required ? 'yes' : 'no'} | ${tableCell(notesOf(field, tsdoc))} | ${tableCell(plain(field.admin?.description))} |`,
      ...nested,
    ]
  })
}

function accessLines(access: Readonly<Record<string, unknown>> | undefined, tsdoc: TsdocIndex): string[] {
  const entries = Object.entries(access ?? {})
  if (entries.length === 0) return ["Payload's default: signed-in users only."]
  return entries.map(([operation, rule]) => `- **${operation}**: ${describeFunction(rule, tsdoc)}`)
}

function hookLines(hooks: Readonly<Record<string, unknown>> | undefined, tsdoc: TsdocIndex): string[] {
  const lines = Object.entries(hooks ?? {}).flatMap(([event, list]) =>
    Array.isArray(list) && list.length > 0
      ? [`- **${event}**: ${list.map((hook) => describeFunction(hook, tsdoc)).join('; ')}`]
      : [],
  )
  return lines.length > 0 ? lines : ['None.']
}

/** The page of one collection (or, with `kind: 'global'`, of a global). */
export function collectionPage(
  config: CollectionLike,
  tsdoc: TsdocIndex,
  options: { readonly kind: 'collection' | 'global'; readonly editUrl: string; readonly position: number },
): GeneratedPage {
  const isGlobal = options.kind === 'global'
  const name = plain(config.labels?.plural) || plain(config.label) || config.slug
  const base = isGlobal ? `/api/globals/${config.slug}` : `/api/${config.slug}`
  const custom = (config.endpoints || []).map((endpoint) => `${endpoint.method.toUpperCase()} ${base}${endpoint.path}`)
  const rest = isGlobal
    ? [`GET ${base}`, `POST ${base}`]
    : [`GET ${base}`, `GET ${base}/{id}`, `POST ${base}`, `PATCH ${base}/{id}`, `DELETE ${base}/{id}`]
  const lines = [
    '---',
    `title: ${JSON.stringify(`${config.slug}${isGlobal ? ' (global)' : ''}`)}`,
    `slug: ${collectionPageUrl(config.slug)}`,
    `sidebar_position: ${options.position}`,
    `description: ${JSON.stringify(plain(config.admin?.description) || `The ${config.slug} ${options.kind}.`)}`,
    `custom_edit_url: ${options.editUrl}`,
    '---',
    '',
    `# ${config.slug}${isGlobal ? ' (global)' : ''}`,
    '',
    `**${name}**${plain(config.admin?.description) ? `: ${plain(config.admin?.description)}` : ''}`,
    '',
    ...(config.auth ? ['Users sign in with this collection (email and password, JWT and session cookie).', ''] : []),
    ...(config.upload ? ['Its documents are uploaded files.', ''] : []),
    ...(config.versions ? ['It keeps versions (and drafts where enabled).', ''] : []),
    '## Fields',
    '',
    '| field | type | required | notes | description |',
    '|---|---|---|---|---|',
    ...fieldRows(config.fields, tsdoc),
    '',
    'Payload adds `id`, `createdAt` and `updatedAt`' + (config.auth ? ', and the sign-in fields' : '') + '.',
    '',
    '## Access',
    '',
    ...accessLines(config.access, tsdoc),
    '',
    '## Hooks',
    '',
    ...hookLines(config.hooks, tsdoc),
    '',
    '## Endpoints',
    '',
    ...rest.map((route) => `- \`${route}\``),
    ...custom.map((route) => `- \`${route}\` (Chronotope's own; see [API routes](/developers/api/api))`),
    '',
    `GraphQL at \`/api/graphql\` answers the same documents with the same access rules.`,
    '',
  ]
  return { file: `${COLLECTION_PAGES_FOLDER}/${config.slug}.md`, markdown: lines.join('\n') }
}

/** The page of the shared field definitions: each exported factory and what it is for. */
export function sharedFieldsPage(
  tsdoc: TsdocIndex,
  sourceFile: string,
  editUrl: string,
  position: number,
): GeneratedPage {
  const factories = [...tsdoc].filter(([, entry]) => entry.file === sourceFile)
  const lines = [
    '---',
    'title: shared-fields',
    `slug: ${collectionPageUrl('shared-fields')}`,
    `sidebar_position: ${position}`,
    'description: Reusable field definitions the collections share.',
    `custom_edit_url: ${editUrl}`,
    '---',
    '',
    '# shared-fields',
    '',
    `Reusable field definitions (\`${sourceFile}\`): the collections build these fields from one definition each, so a slug, an owner or a visibility flag behaves the same everywhere.`,
    '',
    '| definition | what it is |',
    '|---|---|',
    ...factories.map(([name, entry]) => `| \`${name}\` | ${tableCell(entry.summary)} |`),
    '',
  ]
  return { file: `${COLLECTION_PAGES_FOLDER}/shared-fields.md`, markdown: lines.join('\n') }
}

/** The index page listing every collection, the global and the shared fields. */
export function collectionIndexPage(
  collections: readonly CollectionLike[],
  globals: readonly CollectionLike[],
  editUrl: string,
): GeneratedPage {
  const row = (config: CollectionLike, kind: string) =>
    `| [${config.slug}](${collectionPageUrl(config.slug)}) | ${kind} | ${tableCell(plain(config.admin?.description))} |`
  const lines = [
    '---',
    'title: Collections',
    'slug: /developers/api/collections',
    'sidebar_position: 0',
    `custom_edit_url: ${editUrl}`,
    '---',
    '',
    '# Collections',
    '',
    "Chronotope's data lives in Payload collections. Each page lists the fields, the access rules and hooks " +
      '(in the words of their TSDoc, or as their code when written in place) and the REST endpoints; all of it ' +
      "is read from the app's config when the docs are built.",
    '',
    '| name | kind | what it holds |',
    '|---|---|---|',
    ...collections.map((config) => row(config, 'collection')),
    ...globals.map((config) => row(config, 'global')),
    `| [shared-fields](${collectionPageUrl('shared-fields')}) | field definitions | Reusable field definitions the collections share. |`,
    '',
  ]
  return { file: `${COLLECTION_PAGES_FOLDER}/index.md`, markdown: lines.join('\n') }
}
