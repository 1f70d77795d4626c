/**
 * The API reference's front page (`/developers/api`): what the reference holds, its groups with
 * what each is for (from the TSDoc of `reference/<group>.ts`), the nine named services with the
 * modules that make them up and their exports (from `reference/services.ts` and those modules),
 * and the packages. Generated at every build from the code, so it names only what exists; every
 * link it makes is checked by the docs build. Pure: sources in, Markdown out.
 * @module
 */
import ts from 'typescript'

import { tableCell } from './markdown'

/** A group of the reference: a module of `reference/`, by its `@module` name. */
export interface ReferenceGroup {
  /** Its `@module` name, e.g. `seeding tools`. */
  readonly name: string
  /** The first paragraph of its TSDoc. */
  readonly summary: string
}

/** A named service and the modules (paths from the repository's root) that make it up. */
export interface ServiceModules {
  readonly service: string
  readonly modules: readonly string[]
}

/** An exported declaration of a module, by the kind TypeDoc files it under. */
export interface ModuleExport {
  readonly name: string
  readonly kind: 'functions' | 'classes' | 'interfaces' | 'type-aliases' | 'variables' | 'enumerations'
}

/** A package documented from its entry point, `packages/<name>/src/index.ts`. */
export interface DocumentedPackage {
  readonly name: string
  readonly description: string
}

/**
 * The URL of a reference page: TypeDoc names a module's folder after its name, lower case, spaces
 * as dashes.
 * @example referenceUrl('seeding tools') // '/developers/api/seeding-tools'
 */
export const referenceUrl = (moduleName: string, ...rest: string[]): string =>
  ['/developers/api', moduleName.toLowerCase().replace(/\s+/g, '-'), ...rest].join('/')

// The text of a file's first TSDoc comment: its paragraphs before the tags.
function leadingComment(source: string): string | undefined {
  const match = /^\s*\/\*\*([\s\S]*?)\*\//.exec(source)
  return match?.[1]!.replace(/^\s*\* ?/gm, '').trim()
}

/**
 * A reference group from its module's source: its `@module` name and the first paragraph of its
 * TSDoc, with `{@link x}` written as `x`.
 * @example referenceGroup(readFileSync('reference/jobs.ts', 'utf8')).name // 'jobs'
 */
export function referenceGroup(source: string): ReferenceGroup {
  const comment = leadingComment(source) ?? ''
  const name = /@module (.+)/.exec(comment)?.[1]?.trim()
  if (!name) throw new Error(`A reference group needs a @module name; its comment is "${comment}"`)
  const summary = comment
    .split(/\n\s*\n|\n\s*@/)[0]!
    .replace(/\{@link\s+([^}\s|]+)[^}]*\}/g, '$1')
    .replace(/\s+/g, ' ')
    .trim()
  return { name, summary }
}

/**
 * The services of `reference/services.ts`: each `// Service: name` line starts one, and the
 * `export * from` lines after it are its modules.
 * @param resolve - a module specifier of that file as a path from the repository's root
 */
export function servicesOf(source: string, resolve: (specifier: string) => string): ServiceModules[] {
  const services: Array<{ service: string; modules: string[] }> = []
  for (const line of source.split('\n')) {
    const heading = /^\/\/ Service: (.+)$/.exec(line.trim())
    if (heading) services.push({ service: heading[1]!.trim(), modules: [] })
    const module = /^export \* from '([^']+)'/.exec(line.trim())
    if (module) {
      const current = services.at(-1)
      if (!current) throw new Error(`reference/services.ts exports ${module[1]} before any "// Service:" line`)
      current.modules.push(resolve(module[1]!))
    }
  }
  return services
}

const isExported = (node: ts.Node) =>
  ts.canHaveModifiers(node) && (ts.getModifiers(node) ?? []).some((m) => m.kind === ts.SyntaxKind.ExportKeyword)

