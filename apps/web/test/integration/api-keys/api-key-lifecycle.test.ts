/**
 * An API key's life (issue 28, point 7): created with scopes its owner may give, shown once,
 * stored as a hash no path returns, last use recorded with the client's address, scopes never
 * widened, revoked for good, and seen only by its owner and admins.
 */
import { beforeAll, describe, expect, it } from 'vitest'

import { ApiClient, testPayload } from '../../helpers/api-client'
import { demoUserId } from '../../helpers/demo-users'

let user: ApiClient
let admin: ApiClient
let editor: ApiClient

function bearer(key: string, address = '203.0.113.7'): ApiClient {
  return new ApiClient(undefined, { authorization: `Bearer ${key}`, 'x-chronotope-socket-address': address })
}

async function storedKey(id: number) {
  const payload = await testPayload()
  return payload.findByID({ collection: 'api-keys', id, depth: 0, overrideAccess: true, showHiddenFields: true })
}

beforeAll(async () => {
  user = await ApiClient.as('user')
  admin = await ApiClient.as('admin')
  editor = await ApiClient.as('editor')
})

describe('creating a key', () => {
  it('answers the full key once, then never again on any path', async () => {
    const created = await user.post('/api-keys?depth=0', { name: 'Shown once', scopes: ['read'] })
    expect(created.status).toBe(201)
    const doc = created.body.doc as { id: number; key: string; prefix: string; owner: number }
    expect(doc.key).toMatch(/^ctk_[a-z0-9]{8}_/)
    expect(doc.key.startsWith(`${doc.prefix}_`)).toBe(true)
    expect(doc.owner).toBe(await demoUserId('user'))
    const stored = await storedKey(doc.id)
    const hash = String(stored.secretHash)
    expect(hash).toMatch(/^[0-9a-f]{64}$/)
    expect(JSON.stringify(created.body)).not.toContain(hash)

    const secret = doc.key.slice(doc.prefix.length + 1)
    const answers = [
      await user.get(`/api-keys/${doc.id}`),
      await user.get('/api-keys?limit=100'),
      await user.get(`/api-keys/${doc.id}?select[secretHash]=true&select[key]=true`),
      await user.get(`/api-keys?where[secretHash][equals]=${hash}`),
      await admin.get('/api-keys?limit=100'),
      await user.patch(`/api-keys/${doc.id}`, { name: 'Shown once, renamed' }),
      await bearer(doc.key).get('/users/me'),
    ]
    for (const answer of answers) {
      const text = JSON.stringify(answer.body)
      expect(text).not.toContain(hash)
      expect(text).not.toContain(secret)
    }
    expect((answers[0]!.body as { key: unknown }).key).toBeNull()
    // Filtering on the hash must not work as an oracle either.
    expect((answers[3]!.body as { totalDocs?: number }).totalDocs ?? 0).toBe(0)

    const graphql = await user.graphql<{ ApiKey: Record<string, unknown> }>(
      `{ ApiKey(id: ${doc.id}) { id name prefix key scopes } }`,
    )
    expect(graphql.body.data?.ApiKey).toMatchObject({ id: doc.id, prefix: doc.prefix, key: null })
    const askHash = await user.graphql(`{ ApiKey(id: ${doc.id}) { secretHash } ApiKeys { docs { secretHash } } }`)
    expect(JSON.stringify(askHash.body)).not.toContain(hash)
  })

  it('shows the key in the answer to a GraphQL creation too', async () => {
    const created = await user.graphql<{ createApiKey: { key: string; prefix: string } }>(
      'mutation { createApiKey(data: { name: "From GraphQL", scopes: read }) { key prefix } }',
    )
    expect(created.body.errors).toBeUndefined()
    expect(created.body.data?.createApiKey.key.startsWith(`${created.body.data?.createApiKey.prefix}_`)).toBe(true)
  })

  it('gives the admin scope to admins only', async () => {
    for (const caller of [user, editor]) {
      const refused = await caller.post('/api-keys', { name: 'Too much', scopes: ['read', 'admin'] })
      expect(refused.status).toBe(400)
      expect(JSON.stringify(refused.body)).toMatch(/scopes/)
      expect(JSON.stringify(refused.body)).toMatch(/admin/)
    }
    expect((await admin.post('/api-keys', { name: 'Admin key', scopes: ['admin'] })).status).toBe(201)
  })

  it('refuses an anonymous caller and a key without scopes', async () => {
    expect((await new ApiClient().post('/api-keys', { name: 'Nobody', scopes: ['read'] })).status).toBe(403)
    const none = await user.post('/api-keys', { name: 'Empty', scopes: [] })
    expect(none.status).toBe(400)
  })
})

