/**
 * Answers that depend on who asks are never cached for someone else (issue 27, point 4): every
 * REST collection and global (taken from the Payload config, so a new one is covered by itself),
 * GraphQL, the events read API and the custom endpoints, asked over HTTP anonymously, with a JWT
 * and with the sign-in cookie. Signed-in answers are private (personal data `no-store`), every
 * answer varies on Authorization and Cookie, and anonymous answers keep the Cache-Control their
 * handler gives them today. The pages are walked by the end-to-end test of the production server.
 */
import config from '@payload-config'
import { REST_GET } from '@payloadcms/next/routes'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { DEMO_USERS } from '../../../src/seed/demo-content'
import { testPayload } from '../../helpers/api-client'
import { startApiHttpServer, type ApiHttpServer } from '../../helpers/api-http-server'

const restGet = REST_GET(config)

type Caller = 'anonymous' | 'jwt' | 'cookie'
const CALLERS: readonly Caller[] = ['anonymous', 'jwt', 'cookie']

/** Collections and globals whose documents are personal data: signed-in answers are never stored. */
const PERSONAL = [
  'users',
  'api-keys',
  'import-files',
  'import-jobs',
  'scheduled-imports',
  'scheduled-import-runs',
  'payload-preferences',
  'payload-locked-documents',
  'webhooks',
  'webhook-deliveries',
]

let server: ApiHttpServer
let tokens: Record<Exclude<Caller, 'anonymous'>, string>
let privateDatasetId: number
/** `GET` paths to ask, each with whether its answer is personal data. */
const paths: Array<{ path: string; personal: boolean }> = []

async function signIn(role: 'editor'): Promise<string> {
  const account = DEMO_USERS.find((user) => user.role === role)!
  const payload = await testPayload()
  const { token } = await payload.login({
    collection: 'users',
    data: { email: account.email, password: account.password },
  })
  return token!
}

function credentials(caller: Caller): Record<string, string> {
  if (caller === 'jwt') return { authorization: `JWT ${tokens.jwt}` }
  // As a browser sends it on the site's own requests (Payload takes the cookie only from those).
  if (caller === 'cookie')
    return { cookie: `theme=dark; payload-token=${tokens.cookie}`, 'sec-fetch-site': 'same-origin' }
  return {}
}

function ask(caller: Caller, path: string, init: RequestInit = {}): Promise<Response> {
  return fetch(new URL(path, server.origin), {
    ...init,
    redirect: 'manual',
    headers: { ...credentials(caller), ...(init.headers as Record<string, string> | undefined) },
  })
}

