import { rm } from 'node:fs/promises'

import { beforeAll, describe, expect, it } from 'vitest'

import { COLLECTION_NAMES } from '../../../src/constants/collection-names'
import { importFilePath } from '../../../src/lib/import/import-documents'
import { ApiClient, testPayload } from '../../helpers/api-client'

// Issue 27, point 6: malformed bodies (wrong content type, cut short, control characters in names,
// deep nesting) get a 4xx naming the problem on every write path: each collection's REST create and
// update (taken from the Payload config), GraphQL and Chronotope's own endpoints; never a 500.
let admin: ApiClient
let collections: string[]
let customWrites: Array<{ method: 'POST' | 'PATCH'; path: string }>

/** `{"name": {"a": {"a": … 1}}}` with `levels` levels, written out (JSON.stringify would overflow). */
function nested(levels: number): string {
  return `{"name": ${'{"a":'.repeat(levels)}1${'}'.repeat(levels)}}`
}

const BOUNDARY = 'chronotope-boundary'
const MULTIPART = `multipart/form-data; boundary=${BOUNDARY}`

/** A multipart body with one file part, whose name header is as given, optionally cut short. */
function multipart(fileName: string, cutShort = false): string {
  const part =
    `--${BOUNDARY}\r\nContent-Disposition: form-data; name="file"; filename="${fileName}"\r\n` +
    'Content-Type: image/png\r\n\r\n\x89PNG\r\n'
  return cutShort
    ? part
    : `${part}--${BOUNDARY}\r\nContent-Disposition: form-data; name="_payload"\r\n\r\n{}\r\n--${BOUNDARY}--\r\n`
}

/** Malformed bodies every write path is sent: [label, body, content type, the 4xx it must get]. */
const MALFORMED: Array<[string, string, string | undefined, number]> = [
  ['urlencoded', 'name=x&isPublic=true', 'application/x-www-form-urlencoded', 415],
  ['text/plain', '{"name":"x"}', 'text/plain', 415],
  ['no content type', '{"name":"x"}', undefined, 415],
  ['JSON cut short', '{"name": ', 'application/json', 400],
  ['JSON nested 10,000 levels', nested(10_000), 'application/json', 400],
  ['multipart cut short', multipart('a.png', true), MULTIPART, 400],
  ['multipart with a NUL in the file name', multipart('a\u0000b.png'), MULTIPART, 400],
  ['multipart with a control character in the file name', multipart('a\u0007b.png'), MULTIPART, 400],
]

beforeAll(async () => {
  admin = await ApiClient.as('admin')
  const { config } = await testPayload()
  // Collections without REST routes (payload-migrations) answer every request 501 "Cannot POST".
  collections = config.collections
    .filter((collection) => Array.isArray(collection.endpoints) && collection.endpoints.length > 0)
    .map((collection) => collection.slug)
  const own = [
    ...config.endpoints.map((endpoint) => ({ ...endpoint, path: endpoint.path })),
    ...config.collections.flatMap((collection) =>
      (Array.isArray(collection.endpoints) ? collection.endpoints : [])
        .filter((endpoint) => endpoint.custom || !/^\/(:id)?$/.test(endpoint.path))
        .map((endpoint) => ({ ...endpoint, path: `/${collection.slug}${endpoint.path}` })),
    ),
  ]
  customWrites = own
    .filter((endpoint) => endpoint.method === 'post' || endpoint.method === 'patch')
    .map((endpoint) => ({
      method: endpoint.method.toUpperCase() as 'POST' | 'PATCH',
      path: endpoint.path.replace(/:[a-z]+\??/gi, '1'),
    }))
})

describe('REST create and update of every collection', () => {
  it('finds the collections in the Payload config', () => {
    expect(collections).toEqual(expect.arrayContaining([COLLECTION_NAMES.CATALOGS, COLLECTION_NAMES.MEDIA, 'users']))
  })

  it.each(MALFORMED)('answer %s with a 4xx naming the problem', async (_label, body, type, status) => {
    const answers: string[] = []
    for (const slug of collections) {
      for (const [method, path] of [
        ['POST', `/${slug}`],
        ['PATCH', `/${slug}/1`],
      ] as const) {
        const response = await admin.sendRaw(method, path, body, type)
        const parsed = JSON.parse(response.text) as { error?: string; errors?: Array<{ message: string }> }
        answers.push(`${method} ${path} ${response.status}`)
        // Some bodies are refused by what reads them (status), others by validation (a 4xx as well).
        if (status === 415) expect(response.status, `${method} ${path}`).toBe(415)
        else expect(response.status, `${method} ${path}: ${response.text}`).toBeLessThan(500)
        expect(response.status, `${method} ${path}`).toBeGreaterThanOrEqual(400)
        expect(parsed.errors?.[0]?.message, `${method} ${path}`).toMatch(/\S/)
      }
    }
    expect(answers.length).toBe(collections.length * 2)
  })
})

