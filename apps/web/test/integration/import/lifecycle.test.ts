import { rm } from 'node:fs/promises'
import path from 'node:path'

import { beforeAll, describe, expect, it } from 'vitest'

import { IMPORT_FILES_DIR } from '../../../src/lib/import/import-documents'

import { ApiClient, testPayload } from '../../helpers/api-client'
import { createCatalog, demoUserId } from '../../helpers/demo-users'
import { importFile, runImports, uploadFile } from '../../helpers/imports'
import { databasePool } from '../../../src/lib/import/progress-tracking'
import type { Json } from '../../helpers/json'

const BASE = `id,title,date,lat,lon
1,Flood,2020-01-05,52.52,13.40
2,Storm,2020-02-11,48.85,2.35
`

describe('import lifecycle', () => {
  let user: ApiClient
  let catalogId: number

  beforeAll(async () => {
    user = await ApiClient.as('user')
    catalogId = await createCatalog('Lifecycle')
  })

  it('applies a non-breaking change (a new column) by itself as the next schema version', async () => {
    const first = await importFile(
      user,
      { name: 'base.csv', bytes: BASE },
      { catalog: catalogId, datasetName: 'Growing' },
    )
    const datasetId = first.jobs[0].datasetId
    const grown = `${BASE.trim().split('\n')[0]},source\n3,Fire,2020-03-20,40.71,-74.00,wire\n`
    const second = await importFile(user, { name: 'grown.csv', bytes: grown }, { dataset: datasetId })
    expect(second.status).toBe('completed')
    expect(second.jobs[0].schema.changes).toContainEqual(
      expect.objectContaining({ kind: 'field-added', field: 'source', isBreaking: false }),
    )
    const payload = await testPayload()
    const schemas = await payload.find({
      collection: 'dataset-schemas',
      where: { dataset: { equals: datasetId } },
      sort: 'version',
    })
    expect(schemas.docs.map((doc) => [doc.version, doc.status])).toEqual([
      [1, 'approved'],
      [2, 'approved'],
    ])
  })

  it('waits for approval of any change when the dataset locks its schema', async () => {
    const first = await importFile(
      user,
      { name: 'base.csv', bytes: BASE },
      { catalog: catalogId, datasetName: 'Locked' },
    )
    const datasetId = first.jobs[0].datasetId
    const payload = await testPayload()
    await payload.update({ collection: 'datasets', id: datasetId, data: { schemaSettings: { locked: true } } })
    const grown = `${BASE.trim().split('\n')[0]},source\n3,Fire,2020-03-20,40.71,-74.00,wire\n`
    const upload = await uploadFile(user, { name: 'grown.csv', bytes: grown }, { dataset: datasetId })
    await runImports()
    const progress = (await user.get(`/import/${upload.body.job.importId}`)).body
    expect(progress.status).toBe('awaiting-approval')
    expect(progress.jobs[0].history.at(-1).reason).toMatch(/locked/)
  })

  it('lets the user clear a detected time column: the events then have no time', async () => {
    const upload = await uploadFile(
      user,
      { name: 'untimed.csv', bytes: BASE },
      { catalog: catalogId, autoStart: false },
    )
    const id = upload.body.job.importId
    expect((await user.post(`/import/${id}/start`, { mapping: { startTime: null } })).status).toBe(200)
    await runImports()
    const progress = (await user.get(`/import/${id}`)).body
    expect(progress.jobs[0].counts).toMatchObject({ eventsCreated: 2, rowErrors: 0 })
    const payload = await testPayload()
    const { rows } = await databasePool(payload).query('select event_time, data from events where dataset_id = $1', [
      progress.jobs[0].datasetId,
    ])
    expect(rows.map((row) => row.event_time)).toEqual([null, null])
    expect(rows[0].data.date).toMatch(/^2020-0[12]/)
  })

  it('cancels an import that has not started, and refuses to start it afterwards', async () => {
    const upload = await uploadFile(user, { name: 'base.csv', bytes: BASE }, { catalog: catalogId, autoStart: false })
    const id = upload.body.job.importId
    const cancelled = await user.post(`/import/${id}/cancel`, {})
    expect(cancelled.body.status).toBe('cancelled')
    expect((await user.post(`/import/${id}/start`, {})).status).toBe(409)
  })

  it('fails a stage that cannot work, names why, and lets the user retry it', async () => {
    const upload = await uploadFile(
      user,
      { name: 'base.csv', bytes: BASE },
      { catalog: catalogId, mapping: JSON.stringify({ title: 'headline' }) },
    )
    const id = upload.body.job.importId
    await runImports()
    let progress = (await user.get(`/import/${id}`)).body
    expect(progress.status).toBe('failed')
    const job = progress.jobs[0]
    expect(job.failureReason).toContain('"headline"')
    expect(job.stages.find((stage: Json) => stage.stage === 'schema-detection').state).toBe('failed')

    // The retry runs the failed stage again (here it fails again for the same reason, and says so).
    const retried = await user.post(`/import/${id}/retry`, {})
    expect(retried.status).toBe(200)
    await runImports()
    progress = (await user.get(`/import/${id}`)).body
    const history = progress.jobs[0].history.map((entry: Json) => entry.stage)
    expect(history.slice(-3)).toEqual(['failed', 'schema-detection', 'failed'])
    expect(progress.jobs[0].history.at(-2).reason).toMatch(/Retried by user/)
    expect((await user.post(`/import/${id}/approve`, {})).status).toBe(403)
  })

  it(
    'retries a stage that hits a passing fault with backoff, then fails the import with the last error',
    { timeout: 60_000 },
    async () => {
      const upload = await uploadFile(
        user,
        { name: 'vanishing.csv', bytes: BASE },
        { catalog: catalogId, autoStart: false },
      )
      const id = upload.body.job.importId
      const payload = await testPayload()
      const file = await payload.findByID({ collection: 'import-files', id, depth: 0 })

      // The stored file disappears (a full disk, a lost volume): reading it fails every time.
      await rm(path.join(IMPORT_FILES_DIR, String(file.filename)))
      await user.post(`/import/${id}/start`, {})
      const started = Date.now()
      await runImports()
      const progress = (await user.get(`/import/${id}`)).body
      expect(progress.status).toBe('failed')
      const reason = progress.failureReason ?? progress.jobs[0]?.failureReason
      expect(reason).toMatch(/failed 4 times; the last error was: .*(ENOENT|no such file)/)
      // Backoff of 1 s, 2 s and 4 s between the four attempts.
      expect(Date.now() - started).toBeGreaterThan(6_000)
    },
  )

  it('keeps unplaceable rows as events without location, or as row errors when the dataset says so', async () => {
    const places = `title,date,city,state\nRally,2020-01-05,Dayton,Ohio\nVisit,2020-01-06,Xqzvbnt Plmkq,Nowhere\n`
    const payload = await testPayload()
    const kept = await importFile(
      user,
      { name: 'places.csv', bytes: places },
      { catalog: catalogId, datasetName: 'Kept' },
    )
    expect(kept.jobs[0].counts).toMatchObject({ eventsCreated: 2, rowErrors: 0 })
    expect(kept.jobs[0].geocoding.stats).toMatchObject({ total: 2, placed: 1, notFound: 1 })
    expect(kept.jobs[0].geocoding.unplacedRows).toBe(1)
    // Each geocoded event names its place's cache key, so a corrected place can find its events.
    const { rows } = await databasePool(payload).query(
      `select coordinates_geocoded_query as key, coordinates_source as source from events where dataset_id = $1 order by source_row`,
      [kept.jobs[0].datasetId],
    )
    expect(rows[0]).toMatchObject({ source: 'geocoded', key: expect.stringContaining('dayton') })

    const strict = await payload.create({
      collection: 'datasets',
      data: {
        name: 'Strict',
        catalog: catalogId,
        owner: await demoUserId('user'),
        geocoding: { unplacedRows: 'row-error' },
      },
    })
    const refused = await importFile(user, { name: 'places.csv', bytes: places }, { dataset: strict.id })
    expect(refused.jobs[0].counts).toMatchObject({ eventsCreated: 1, rowErrors: 1, isBalanced: true })
    expect(refused.jobs[0].errors[0]).toMatchObject({ row: 2, code: 'unplaced' })
  })
})
