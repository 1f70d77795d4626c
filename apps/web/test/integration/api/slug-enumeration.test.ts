import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { COLLECTION_NAMES } from '../../../src/constants/collection-names'
import { slugify } from '../../../src/lib/slug'
import { ApiClient, testPayload, type ApiResponse } from '../../helpers/api-client'
import type { Json } from '../../helpers/json'

// Issue 27, point 2: a user's new catalog or dataset must answer the same whether or not someone
// they cannot see already uses its name or slug; slugs are unique per owner, pages are found by id.
let user: ApiClient
let editor: ApiClient
let userId: number
let ownCatalog: number
const run = Date.now().toString(36)

const APIS = ['REST', 'GraphQL'] as const
type Api = (typeof APIS)[number]

/** Names of the editor's private catalogs and datasets (one per API and test), which the user tries to confirm. */
const secret = (collection: 'catalogs' | 'datasets', api: Api, guess: 'name' | 'slug') =>
  `${collection === 'catalogs' ? 'Newsroom investigations' : 'Source meetings'} ${run} ${api} ${guess}`

beforeAll(async () => {
  user = await ApiClient.as('user')
  editor = await ApiClient.as('editor')
  userId = Number((await user.user())!.id)
  const payload = await testPayload()
  const editorId = (await editor.user())!.id
  for (const [api, guess] of APIS.flatMap((api) => [[api, 'name'] as const, [api, 'slug'] as const])) {
    const hidden = await payload.create({
      collection: COLLECTION_NAMES.CATALOGS,
      data: { name: secret('catalogs', api, guess), isPublic: false, owner: editorId },
    })
    await payload.create({
      collection: COLLECTION_NAMES.DATASETS,
      data: { name: secret('datasets', api, guess), catalog: hidden.id, isPublic: false, owner: editorId },
    })
  }
  const own = await user.post('/catalogs', { name: `Uma's own ${run}` })
  expect(own.status).toBe(201)
  ownCatalog = (own.body as { doc: { id: number } }).doc.id
})

// The catalogs and datasets made here go again, so other test files count the seeded ones only.
afterAll(async () => {
  const payload = await testPayload()
  for (const collection of [COLLECTION_NAMES.DATASETS, COLLECTION_NAMES.CATALOGS] as const) {
    await payload.delete({ collection, where: { name: { contains: run } }, overrideAccess: true })
  }
})

/** The answer with what differs by design (ids, names, slugs, times) replaced by its kind. */
function shape(value: Json): Json {
  // Lists (e.g. a catalog's datasets) differ in length by design; their items' shape counts.
  if (Array.isArray(value)) return value.length === 0 ? [] : [shape(value[0])]
  if (value && typeof value === 'object') {
    return Object.fromEntries(
      Object.keys(value)
        .sort()
        .map((key) => [key, shape(value[key])]),
    )
  }
  return typeof value === 'string' || typeof value === 'number' ? typeof value : value
}

type Create = (name: string, slug?: string) => Promise<ApiResponse>

const creators: Record<'catalogs' | 'datasets', Record<'REST' | 'GraphQL', Create>> = {
  catalogs: {
    REST: (name, slug) => user.post('/catalogs', { name, ...(slug ? { slug } : {}) }),
    GraphQL: (name, slug) =>
      user.graphql('mutation ($data: mutationCatalogInput!) { createCatalog(data: $data) { id name slug isPublic } }', {
        data: { name, ...(slug ? { slug } : {}) },
      }),
  },
  datasets: {
    REST: (name, slug) => user.post('/datasets', { name, catalog: ownCatalog, ...(slug ? { slug } : {}) }),
    GraphQL: (name, slug) =>
      user.graphql('mutation ($data: mutationDatasetInput!) { createDataset(data: $data) { id name slug isPublic } }', {
        data: { name, catalog: ownCatalog, ...(slug ? { slug } : {}) },
      }),
  },
}

/** The slug in a REST or GraphQL create answer. */
function slugOf(response: ApiResponse): unknown {
  const body = response.body as { doc?: { slug?: unknown }; data?: Record<string, { slug?: unknown }> }
  return body.doc?.slug ?? Object.values(body.data ?? {})[0]?.slug
}

describe.each(['catalogs', 'datasets'] as const)('creating %s', (collection) => {
  it.each(APIS)('by %s answers alike for a private name and a free one', async (api) => {
    const create = creators[collection][api]
    const taken = secret(collection, api, 'name')
    const free = `${taken} free ${api}`
    const [forTaken, forFree] = [await create(taken), await create(free)]
    expect(forTaken.status, JSON.stringify(forTaken.body)).toBe(api === 'REST' ? 201 : 200)
    expect(forFree.status).toBe(forTaken.status)
    expect(shape(forTaken.body)).toEqual(shape(forFree.body))
    expect(slugOf(forTaken)).toBe(slugify(taken))
    expect(slugOf(forFree)).toBe(slugify(free))
  })

  it.each(APIS)('by %s takes a typed slug another user has', async (api) => {
    const create = creators[collection][api]
    const taken = slugify(secret(collection, api, 'slug'))
    const response = await create(`Typed ${api} ${run}`, taken)
    const free = await create(`Typed free ${api} ${run}`, `${taken}-free`)
    expect(response.status, JSON.stringify(response.body)).toBe(api === 'REST' ? 201 : 200)
    expect(free.status).toBe(response.status)
    expect(shape(response.body)).toEqual(shape(free.body))
    expect(slugOf(response)).toBe(taken)
  })

  it('still numbers the user’s own repeated names, and refuses their own typed slug twice', async () => {
    const name = `Repeated ${collection} ${run}`
    const create = creators[collection].REST
    const first = await create(name)
    const second = await create(name)
    expect([slugOf(first), slugOf(second)]).toEqual([slugify(name), `${slugify(name)}-2`])
    const clash = await create(`Another ${run}`, slugify(name))
    expect(clash.status).toBe(400)
    expect((clash.body as { errors: Array<{ data: { errors: unknown[] } }> }).errors[0]!.data.errors).toEqual([
      { path: 'slug', message: `You already have one with the slug "${slugify(name)}"; choose another` },
    ])
  })
})

describe('slugs shared by two owners', () => {
  it('keep both documents reachable by id and by owner and slug', async () => {
    const slug = slugify(secret('catalogs', 'REST', 'name'))
    const mine = await user.get(`/catalogs?where[slug][equals]=${slug}&where[owner][equals]=${userId}`)
    const theirs = await editor.get(`/catalogs?where[slug][equals]=${slug}`)
    const mineDocs = (mine.body as { docs: Array<{ id: number }> }).docs
    expect(mineDocs).toHaveLength(1)
    expect((await user.get(`/catalogs/${mineDocs[0]!.id}`)).status).toBe(200)
    // The editor sees both; the user sees only their own.
    expect((theirs.body as { docs: unknown[] }).docs).toHaveLength(2)
    const all = await user.get(`/catalogs?where[slug][equals]=${slug}`)
    expect((all.body as { docs: unknown[] }).docs).toHaveLength(1)
  })
})