describe('the requests issue 27 found answering 500', () => {
  it.each([
    ['POST', '/catalogs', 'application/x-www-form-urlencoded'],
    ['POST', '/catalogs', 'text/plain'],
    ['PATCH', '/catalogs/1', 'application/x-www-form-urlencoded'],
    ['PATCH', '/catalogs/1', 'text/plain'],
  ] as const)('%s %s with a %s body is a 415 naming the types it reads', async (method, path, type) => {
    const response = await admin.sendRaw(method, path, 'name=Newsroom', type)
    expect(response.status).toBe(415)
    expect(JSON.parse(response.text)).toMatchObject({
      error: `The request body must be application/json or multipart/form-data; got ${type}`,
      code: 'unsupported-media-type',
    })
    expect(response.headers.get('accept')).toBe('application/json, multipart/form-data')
  })

  it('POST /api/graphql with {"query":  is a 400 saying the JSON is not valid', async () => {
    const response = await admin.sendRaw('POST', '/graphql', '{"query": ', 'application/json')
    expect(response.status).toBe(400)
    expect(JSON.parse(response.text)).toEqual({
      errors: [
        { message: 'The request body is not valid JSON', extensions: { statusCode: 400, code: 'invalid-body' } },
      ],
    })
  })

  it('POST /api/graphql with a text/plain body is a 415', async () => {
    const response = await admin.sendRaw('POST', '/graphql', 'query { Access { canAccessAdmin } }', 'text/plain')
    expect(response.status).toBe(415)
    expect(response.text).toContain('The request body must be application/json; got text/plain')
  })

  it('EventsList(filters: $f) with $f nested 10,000 levels is a 400 naming filters', async () => {
    const deep = `${'{"a":'.repeat(10_000)}1${'}'.repeat(10_000)}`
    const body = `{"query": "query ($f: JSON) { EventsList(filters: $f) { limit } }", "variables": {"f": ${deep}}}`
    const response = await admin.sendRaw('POST', '/graphql', body, 'application/json')
    expect(response.status).toBeLessThan(500)
    const { errors } = JSON.parse(response.text) as { errors: Array<{ message: string; extensions: object }> }
    expect(errors[0]).toMatchObject({
      message: 'filters: the value is nested too deeply to read',
      extensions: { statusCode: 400 },
    })
  })

  it.each([
    ['a NUL', 'a\u0000b.png', /contains a control character|malformed part header/],
    ['a control character', 'a\u0007b.png', /contains a control character|malformed part header/],
  ])('POST /api/media with %s in the file name is a 400 naming it', async (_label, name, message) => {
    const form = new FormData()
    form.append('file', new Blob([new Uint8Array([0x89, 0x50, 0x4e, 0x47])], { type: 'image/png' }), name)
    form.append('_payload', JSON.stringify({ alt: 'x' }))
    const response = await admin.postForm('/media', form)
    expect(response.status).toBe(400)
    expect((response.body as { error: string }).error).toMatch(message)
  })

  it('POST /api/media with a file name whose encoded form holds a NUL is a 400 naming the file name', async () => {
    const body =
      `--${BOUNDARY}\r\nContent-Disposition: form-data; name="file"; filename*=utf-8''a%00b.png\r\n` +
      `Content-Type: image/png\r\n\r\n\x89PNG\r\n--${BOUNDARY}\r\n` +
      `Content-Disposition: form-data; name="_payload"\r\n\r\n{"alt":"x"}\r\n--${BOUNDARY}--\r\n`
    const response = await admin.sendRaw('POST', '/media', body, MULTIPART)
    expect(response.status).toBe(400)
    expect(JSON.parse(response.text).error).toBe(
      'file: the file name "a\\u0000b.png" contains a control character; rename the file',
    )
  })

  it('POST /api/media with a multipart body cut short is a 400 saying so', async () => {
    const response = await admin.sendRaw('POST', '/media', multipart('a.png', true), MULTIPART)
    expect(response.status).toBe(400)
    expect(JSON.parse(response.text).error).toMatch(/cut short/)
  })

  it('GET /api/preview of an import whose stored file is gone is a 400 saying so', async () => {
    const payload = await testPayload()
    const csv = Buffer.from('title,date\nA,2024-01-01\n', 'utf8')
    const file = await payload.create({
      collection: COLLECTION_NAMES.IMPORT_FILES,
      data: { status: 'completed', datasetName: 'Gone' },
      file: { data: csv, mimetype: 'text/csv', name: 'gone.csv', size: csv.length },
      overrideAccess: true,
    })
    await rm(importFilePath(file as unknown as { filename: string }))
    const response = await admin.get(`/preview?importId=${file.id}`)
    expect(response.status).toBe(400)
    expect(response.body).toMatchObject({ code: 'file-missing', parameter: 'importId' })
  })
})

describe('custom endpoints', () => {
  it('find write endpoints to try', () => {
    expect(customWrites.map((write) => write.path)).toEqual(
      expect.arrayContaining(['/import/upload', '/datasets/1/publishing']),
    )
  })

  it.each(MALFORMED)('answer %s without a 500', async (_label, body, type) => {
    for (const { method, path } of customWrites) {
      const response = await admin.sendRaw(method, path, body, type)
      // Some ignore a body they do not need (`/access/1`), so only a 500 is wrong here.
      expect(response.status, `${method} ${path}: ${response.text.slice(0, 300)}`).toBeLessThan(500)
    }
  })
})
