/**
 * Writes the generated API reference pages that TypeDoc does not make: the API routes, from the
 * app's OpenAPI document, the collections, from its Payload config and the TSDoc of its access
 * rules and hooks, and the reference's front page, which TypeDoc then uses as its index. Run
 * before every docs build (`prebuild`); the pages are not committed.
 */
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import path from 'node:path'

import { collections } from '../../web/src/collections'
import { MainMenu } from '../../web/src/globals/main-menu'
import { openApiDocument } from '../../web/src/lib/api/openapi-document'
import { blobUrlOf, editUrlOf } from '../repository'
import { GROUPS, OVERVIEW_FILE, PACKAGES } from '../typedoc.config'
import {
  collectionIndexPage,
  collectionPage,
  COLLECTION_PAGES_FOLDER,
  sharedFieldsPage,
  type CollectionLike,
} from './api-pages/collection-pages'
import { moduleExports, overviewPage, referenceGroup, servicesOf } from './api-pages/overview-page'
import { EXAMPLE_ORIGIN, routePages, ROUTE_PAGES_FOLDER, type OpenApiPaths } from './api-pages/route-pages'
import { tsdocIndex } from './api-pages/tsdoc-index'

const repositoryRoot = path.resolve(import.meta.dirname, '../../..')
const docsRoot = path.resolve(import.meta.dirname, '../docs')
const fromRoot = (relative: string) => path.join(repositoryRoot, relative)

// The OpenAPI module a path is described in.
const openApiSourceOf = (apiPath: string) =>
  apiPath.startsWith('/api/events')
    ? 'apps/web/src/lib/api/openapi-document.ts'
    : apiPath === ''
      ? 'apps/docs/scripts/api-pages/route-pages.ts'
      : 'apps/web/src/lib/api/openapi-import-paths.ts'

const document = openApiDocument(EXAMPLE_ORIGIN) as unknown as OpenApiPaths
const tsdoc = tsdocIndex(
  [
    'apps/web/src/access',
    'apps/web/src/collections',
    'apps/web/src/fields',
    'apps/web/src/globals',
    'apps/web/src/lib',
  ].map(fromRoot),
  repositoryRoot,
)
const configs = collections as unknown as CollectionLike[]
const globals = [MainMenu as unknown as CollectionLike]
const sharedFieldsFile = 'apps/web/src/fields/shared-fields.ts'

const pages = [
  ...routePages(document, (apiPath) => editUrlOf(openApiSourceOf(apiPath))),
  collectionIndexPage(configs, globals, blobUrlOf('apps/docs/scripts/api-pages/collection-pages.ts')),
  ...configs.map((config, index) =>
    collectionPage(config, tsdoc, {
      kind: 'collection',
      editUrl: editUrlOf(`apps/web/src/collections/${config.slug}/index.ts`),
      position: index + 1,
    }),
  ),
  ...globals.map((config, index) =>
    collectionPage(config, tsdoc, {
      kind: 'global',
      editUrl: editUrlOf(`apps/web/src/globals/${config.slug}.ts`),
      position: configs.length + index + 1,
    }),
  ),
  sharedFieldsPage(tsdoc, sharedFieldsFile, editUrlOf(sharedFieldsFile), configs.length + globals.length + 1),
]

for (const folder of [ROUTE_PAGES_FOLDER, COLLECTION_PAGES_FOLDER]) {
  rmSync(path.join(docsRoot, folder), { recursive: true, force: true })
  mkdirSync(path.join(docsRoot, folder), { recursive: true })
}
for (const page of pages) writeFileSync(path.join(docsRoot, page.file), page.markdown)
console.log(`[docs] Wrote ${pages.length} API reference pages (routes and collections).`)

const referenceFolder = path.resolve(import.meta.dirname, '../reference')
const read = (file: string) => readFileSync(file, 'utf8')
const overview = overviewPage({
  groups: GROUPS.map((group) => referenceGroup(read(path.join(referenceFolder, `${group}.ts`)))),
  services: servicesOf(read(path.join(referenceFolder, 'services.ts')), (specifier) =>
    path.relative(repositoryRoot, path.resolve(referenceFolder, `${specifier}.ts`)),
  ),
  exportsOf: (file) => moduleExports(read(fromRoot(file))),
  packages: PACKAGES.map((name) => ({
    name,
    description: (JSON.parse(read(fromRoot(`packages/${name}/package.json`))) as { description: string }).description,
  })),
  sourceUrlOf: blobUrlOf,
})
mkdirSync(path.dirname(OVERVIEW_FILE), { recursive: true })
writeFileSync(OVERVIEW_FILE, overview)
console.log('[docs] Wrote the API reference overview.')
