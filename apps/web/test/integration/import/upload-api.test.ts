import { randomBytes } from 'node:crypto'
import path from 'node:path'

import { beforeAll, describe, expect, it } from 'vitest'

import { ApiError } from '../../../src/lib/api/api-error'
import { SOCKET_ADDRESS_HEADER } from '../../../src/lib/http/client-address'
import { databasePool } from '../../../src/lib/import/progress-tracking'
import { enforceUploadRateLimit } from '../../../src/lib/import/rate-limit-service'
import { createCatalog, demoUserId } from '../../helpers/demo-users'
import { ApiClient, anonymous, testPayload } from '../../helpers/api-client'
import { FIXTURES_DIR, runImports, uploadFile } from '../../helpers/imports'
import type { Json } from '../../helpers/json'

const trump = { path: path.join(FIXTURES_DIR, 'presidential-campaign-trail_trump.csv') }

describe('POST /api/import/upload', () => {
  let user: ApiClient
  let editor: ApiClient
  let catalogId: number
  let editorsCatalogId: number

  beforeAll(async () => {
    user = await ApiClient.as('user')
    editor = await ApiClient.as('editor')
    catalogId = await createCatalog('Uploads')
    editorsCatalogId = await createCatalog("Editor's", 'editor')
  })

  it('answers at once with the import id, and the pipeline completes the import', async () => {
    const upload = await uploadFile(user, trump, { catalog: catalogId })
    expect(upload.status).toBe(202)
    expect(upload.body.job).toMatchObject({ format: 'csv', status: 'processing', isStarted: true })
    expect(upload.body.job.statusUrl).toBe(`/api/import/${upload.body.job.importId}`)
    await runImports()
    const progress = await user.get(`/import/${upload.body.job.importId}`)
    expect(progress.status).toBe(200)
    const job = progress.body.jobs[0]
    expect(progress.body.status).toBe('completed')
    expect(job.percent).toBe(100)
    expect(job.stages.map((stage: Json) => [stage.stage, stage.state])).toEqual([
      ['schema-detection', 'done'],
      ['analyze-duplicates', 'done'],
      ['geocode-batch', 'skipped'],
      ['create-events', 'done'],
    ])
    const creating = job.stages.find((stage: Json) => stage.stage === 'create-events')
    expect(creating).toMatchObject({ rowsDone: 106, rowsTotal: 106, etaSeconds: 0 })
    expect(job.history.map((entry: Json) => entry.stage)).toEqual([
      'dataset-detection',
      'schema-detection',
      'validate-schema',
      'create-schema-version',
      'analyze-duplicates',
      'create-events',
      'completed',
    ])
    expect(job.exploreUrl).toBe(`/explore?datasets=${job.datasetId}`)
  })

  it.each([
    ['anonymous callers', () => anonymous, { catalog: 1 }, 401, 'not-signed-in'],
    ['no catalog', () => user, {}, 400, 'missing-parameter'],
    ['an invalid catalog id', () => user, { catalog: -1 }, 400, 'invalid-parameter'],
    ['bad options', () => user, { dateOrder: 'YDM' }, 400, 'invalid-option'],
  ] as const)('refuses %s with a clear error', async (_, client, fields, status, code) => {
    const response = await uploadFile(client(), trump, { ...fields })
    expect(response.status).toBe(status)
    expect(response.body.code).toBe(code)
    expect(response.body.error.length).toBeGreaterThan(15)
  })

  it("refuses to import into someone else's catalog (403), but editors may", async () => {
    const refused = await uploadFile(user, trump, { catalog: editorsCatalogId })
    expect(refused.status).toBe(403)
    expect(refused.body).toMatchObject({ code: 'not-allowed', parameter: 'catalog' })
    expect((await uploadFile(editor, trump, { catalog: catalogId, autoStart: false })).status).toBe(202)
  })

  it('refuses files above the size limit with 413 and binary junk with 415', async () => {
    const big = await uploadFile(user, { name: 'big.csv', bytes: 'a,b\n'.repeat(1_600_000) }, { catalog: catalogId })
    expect(big.status).toBe(413)
    expect(big.body.error).toContain('upload limit of 5 MB')
    const junk = await uploadFile(user, { name: 'data.csv', bytes: randomBytes(4096) }, { catalog: catalogId })
    expect(junk.status).toBe(415)
    expect(junk.body.code).toBe('unsupported-file-type')
    expect(junk.body.error).toContain('CSV, TSV, XLSX, XLS, ODS, JSON and GeoJSON')
    const pdf = await uploadFile(user, { name: 'report.pdf', bytes: '%PDF-1.7\n1 0 obj\n' }, { catalog: catalogId })
    expect(pdf.status).toBe(415)
    const empty = await uploadFile(user, { name: 'empty.csv', bytes: '' }, { catalog: catalogId })
    expect(empty.status).toBe(400)
  })

  it('rate-limits uploads per user and per address, with Retry-After', async () => {
    const payload = await testPayload()
    const address = '203.0.113.77'
    for (let i = 0; i < 2; i++) {
      const upload = await uploadFile(
        user,
        trump,
        { catalog: catalogId, autoStart: false },
        { [SOCKET_ADDRESS_HEADER]: address },
      )
      expect(upload.status).toBe(202)
    }
    const files = await payload.find({ collection: 'import-files', where: { uploaderIp: { equals: address } } })
    expect(files.totalDocs).toBe(2)
    const userId = await demoUserId('user')
    const pool = databasePool(payload)
    const limits = { perUser: { limit: 1000, windowSeconds: 3600 }, perIp: { limit: 2, windowSeconds: 3600 } }
    const refusedByIp = await enforceUploadRateLimit(pool, { userId, ip: address }, limits).catch(
      (error: unknown) => error,
    )
    expect(refusedByIp).toMatchObject({ status: 429, code: 'rate-limited' })
    expect(Number((refusedByIp as ApiError).headers['Retry-After'])).toBeGreaterThan(3500)
    expect((refusedByIp as ApiError).message).toContain('Too many uploads from your network address')
    await expect(enforceUploadRateLimit(pool, { userId, ip: '192.0.2.201' }, limits)).resolves.toBeUndefined()
    const perUser = { perUser: { limit: 1, windowSeconds: 60 }, perIp: null }
    const refused = await enforceUploadRateLimit(pool, { userId, ip: address }, perUser).catch(
      (error: unknown) => error,
    )
    expect(refused).toBeInstanceOf(ApiError)
    expect(refused).toMatchObject({ status: 429, code: 'rate-limited' })
    expect((refused as ApiError).headers['Retry-After']).toMatch(/^\d+$/)
    expect((refused as ApiError).message).toContain('Too many uploads from your account')
  })

  it('shows an import only to its uploader, editors and admins', async () => {
    const upload = await uploadFile(user, trump, { catalog: catalogId, autoStart: false })
    const id = upload.body.job.importId
    expect((await user.get(`/import/${id}`)).status).toBe(200)
    expect((await editor.get(`/import/${id}`)).status).toBe(200)
    expect((await anonymous.get(`/import/${id}`)).status).toBe(401)
    const stranger = await ApiClient.as('user').then(async () => {
      const payload = await testPayload()
      await payload
        .create({
          collection: 'users',
          data: { email: 'stranger@chronotope.local', password: 'stranger-password', role: 'user' },
        })
        .catch(() => undefined)
      return ApiClient.signIn('stranger@chronotope.local', 'stranger-password')
    })
    expect((await stranger.get(`/import/${id}`)).status).toBe(404)
    expect((await stranger.get(`/preview?importId=${id}`)).status).toBe(404)
    expect((await stranger.post(`/import/${id}/start`, {})).status).toBe(404)
    expect((await user.get('/import/abc')).body.parameter).toBe('importId')
  })

  it('keeps users from creating or editing import files and jobs through the CMS routes', async () => {
    const created = await user.post('/import-jobs', { importFile: 1 })
    expect(created.status).toBe(403)
    const graphql = await user.graphql('mutation { createImportJob(data: { importFile: 1, status: pending }) { id } }')
    expect(graphql.body.errors?.[0]?.message).toMatch(/not allowed/i)
  })
})