/** What the route handler itself answers, without the server: today's Cache-Control. */
async function handlerCacheControl(path: string): Promise<string | null> {
  const url = new URL(path, 'http://localhost:3000')
  const slug = url.pathname
    .replace(/^\/api\//, '')
    .split('/')
    .filter(Boolean)
  const response = await restGet(new Request(url), { params: Promise.resolve({ slug }) })
  await response.arrayBuffer()
  return response.headers.get('cache-control')
}

function varyNames(response: Response): string[] {
  return (response.headers.get('vary') ?? '').split(',').map((name) => name.trim().toLowerCase())
}

function expectPrivate(response: Response, what: string, personal: boolean): void {
  const cacheControl = response.headers.get('cache-control') ?? ''
  expect(cacheControl, what).toMatch(/(^|,\s*)private(,|$)/)
  // Kept only by the caller's browser, and then revalidated (the read API's ETag) or not stored.
  expect(cacheControl, what).toMatch(/no-store|no-cache/)
  if (personal) expect(cacheControl, what).toContain('no-store')
}

beforeAll(async () => {
  const payload = await testPayload()
  // The editor owns the seed's private dataset.
  tokens = { jwt: await signIn('editor'), cookie: await signIn('editor') }
  const sanitized = await config
  const datasets = await payload.find({ collection: 'datasets', where: { slug: { equals: 'source-meetings' } } })
  privateDatasetId = datasets.docs[0]!.id as number
  for (const collection of sanitized.collections) {
    const personal = PERSONAL.includes(collection.slug) || Boolean(collection.auth)
    paths.push({ path: `/api/${collection.slug}?limit=2&depth=0`, personal })
    const first = await payload.find({ collection: collection.slug, limit: 1, depth: 0, overrideAccess: true })
    const id = first.docs[0]?.id
    if (id !== undefined) paths.push({ path: `/api/${collection.slug}/${String(id)}?depth=0`, personal })
    if (collection.auth) paths.push({ path: `/api/${collection.slug}/me`, personal: true })
  }
  for (const global of sanitized.globals) paths.push({ path: `/api/globals/${global.slug}`, personal: false })
  paths.push(
    { path: `/api/datasets/${privateDatasetId}`, personal: false },
    { path: '/api/events/list?limit=5', personal: false },
    { path: `/api/events/list?datasets=${privateDatasetId}&limit=5`, personal: false },
    { path: '/api/events/histogram', personal: false },
    { path: '/api/events/bounds', personal: false },
    { path: '/api/events/dataset-counts', personal: false },
    { path: '/api/events/filters', personal: false },
    { path: '/api/events/map-clusters?bbox=-180,-85,180,85&zoom=2', personal: false },
    { path: '/api/events/export.csv?limit=5', personal: false },
    { path: '/api/health', personal: false },
    { path: '/api/openapi.json', personal: false },
    { path: '/api/places?q=Berlin', personal: false },
  )
  server = await startApiHttpServer()
})

afterAll(async () => {
  await server?.close()
})

describe('every collection of the Payload config is walked', () => {
  it('including Payload’s own and every upload collection', async () => {
    const slugs = (await config).collections.map((collection) => collection.slug)
    for (const slug of ['users', 'datasets', 'import-files', 'media', 'payload-preferences'])
      expect(slugs).toContain(slug)
    for (const slug of slugs) expect(paths.some(({ path }) => path.startsWith(`/api/${slug}?`))).toBe(true)
  })
})

describe.each(CALLERS)('REST and the read API, %s', (caller) => {
  it('vary on the credentials; signed-in answers are private, anonymous ones as their handler made them', async () => {
    for (const { path, personal } of paths) {
      const response = await ask(caller, path)
      await response.arrayBuffer()
      const what = `${caller} GET ${path} (${response.status})`
      // 501: Payload's migrations collection, closed on purpose.
      expect(response.status, what).not.toBe(500)
      expect(varyNames(response), what).toEqual(expect.arrayContaining(['authorization', 'cookie']))
      if (caller === 'anonymous') {
        expect(response.headers.get('cache-control'), what).toBe(await handlerCacheControl(path))
      } else {
        expectPrivate(response, what, personal)
      }
    }
  })
})

describe('the answers the issue found uncached', () => {
  it.each(['jwt', 'cookie'] as const)('answer 200 with private, unstored headers (%s)', async (caller) => {
    for (const path of [`/api/datasets/${privateDatasetId}`, '/api/users/me', '/api/users', '/api/import-files']) {
      const response = await ask(caller, path)
      await response.arrayBuffer()
      expect(response.status, path).toBe(200)
      expect(response.headers.get('cache-control'), path).toBe('private, no-store')
      expect(varyNames(response), path).toEqual(expect.arrayContaining(['authorization', 'cookie']))
    }
  })

  it('keeps the anonymous read API cacheable by anyone', async () => {
    const response = await ask('anonymous', '/api/events/list?limit=5')
    await response.arrayBuffer()
    expect(response.status).toBe(200)
    expect(response.headers.get('cache-control')).toBe('public, max-age=60, stale-while-revalidate=300')
    expect(varyNames(response)).toEqual(expect.arrayContaining(['authorization', 'cookie']))
  })

  it('never lets the sign-in answer, which carries the token, be stored', async () => {
    const account = DEMO_USERS.find((user) => user.role === 'user')!
    const response = await ask('anonymous', '/api/users/login', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: account.email, password: account.password }),
    })
    await response.arrayBuffer()
    expect(response.status).toBe(200)
    expect(response.headers.get('set-cookie')).toMatch(/^payload-token=/)
    expect(response.headers.get('cache-control')).toBe('private, no-store')
  })
})

describe.each(CALLERS)('GraphQL, %s', (caller) => {
  it('varies on the credentials and is private when signed in', async () => {
    for (const query of ['{ Datasets(limit: 2) { docs { id name } } }', '{ meUser { user { email } } }']) {
      const response = await ask(caller, '/api/graphql', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ query }),
      })
      await response.arrayBuffer()
      expect(response.status, query).toBe(200)
      expect(varyNames(response), query).toEqual(expect.arrayContaining(['authorization', 'cookie']))
      if (caller === 'anonymous') expect(response.headers.get('cache-control') ?? '', query).not.toContain('private')
      else expect(response.headers.get('cache-control'), query).toBe('private, no-store')
    }
  })
})
