/**
 * TypeDoc options for the API reference (docusaurus-plugin-typedoc). It documents the packages'
 * public entry points and the app's constants and settings, from their TSDoc, into
 * `docs/developers/api/` (generated at every build, not committed).
 */
import path from 'node:path'
import { fileURLToPath } from 'node:url'

const docsRoot = path.dirname(fileURLToPath(import.meta.url))
const repositoryRoot = path.resolve(docsRoot, '../..')
const fromRoot = (file: string) => path.join(repositoryRoot, file)

/** The packages whose `src/index.ts` is their public API. */
const PACKAGES = [
  'basemap',
  'commit-conventions',
  'coordinates',
  'dates',
  'event-index',
  'file-readers',
  'filters',
  'geocoding',
  'import-stages',
  'schema',
]

export const typedocOptions = {
  entryPoints: [
    ...PACKAGES.map((name) => fromRoot(`packages/${name}/src/index.ts`)),
    fromRoot('apps/web/src/constants/index.ts'),
    fromRoot('apps/web/src/config/settings.ts'),
  ],
  tsconfig: path.join(docsRoot, 'tsconfig.typedoc.json'),
  out: path.join(docsRoot, 'docs/developers/api'),
  plugin: [path.join(docsRoot, 'typedoc/count-undocumented.mjs')],
  readme: 'none',
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
