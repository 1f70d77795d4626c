import { beforeAll, describe, expect, it } from 'vitest'

import { anonymous, ApiClient, testPayload } from '../../helpers/api-client'

// Pages have drafts: an editor's unpublished work must stay with editors and admins, whichever
// route asks: versions (REST and GraphQL), drafts (`?draft=true`, GraphQL `draft: true`), counts.
const DRAFT_TITLE = 'Embargoed: the mayor resigns'
const DRAFT_OF_PUBLISHED = 'About (rewrite under embargo)'

let editor: ApiClient
let admin: ApiClient
let user: ApiClient
let draftPageId: number
let aboutPageId: number
let versionQueries: string[]

beforeAll(async () => {
  ;[editor, admin, user] = await Promise.all([ApiClient.as('editor'), ApiClient.as('admin'), ApiClient.as('user')])
  const draft = await editor.post('/pages?draft=true', { title: DRAFT_TITLE, _status: 'draft' })
  expect(draft.status).toBe(201)
  draftPageId = draft.body.doc.id as number
  const payload = await testPayload()
  const about = await payload.find({ collection: 'pages', where: { slug: { equals: 'about' } } })
  aboutPageId = Number(about.docs[0]!.id)
  const rewrite = await editor.patch(`/pages/${aboutPageId}?draft=true`, { title: DRAFT_OF_PUBLISHED })
  expect(rewrite.status).toBe(200)
  const schema = await admin.graphql('{ __schema { queryType { fields { name } } } }')
  versionQueries = (schema.body.data.__schema.queryType.fields as Array<{ name: string }>)
    .map((field) => field.name)
    .filter((name) => /version/i.test(name) && /page/i.test(name))
})

function leaks(body: unknown): boolean {
  const text = JSON.stringify(body)
  return text.includes(DRAFT_TITLE) || text.includes(DRAFT_OF_PUBLISHED)
}

describe('page versions', () => {
  it('are listed for editors and admins', async () => {
    for (const client of [editor, admin]) {
      const versions = await client.get('/pages/versions?limit=100')
      expect(versions.status).toBe(200)
      expect(leaks(versions.body)).toBe(true)
    }
  })

  it('are refused to users and anonymous callers over REST', async () => {
    const payload = await testPayload()
    const { docs } = await payload.findVersions({ collection: 'pages', where: { parent: { equals: draftPageId } } })
    for (const client of [user, anonymous]) {
      const list = await client.get('/pages/versions?limit=100')
      expect(list.status).toBe(403)
      expect(leaks(list.body)).toBe(false)
      const one = await client.get(`/pages/versions/${docs[0]!.id}`)
      expect([403, 404]).toContain(one.status)
      expect(leaks(one.body)).toBe(false)
    }
  })

  it('are refused to users over GraphQL, whatever the query', async () => {
    expect(versionQueries).toEqual(expect.arrayContaining(['versionsPages', 'versionPage']))
    const payload = await testPayload()
    const { docs } = await payload.findVersions({ collection: 'pages', where: { parent: { equals: draftPageId } } })
    const queries: Record<string, string> = {
      versionsPages: '{ versionsPages(limit: 100) { docs { id version { title } } } }',
      versionPage: `{ versionPage(id: ${docs[0]!.id}) { id version { title } } }`,
      countversionsPages: '{ countversionsPages { totalDocs } }',
    }
    for (const name of versionQueries) {
      const query = queries[name]
      expect(query, `a test query for ${name}`).toBeDefined()
      const result = await user.graphql(query!)
      expect(leaks(result.body), name).toBe(false)
      expect(result.body.errors?.[0]?.message, name).toMatch(/not allowed/i)
    }
  })
})

describe('page drafts', () => {
  it('are not shown to users who ask for drafts over REST', async () => {
    for (const client of [user, anonymous]) {
      const list = await client.get('/pages?draft=true&limit=100')
      expect(leaks(list.body)).toBe(false)
      const about = await client.get(`/pages/${aboutPageId}?draft=true`)
      expect(about.status).toBe(200)
      expect(about.body.title).toBe('About this site')
      expect([403, 404]).toContain((await client.get(`/pages/${draftPageId}?draft=true`)).status)
    }
  })

  it('are not shown to users who ask for drafts over GraphQL', async () => {
    const list = await user.graphql('{ Pages(draft: true, limit: 100) { docs { id title } } }')
    expect(leaks(list.body)).toBe(false)
    const about = await user.graphql(`{ Page(id: ${aboutPageId}, draft: true) { title } }`)
    expect(about.body.data?.Page?.title).toBe('About this site')
    const draft = await user.graphql(`{ Page(id: ${draftPageId}, draft: true) { title } }`)
    expect(leaks(draft.body)).toBe(false)
  })

  it('are shown to editors', async () => {
    const about = await editor.get(`/pages/${aboutPageId}?draft=true`)
    expect(about.body.title).toBe(DRAFT_OF_PUBLISHED)
  })
})

describe('every collection and global with versions', () => {
  it('keeps its versions from plain users', async () => {
    const payload = await testPayload()
    const collections = payload.config.collections.filter((collection) => collection.versions)
    const globals = payload.config.globals.filter((global) => global.versions)
    expect(collections.map((collection) => collection.slug)).toContain('pages')
    for (const collection of collections) {
      expect((await user.get(`/${collection.slug}/versions`)).status, collection.slug).toBe(403)
    }
    for (const global of globals) {
      expect((await user.get(`/globals/${global.slug}/versions`)).status, global.slug).toBe(403)
    }
  })
})
