import { beforeAll, describe, expect, it } from 'vitest'

import { createCatalog } from '../../helpers/demo-users'
import { ApiClient, testPayload } from '../../helpers/api-client'
import { importFile, runImports, uploadFile } from '../../helpers/imports'
import { databasePool } from '../../../src/lib/import/progress-tracking'
import type { Json } from '../../helpers/json'

const FIRST = `id,title,date,lat,lon,count
1,Flood,2020-01-05,52.52,13.40,3
2,Storm,2020-02-11,48.85,2.35,7
3,Fire,2020-03-20,40.71,-74.00,1
`
// Same ids; row 2 changed; the "count" column is gone: a breaking change.
const BREAKING = `id,title,date,lat,lon
1,Flood,2020-01-05,52.52,13.40
2,Storm (updated),2020-02-11,48.85,2.35
3,Fire,2020-03-20,40.71,-74.00
`

async function rows(datasetId: number) {
  const payload = await testPayload()
  const { rows } = await databasePool(payload).query(
    `select unique_id, title, data from events where dataset_id = $1 order by unique_id`,
    [datasetId],
  )
  return rows as Array<{ unique_id: string; title: string; data: Record<string, unknown> }>
}

describe('schema versions, approval and duplicates', () => {
  let user: ApiClient
  let editor: ApiClient
  let admin: ApiClient
  let catalogId: number

  beforeAll(async () => {
    ;[user, editor, admin] = await Promise.all([ApiClient.as('user'), ApiClient.as('editor'), ApiClient.as('admin')])
    catalogId = await createCatalog('Versions')
  })

  it('skips every row of a re-imported file as a duplicate and reports it', async () => {
    const first = await importFile(
      user,
      { name: 'first.csv', bytes: FIRST },
      { catalog: catalogId, datasetName: 'Dups' },
    )
    const datasetId = first.jobs[0].datasetId
    expect(first.jobs[0].counts).toMatchObject({ eventsCreated: 3, duplicatesSkipped: 0 })
    expect(first.jobs[0].duplicates.strategy).toMatchObject({ type: 'external', externalIdField: 'id' })

    const again = await importFile(user, { name: 'first.csv', bytes: FIRST }, { dataset: datasetId })
    const job = again.jobs[0]
    expect(again.status).toBe('completed')
    expect(job.datasetId).toBe(datasetId)
    expect(job.counts).toMatchObject({
      rowsRead: 3,
      eventsCreated: 0,
      duplicatesSkipped: 3,
      rowErrors: 0,
      isBalanced: true,
    })
    expect(job.duplicates).toMatchObject({ rowsAnalyzed: 3, duplicatesOfExistingEvents: 3, duplicatesInFile: 0 })
    expect(job.history.find((entry: Json) => entry.stage === 'create-schema-version').reason).toMatch(/unchanged/i)
    expect(await rows(datasetId)).toHaveLength(3)
  })

  it('finds duplicates inside one file by content hash', async () => {
    const file = `title,date\nA,2020-01-01\nB,2020-01-02\nA,2020-01-01\n`
    const progress = await importFile(user, { name: 'hash.csv', bytes: file }, { catalog: catalogId })
    const job = progress.jobs[0]
    expect(job.duplicates).toMatchObject({ duplicatesInFile: 1, uniqueRows: 2 })
    expect(job.duplicates.strategy.type).toBe('content-hash')
    expect(job.duplicates.examples[0]).toMatchObject({ row: 3, duplicateOfRow: 1, isExistingEvent: false })
    expect(job.counts).toMatchObject({ eventsCreated: 2, duplicatesSkipped: 1, isBalanced: true })
  })

  it('pauses a breaking schema change for approval; only an editor or admin decides, and a lock holds others off', async () => {
    const first = await importFile(
      user,
      { name: 'v1.csv', bytes: FIRST },
      { catalog: catalogId, datasetName: 'Approvals' },
    )
    const datasetId = first.jobs[0].datasetId
    const upload = await uploadFile(
      user,
      { name: 'v2.csv', bytes: BREAKING },
      { dataset: datasetId, duplicateAction: 'update' },
    )
    const id = upload.body.job.importId
    await runImports()
    let progress = (await user.get(`/import/${id}`)).body
    expect(progress.status).toBe('awaiting-approval')
    const waiting = progress.jobs[0]
    expect(waiting.schema.isAwaitingApproval).toBe(true)
    expect(waiting.schema.isBreaking).toBe(true)
    expect(waiting.schema.changes).toContainEqual(
      expect.objectContaining({ kind: 'field-removed', field: 'count', isBreaking: true }),
    )

    const refused = await user.post(`/import/${id}/approve`, {})
    expect(refused.status).toBe(403)
    expect((await editor.post(`/import/${id}/review`, {})).status).toBe(200)
    const locked = await admin.post(`/import/${id}/approve`, {})
    expect(locked.status).toBe(409)
    expect(locked.body.code).toBe('review-locked')

    expect((await editor.post(`/import/${id}/approve`, { reason: 'counts are words now' })).status).toBe(200)
    await runImports()
    progress = (await user.get(`/import/${id}`)).body
    expect(progress.status).toBe('completed')
    // Every event changes: row 2's title, and the removed "count" column leaves all three rows.
    expect(progress.jobs[0].counts).toMatchObject({
      eventsCreated: 0,
      eventsUpdated: 3,
      eventsUnchanged: 0,
      duplicatesSkipped: 0,
      isBalanced: true,
    })
    const events = await rows(datasetId)
    expect(events.find((event) => event.unique_id === 'id:2')?.title).toBe('Storm (updated)')

    const payload = await testPayload()
    const schemas = await payload.find({
      collection: 'dataset-schemas',
      where: { dataset: { equals: datasetId } },
      sort: 'version',
    })
    expect(schemas.docs.map((doc) => [doc.version, doc.status, doc.isBreaking])).toEqual([
      [1, 'approved', false],
      [2, 'approved', true],
    ])
    const dataset = await payload.findByID({ collection: 'datasets', id: datasetId, depth: 0 })
    expect(dataset.currentSchema).toBe(schemas.docs[1]!.id)
  })

  it("fails the import with the reviewer's reason when the change is rejected", async () => {
    const first = await importFile(
      user,
      { name: 'v1.csv', bytes: FIRST },
      { catalog: catalogId, datasetName: 'Rejections' },
    )
    const upload = await uploadFile(user, { name: 'v2.csv', bytes: BREAKING }, { dataset: first.jobs[0].datasetId })
    const id = upload.body.job.importId
    await runImports()
    const rejected = await admin.post(`/import/${id}/reject`, { reason: 'count must stay a number' })
    expect(rejected.status).toBe(200)
    expect(rejected.body.status).toBe('failed')
    expect(rejected.body.jobs[0].failureReason).toContain('count must stay a number')
  })

  it('applies an approval decision made in the admin (a PATCH of the import job)', async () => {
    const first = await importFile(
      user,
      { name: 'v1.csv', bytes: FIRST },
      { catalog: catalogId, datasetName: 'Admin approval' },
    )
    const upload = await uploadFile(user, { name: 'v2.csv', bytes: BREAKING }, { dataset: first.jobs[0].datasetId })
    const id = upload.body.job.importId
    await runImports()
    const jobId = (await user.get(`/import/${id}`)).body.jobs[0].jobId
    expect((await user.patch(`/import-jobs/${jobId}`, { approval: { decision: 'approved' } })).status).toBe(403)
    expect((await editor.patch(`/import-jobs/${jobId}`, { approval: { decision: 'approved' } })).status).toBe(200)
    for (let attempt = 0; attempt < 50; attempt++) {
      const job = (await user.get(`/import/${id}`)).body.jobs[0]
      if (job.stage !== 'awaiting-approval') break
      await new Promise((resolve) => setTimeout(resolve, 100))
    }
    await runImports()
    expect((await user.get(`/import/${id}`)).body.status).toBe('completed')
  })
})