/** The declarations a module exports itself, in source order. */
export function moduleExports(source: string): ModuleExport[] {
  const file = ts.createSourceFile('module.ts', source, ts.ScriptTarget.Latest, true)
  const found: ModuleExport[] = []
  for (const statement of file.statements) {
    if (!isExported(statement)) continue
    if (ts.isFunctionDeclaration(statement) && statement.name)
      found.push({ name: statement.name.text, kind: 'functions' })
    else if (ts.isClassDeclaration(statement) && statement.name)
      found.push({ name: statement.name.text, kind: 'classes' })
    else if (ts.isInterfaceDeclaration(statement)) found.push({ name: statement.name.text, kind: 'interfaces' })
    else if (ts.isTypeAliasDeclaration(statement)) found.push({ name: statement.name.text, kind: 'type-aliases' })
    else if (ts.isEnumDeclaration(statement)) found.push({ name: statement.name.text, kind: 'enumerations' })
    else if (ts.isVariableStatement(statement))
      for (const declaration of statement.declarationList.declarations)
        if (ts.isIdentifier(declaration.name)) found.push({ name: declaration.name.text, kind: 'variables' })
  }
  return found
}

/** Sentence case: `stage transition` → `Stage transition`. */
const capitalised = (text: string) => text.charAt(0).toUpperCase() + text.slice(1)

/**
 * The overview page's Markdown.
 * @param input.groups - the reference's groups, in the reader's order
 * @param input.services - the named services with their modules
 * @param input.exportsOf - the exports of a module, by its path from the repository's root
 * @param input.sourceUrlOf - the repository page of a file
 */
export function overviewPage(input: {
  groups: readonly ReferenceGroup[]
  services: readonly ServiceModules[]
  exportsOf: (file: string) => readonly ModuleExport[]
  packages: readonly DocumentedPackage[]
  sourceUrlOf: (file: string) => string
}): string {
  const services = input.groups.find((group) => group.name === 'services')
  const lines = [
    '# API reference',
    '',
    "Chronotope's API reference, generated from the code at every build of this site: the HTTP API " +
      'from the OpenAPI document the app serves, the collections from their Payload configuration, and ' +
      'everything else from the TSDoc comments of the exported functions, classes, types and constants. ' +
      'It names only what the code has.',
    '',
    '## The HTTP API',
    '',
    '- [Using the API](/developers/using-the-api): signing in with a token or the session cookie, and ' +
      'what anonymous and signed-in callers see.',
    "- [API routes](/developers/api/api): Chronotope's own endpoints under `/api` (events read API, " +
      'imports, preview, health), each with its parameters, answers and an example that runs on the demo data.',
    '- [Collections](/developers/api/collections): the REST and GraphQL API of every collection, with ' +
      'its fields, access rules and hooks.',
    '',
    '## The groups',
    '',
    'The code documented by what it is for; each group is a module of `apps/docs/reference/` that ' +
      're-exports the symbols of one kind from the app and the packages.',
    '',
    '| group | what it holds |',
    '|---|---|',
    ...input.groups.map((group) => `| [${group.name}](${referenceUrl(group.name)}) | ${tableCell(group.summary)} |`),
    '',
    `## The ${input.services.length === 9 ? 'nine' : input.services.length} services`,
    '',
    `${services ? `${capitalised(services.summary.replace(/:.*$/, ''))}, ` : 'The services, '}` +
      'each with the modules it is made of and what they export:',
    '',
  ]
  for (const { service, modules } of input.services) {
    lines.push(`### ${capitalised(service)}`, '')
    for (const file of modules) {
      const exported = input
        .exportsOf(file)
        .map((item) => `[\`${item.name}\`](${referenceUrl('services', item.kind, item.name)})`)
      lines.push(`- [\`${file}\`](${input.sourceUrlOf(file)}): ${exported.join(', ') || 'no exports'}`)
    }
    lines.push('')
  }
  lines.push(
    '## The packages',
    '',
    'The pure packages (no Payload, Next or database), each documented from its entry point:',
    '',
    '| package | what it does |',
    '|---|---|',
    ...input.packages.map(
      (pkg) =>
        `| [\`@chronotope/${pkg.name}\`](${referenceUrl('packages', pkg.name, 'src')}) | ${tableCell(pkg.description)} |`,
    ),
    '',
    'Every module of the reference, groups and packages, is also listed [on one page](/developers/api/modules).',
    '',
  )
  return lines.join('\n')
}