describe('GET /api/preview and starting an import later', () => {
  it('previews the detected schema and first rows, then imports with the mapping the user chose', async () => {
    const user = await ApiClient.as('user')
    const payload = await testPayload()
    const upload = await uploadFile(user, trump, { catalog: await createCatalog('Previews'), autoStart: false })
    expect(upload.body.job).toMatchObject({ status: 'pending', isStarted: false })
    const id = upload.body.job.importId
    await runImports()
    expect((await user.get(`/import/${id}`)).body.jobs).toEqual([])

    const preview = await user.get(`/preview?importId=${id}&rows=5`)
    expect(preview.status).toBe(200)
    expect(preview.body.detection).toMatchObject({ format: 'csv', delimiter: ',', encoding: 'utf-8' })
    expect(preview.body.headers).toEqual(['date', 'location', 'city', 'state', 'lat', 'lng'])
    expect(preview.body.rows).toHaveLength(5)
    expect(preview.body.rows[0].values).toMatchObject({ date: '9/1/2016', location: 'Wilmington, OH' })
    const date = preview.body.schema.fields.find((field: Json) => field.name === 'date')
    expect(date.type).toBe('date')
    expect(date.statistics.count).toBe(106)
    expect(preview.body.schema.mapping.location).toMatchObject({ kind: 'lat-lon', latitude: 'lat', longitude: 'lng' })
    expect((await user.get(`/preview?importId=${id}&rows=1000`)).status).toBe(400)

    const started = await user.post(`/import/${id}/start`, { mapping: { title: 'location' } })
    expect(started.status).toBe(200)
    await runImports()
    const progress = (await user.get(`/import/${id}`)).body
    expect(progress.status).toBe('completed')
    const { rows } = await databasePool(payload).query(
      'select title from events where dataset_id = $1 and source_row = 1',
      [progress.jobs[0].datasetId],
    )
    expect(rows[0].title).toBe('Wilmington, OH')
    expect((await user.post(`/import/${id}/start`, {})).status).toBe(409)
  })
})
