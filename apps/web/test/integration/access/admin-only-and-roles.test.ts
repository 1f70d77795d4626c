import { describe, expect, it } from 'vitest'

import { decryptSecret } from '../../../src/lib/secret-box'
import { anonymous, ApiClient, testPayload } from '../../helpers/api-client'

describe('users', () => {
  it('are listed for admins and editors, and a user sees only themselves', async () => {
    expect((await anonymous.get('/users')).status).toBe(403)
    const admin = await ApiClient.as('admin')
    expect((await admin.get('/users?limit=100')).body.totalDocs).toBeGreaterThanOrEqual(3)
    const user = await ApiClient.as('user')
    const self = await user.get('/users?limit=100')
    expect(self.body.docs.map((u: { email: string }) => u.email)).toEqual(['user@chronotope.local'])
  })

  it('cannot give themselves another role', async () => {
    const user = await ApiClient.as('user')
    const me = (await user.get('/users/me')).body.user
    await user.patch(`/users/${me.id}`, { role: 'admin', name: 'Uma' })
    const payload = await testPayload()
    const after = await payload.findByID({ collection: 'users', id: me.id })
    expect(after.role).toBe('user')
    expect(after.name).toBe('Uma')
  })

  it('are created by admins only', async () => {
    const editor = await ApiClient.as('editor')
    expect((await editor.post('/users', { email: 'new@example.org', password: 'a-long-password' })).status).toBe(403)
    const admin = await ApiClient.as('admin')
    const created = await admin.post('/users', {
      email: 'new@example.org',
      password: 'a-long-password',
      role: 'editor',
    })
    expect(created.status).toBe(201)
    expect(created.body.doc.role).toBe('editor')
  })
})

describe('geocoding providers', () => {
  it('are managed by admins only', async () => {
    const body = { name: 'Local Nominatim', type: 'nominatim', baseUrl: 'http://127.0.0.1:8088' }
    expect((await anonymous.get('/geocoding-providers')).status).toBe(403)
    expect((await (await ApiClient.as('editor')).post('/geocoding-providers', body)).status).toBe(403)
    expect((await (await ApiClient.as('admin')).post('/geocoding-providers', body)).status).toBe(201)
  })

  it('store API keys encrypted and never return them, even to admins', async () => {
    const admin = await ApiClient.as('admin')
    const created = await admin.post('/geocoding-providers', {
      name: 'OpenCage',
      type: 'opencage',
      apiKey: 'secret-key-123',
    })
    expect(created.status).toBe(201)
    expect(created.body.doc.apiKey).toBeUndefined()
    expect(created.body.doc.hasApiKey).toBe(true)
    const read = await admin.get(`/geocoding-providers/${created.body.doc.id}`)
    expect(JSON.stringify(read.body)).not.toContain('secret-key-123')
    const graphql = await admin.graphql(`{ GeocodingProviders { docs { name hasApiKey } } }`)
    expect(JSON.stringify(graphql.body)).not.toContain('secret-key-123')

    const payload = await testPayload()
    const stored = await payload.findByID({
      collection: 'geocoding-providers',
      id: created.body.doc.id,
      overrideAccess: true,
    })
    expect(stored.apiKey).not.toBe('secret-key-123')
    expect(decryptSecret(stored.apiKey as string, payload.secret)).toBe('secret-key-123')

    // Saving other fields keeps the key.
    await admin.patch(`/geocoding-providers/${created.body.doc.id}`, { priority: 5 })
    const kept = await payload.findByID({
      collection: 'geocoding-providers',
      id: created.body.doc.id,
      overrideAccess: true,
    })
    expect(decryptSecret(kept.apiKey as string, payload.secret)).toBe('secret-key-123')
  })
})

describe('location cache', () => {
  it('is admin only', async () => {
    expect((await anonymous.get('/location-cache')).status).toBe(403)
    expect((await (await ApiClient.as('editor')).get('/location-cache')).status).toBe(403)
    expect((await (await ApiClient.as('admin')).get('/location-cache')).status).toBe(200)
  })
})

describe('schema approval', () => {
  it('is reserved to editors and admins', async () => {
    const user = await ApiClient.as('user')
    const catalog = await user.post('/catalogs', { name: 'Schema test catalog' })
    const dataset = await user.post('/datasets', { name: 'Schema test', catalog: catalog.body.doc.id })
    const schema = await user.post('/dataset-schemas', {
      dataset: dataset.body.doc.id,
      version: 1,
      fields: [{ name: 'date', type: 'date' }],
      status: 'approved',
    })
    expect(schema.status).toBe(201)
    expect(schema.body.doc.status).toBe('draft')

    await user.patch(`/dataset-schemas/${schema.body.doc.id}`, { status: 'approved' })
    const payload = await testPayload()
    expect((await payload.findByID({ collection: 'dataset-schemas', id: schema.body.doc.id })).status).toBe('draft')

    const editor = await ApiClient.as('editor')
    const approved = await editor.patch(`/dataset-schemas/${schema.body.doc.id}`, { status: 'approved' })
    expect(approved.status).toBe(200)
    expect(approved.body.doc.status).toBe('approved')
  })
})

describe('pages and the main menu', () => {
  it('show drafts to editors only', async () => {
    const editor = await ApiClient.as('editor')
    const draft = await editor.post('/pages?draft=true', { title: 'Unpublished investigation', _status: 'draft' })
    expect(draft.status).toBe(201)
    const seen = await anonymous.get(`/pages?where[slug][equals]=${draft.body.doc.slug}`)
    expect(seen.body.totalDocs).toBe(0)
    const published = await anonymous.get('/pages?where[slug][equals]=about')
    expect(published.body.totalDocs).toBe(1)
  })

  it('let anyone read the main menu and only editors change it', async () => {
    expect((await anonymous.get('/globals/main-menu')).status).toBe(200)
    expect((await anonymous.post('/globals/main-menu', { items: [] })).status).toBe(403)
    expect((await (await ApiClient.as('user')).post('/globals/main-menu', { items: [] })).status).toBe(403)
  })
})
