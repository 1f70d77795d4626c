/**
 * TypeDoc options for the API reference (docusaurus-plugin-typedoc). It documents the groups of
 * `reference/` (jobs, hooks, services, constants, lib, configuration and app, seeding tools, types,
 * utilities) and the packages' public entry points, from their TSDoc, into `docs/developers/api/`
 * (generated at every build, not committed).
 */
import { existsSync } from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'

const docsRoot = path.dirname(fileURLToPath(import.meta.url))
const repositoryRoot = path.resolve(docsRoot, '../..')
const fromRoot = (file: string) => path.join(repositoryRoot, file)

/** The packages whose `src/index.ts` is their public API. */
export const PACKAGES = [
  'basemap',
  'commit-conventions',
  'coordinates',
  'dates',
  'event-index',
  'file-readers',
  'filters',
  'geocoding',
  'import-stages',
  'schedules',
  'schema',
]

/**
 * The reference's groups, in a reader's order: each module under `reference/` re-exports the app's
 * and packages' symbols of one kind (jobs, hooks, services, …) and is named by its `@module` tag.
 */
export const GROUPS = [
  'services',
  'jobs',
  'hooks',
  'lib',
  'configuration',
  'constants',
  'seeding',
  'types',
  'utilities',
]

/**
 * The reference's front page, written by scripts/write-api-pages.mts before every build: TypeDoc
 * makes it the reference's index (`/developers/api`), and lists the modules on a page of their own.
 */
export const OVERVIEW_FILE = path.join(docsRoot, 'generated/api-overview.md')

export const typedocOptions = {
  entryPoints: [
    ...GROUPS.map((group) => path.join(docsRoot, `reference/${group}.ts`)),
    ...PACKAGES.map((name) => fromRoot(`packages/${name}/src/index.ts`)),
  ],
  tsconfig: path.join(docsRoot, 'tsconfig.typedoc.json'),
  out: path.join(docsRoot, 'docs/developers/api'),
  plugin: [path.join(docsRoot, 'typedoc/count-undocumented.mjs')],
  readme: existsSync(OVERVIEW_FILE) ? OVERVIEW_FILE : 'none',
  // Type errors are the type check's business (npm run typecheck); here they would only slow the build.
  skipErrorChecking: true,
  excludePrivate: true,
  excludeInternal: true,
  validation: { notDocumented: true, notExported: false, invalidLink: false },
  sidebar: { autoConfiguration: true, pretty: false },
  parametersFormat: 'table',
  hidePageTitle: false,
  useCodeBlocks: true,
  sourceLinkTemplate: undefined,
  disableSources: true,
}
