/**
 * The generated API reference pages say what the code says: each API route page shows its
 * operation's parameters, responses and example request exactly as the OpenAPI document the app
 * serves has them, and each collection page lists the collection's fields and access rules.
 */
import { describe, expect, it } from 'vitest'

import { collections } from '../../web/src/collections'
import { MainMenu } from '../../web/src/globals/main-menu'
import { openApiDocument } from '../../web/src/lib/api/openapi-document'
import { exampleUrl, type ExampleRequest } from '../../web/src/lib/api/openapi-parts'
import { collectionPage, type CollectionLike } from '../scripts/api-pages/collection-pages'
import {
  EXAMPLE_ORIGIN,
  exampleCommand,
  routePages,
  routePageUrl,
  type OpenApiPaths,
} from '../scripts/api-pages/route-pages'
import { formatCode, tsdocIndex } from '../scripts/api-pages/tsdoc-index'

const document = openApiDocument(EXAMPLE_ORIGIN) as unknown as OpenApiPaths & {
  paths: Record<string, Record<string, { 'x-example-request'?: ExampleRequest }>>
}
const pages = routePages(document, () => 'https://example.org/edit')
const slugOf = (markdown: string) => /^slug: (.+)$/m.exec(markdown)?.[1]
const pageAt = (url: string) => pages.find((page) => slugOf(page.markdown) === url)

describe('the API route pages', () => {
  it('are at the addresses the product promises', () => {
    for (const route of [
      'events',
      'events/histogram',
      'events/list',
      'events/map-clusters',
      'health',
      'import/{importId}',
      'preview',
    ])
      expect(pageAt(`/developers/api/api/${route}`), route).toBeDefined()
    expect(pageAt('/developers/api/api')).toBeDefined()
  })

  it('give every path a file of its own, and refuse two paths that would share one', () => {
    const files = pages.map((page) => page.file)
    expect(new Set(files).size).toBe(files.length)
    const clash = {
      paths: {
        '/api/things/{id}/trigger-token': { post: { responses: {} } },
        '/api/things/{id}/trigger/{token}': { post: { responses: {} } },
      },
    } as unknown as OpenApiPaths
    expect(() => routePages(clash, () => '')).toThrow(/would both be written to .*things-id-trigger-token\.md/)
  })

  it('show every operation of /api/openapi.json with its parameters, responses and example', () => {
    for (const [apiPath, item] of Object.entries(document.paths)) {
      const page = pageAt(routePageUrl(apiPath))
      expect(page, apiPath).toBeDefined()
      for (const [method, operation] of Object.entries(item)) {
        const full = operation as unknown as {
          parameters?: Array<{ name: string }>
          responses: Record<string, unknown>
          'x-example-request'?: ExampleRequest
        }
        expect(page!.markdown).toContain(`**${method.toUpperCase()} \`${apiPath}\`**`)
        for (const parameter of full.parameters ?? [])
          expect(page!.markdown, apiPath).toContain(`| \`${parameter.name}\` |`)
        for (const status of Object.keys(full.responses)) expect(page!.markdown, apiPath).toContain(`| ${status} |`)
        const example = full['x-example-request']
        if (example) {
          // The page's command asks for the same URL as the example, written to be read.
          const command = exampleCommand(apiPath, method, operation)!
          expect(page!.markdown, apiPath).toContain(command)
          const shown = new URL(/'(http[^']+)'/.exec(command)![1]!)
          const sent = new URL(exampleUrl(apiPath, example), EXAMPLE_ORIGIN)
          expect(shown.pathname, apiPath).toBe(sent.pathname)
          expect([...shown.searchParams], apiPath).toEqual([...sent.searchParams])
        }
      }
    }
  })
})

describe('the example commands', () => {
  const filters = document.paths['/api/events/filters']!.get! as never

  it('send JSON in the URL as people read it, with -g so that curl leaves its braces alone', () => {
    expect(exampleCommand('/api/events/filters', 'get', filters)).toBe(
      `curl -g '${EXAMPLE_ORIGIN}/api/events/filters?datasets=4&filters={"kind":["Strike","March"]}'`,
    )
  })

  it('send the token of a signed-in example, and an upload’s file from the repository', () => {
    const upload = document.paths['/api/import/upload']!.post! as never
    expect(exampleCommand('/api/import/upload', 'post', upload)).toBe(
      [
        `curl -H "Authorization: JWT $TOKEN" '${EXAMPLE_ORIGIN}/api/import/upload' \\`,
        "  -F 'file=@fixtures/fivethirtyeight/presidential-campaign-trail_clinton.csv' \\",
        "  -F 'catalogName=Campaign trail' \\",
        "  -F 'datasetName=Clinton 2016'",
      ].join('\n'),
    )
    const page = pageAt('/developers/api/api/import/upload')!.markdown
    expect(page).toContain('TOKEN=$(curl -s -X POST http://localhost:3000/api/users/login')
    expect(page).toContain('```json title="Answer (202)"')
  })
})

describe('the collection pages', () => {
  const repositoryRoot = new URL('../../..', import.meta.url).pathname
  const tsdoc = tsdocIndex(
    [`${repositoryRoot}apps/web/src/access`, `${repositoryRoot}apps/web/src/collections`],
    repositoryRoot,
  )

  it('exist for every collection of the product and list each one’s fields and access rules', () => {
    const slugs = (collections as unknown as CollectionLike[]).map((config) => config.slug)
    expect(slugs.sort()).toEqual(
      [
        'api-keys',
        'audit-log',
        'catalogs',
        'dataset-schemas',
        'datasets',
        'events',
        'geocoding-providers',
        'import-files',
        'import-jobs',
        'location-cache',
        'media',
        'pages',
        'scheduled-import-runs',
        'scheduled-imports',
        'users',
        'webhook-deliveries',
        'webhooks',
      ].sort(),
    )
    for (const config of [...(collections as unknown as CollectionLike[]), MainMenu as unknown as CollectionLike]) {
      const { markdown } = collectionPage(config, tsdoc, { kind: 'collection', editUrl: 'x', position: 1 })
      for (const field of config.fields)
        if (field.name) expect(markdown, config.slug).toContain(`| \`${field.name}\` |`)
      for (const operation of Object.keys(config.access ?? {}))
        expect(markdown, config.slug).toContain(`- **${operation}**: `)
    }
  })

  it('explain a named access rule in its TSDoc and show one written in place as its code', () => {
    const catalogs = (collections as unknown as CollectionLike[]).find((config) => config.slug === 'catalogs')!
    expect(collectionPage(catalogs, tsdoc, { kind: 'collection', editUrl: 'x', position: 1 }).markdown).toMatch(
      /- \*\*read\*\*: `canReadCatalogs`: .*public/,
    )
    const users = (collections as unknown as CollectionLike[]).find((config) => config.slug === 'users')!
    expect(collectionPage(users, tsdoc, { kind: 'collection', editUrl: 'x', position: 1 }).markdown).toMatch(
      /- \*\*admin\*\*: written in place: `\(\{ req \}\) => Boolean\(req\.user\) && !.*apiKeyGrant.*\(req\.user\)`/,
    )
  })
})

describe('formatCode', () => {
  it('spaces compiled code as people write it', () => {
    expect(formatCode('({req})=>req.user?{id:{equals:req.user.id}}:false')).toBe(
      '({ req }) => req.user ? { id: { equals: req.user.id } } : false',
    )
  })
})