describe('using a key', () => {
  it('records when and from where, at most once a minute per address', async () => {
    const created = await user.post('/api-keys', { name: 'Used', scopes: ['read'] })
    const doc = created.body.doc as { id: number; key: string }
    expect((await storedKey(doc.id)).lastUsedAt).toBeFalsy()
    expect((await bearer(doc.key, '203.0.113.7').get('/catalogs')).status).toBe(200)
    const first = await storedKey(doc.id)
    expect(first.lastUsedFrom).toBe('203.0.113.7')
    expect(Date.now() - new Date(String(first.lastUsedAt)).getTime()).toBeLessThan(60_000)
    await bearer(doc.key, '203.0.113.7').get('/catalogs')
    expect((await storedKey(doc.id)).lastUsedAt).toBe(first.lastUsedAt)
    await bearer(doc.key, '198.51.100.20').get('/catalogs')
    expect((await storedKey(doc.id)).lastUsedFrom).toBe('198.51.100.20')
    const shown = await user.get(`/api-keys/${doc.id}`)
    expect(shown.body).toMatchObject({ lastUsedFrom: '198.51.100.20' })
  })

  it('keeps its scopes from widening, and allows narrowing', async () => {
    const created = await user.post('/api-keys', { name: 'Narrow', scopes: ['read', 'import'] })
    const id = (created.body.doc as { id: number }).id
    const widened = await admin.patch(`/api-keys/${id}`, { scopes: ['read', 'import', 'admin'] })
    expect(widened.status).toBe(400)
    expect(JSON.stringify(widened.body)).toMatch(/cannot be widened/)
    const narrowed = await user.patch(`/api-keys/${id}`, { scopes: ['read'] })
    expect(narrowed.status).toBe(200)
    expect((narrowed.body.doc as { scopes: string[] }).scopes).toEqual(['read'])
    const stored = await storedKey(id)
    const again = await user.patch(`/api-keys/${id}`, {
      prefix: 'ctk_hijacked',
      secretHash: '0'.repeat(64),
      owner: 1,
      expiresAt: '2099-01-01T00:00:00Z',
      lastUsedFrom: '192.0.2.1',
    })
    expect(again.status).toBe(200)
    const after = await storedKey(id)
    const kept = (doc: typeof stored) => [doc.prefix, doc.secretHash, doc.owner, doc.expiresAt, doc.lastUsedFrom]
    expect(kept(after)).toEqual(kept(stored))
  })
})

describe('who sees and revokes keys', () => {
  it('shows owners their own keys, admins every key', async () => {
    await user.post('/api-keys', { name: 'Mine', scopes: ['read'] })
    const userId = await demoUserId('user')
    const own = await user.get<{ docs: Array<{ owner: number }> }>('/api-keys?limit=100&depth=0')
    expect(own.body.docs.length).toBeGreaterThan(0)
    expect(own.body.docs.every((doc) => doc.owner === userId)).toBe(true)
    const edited = await editor.get<{ docs: Array<{ owner: number }> }>('/api-keys?limit=100&depth=0')
    expect(edited.body.docs.some((doc) => doc.owner === userId)).toBe(false)
    const all = await admin.get<{ docs: Array<{ owner: number }> }>('/api-keys?limit=100&depth=0')
    expect(all.body.docs.some((doc) => doc.owner === userId)).toBe(true)
  })

  it('lets the owner revoke, not others', async () => {
    const created = await user.post('/api-keys', { name: 'To revoke', scopes: ['read'] })
    const id = (created.body.doc as { id: number }).id
    expect((await editor.post(`/api-keys/${id}/revoke`, {})).status).toBe(404)
    expect((await new ApiClient().post(`/api-keys/${id}/revoke`, {})).status).toBe(401)
    // An id that cannot exist is no document, as everywhere in the CMS routes.
    expect((await user.post('/api-keys/abc/revoke', {})).status).toBe(404)
    const revoked = await user.post(`/api-keys/${id}/revoke`, {})
    expect(revoked.status).toBe(200)
    const revokedAt = (revoked.body.doc as { revokedAt: string }).revokedAt
    expect(revokedAt).toBeTruthy()
    const twice = await admin.post(`/api-keys/${id}/revoke`, {})
    expect((twice.body.doc as { revokedAt: string }).revokedAt).toBe(revokedAt)
  })

  it('names a revoked key in the 401, whatever characters its name has', async () => {
    const created = await user.post('/api-keys', { name: 'Clé « nocturne » → 東京', scopes: ['read'] })
    const { id, key } = created.body.doc as { id: number; key: string }
    await user.post(`/api-keys/${id}/revoke`, {})
    const refused = await bearer(key).get('/catalogs')
    expect(refused.status).toBe(401)
    expect((refused.body as { error: string }).error).toContain('Clé « nocturne » → 東京')
    expect(refused.headers?.get('www-authenticate')).toMatch(
      /^Bearer error="invalid_token", error_description="[ -~]*"$/,
    )
  })
})
