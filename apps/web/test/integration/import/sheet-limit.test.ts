import { readdir } from 'node:fs/promises'

import { beforeAll, describe, expect, it } from 'vitest'

import { IMPORT_FILES_DIR, UPLOAD_TEMP_DIR } from '../../../src/lib/import/import-documents'
import { ApiClient, testPayload } from '../../helpers/api-client'
import { createCatalog } from '../../helpers/demo-users'
import { runImports, uploadFile } from '../../helpers/imports'
import { manySheetsWorkbook, sheetListXlsx } from '../../helpers/workbooks'
import type { Json } from '../../helpers/json'

/** How many documents and stored files an upload could have left behind. */
async function footprint(): Promise<Record<string, number>> {
  const payload = await testPayload()
  const count = async (collection: 'import-files' | 'import-jobs' | 'datasets' | 'payload-jobs') =>
    (await payload.count({ collection, overrideAccess: true })).totalDocs
  const files = async (dir: string) => (await readdir(dir).catch(() => [])).length
  return {
    importFiles: await count('import-files'),
    importJobs: await count('import-jobs'),
    datasets: await count('datasets'),
    queuedJobs: await count('payload-jobs'),
    storedFiles: await files(IMPORT_FILES_DIR),
    incomingFiles: await files(UPLOAD_TEMP_DIR),
  }
}

describe('the sheets-per-workbook limit (CHRONOTOPE_IMPORT_MAX_SHEETS, default 50)', () => {
  let user: ApiClient
  let catalog: number

  beforeAll(async () => {
    user = await ApiClient.as('user')
    catalog = await createCatalog('Sheet limit')
  })

  it.each([
    ['a 3 KB XLSX listing 300 sheets', 'list.xlsx', () => sheetListXlsx(300), '300 sheets'],
    ['an ODS of 51 sheets', 'book.ods', () => manySheetsWorkbook(51, 'ods'), '51 sheets'],
    ['an XLS of 51 sheets', 'book.xls', () => manySheetsWorkbook(51, 'biff8'), '51 sheets'],
    ['an XLSX listing 5,000 sheets', 'huge.xlsx', () => sheetListXlsx(5_000), 'more than 1000 sheets'],
  ])('refuses %s with a 422 naming the count and the limit, leaving nothing behind', async (_, name, build, count) => {
    const bytes = build()
    if (name === 'list.xlsx') expect(bytes.length).toBeLessThan(4096)
    const before = await footprint()
    const response = await uploadFile(user, { name, bytes }, { catalog })
    expect(response.status).toBe(422)
    expect(response.body).toMatchObject({ code: 'too-many-sheets', parameter: 'file' })
    expect(response.body.error).toContain(`The workbook has ${count}`)
    expect(response.body.error).toContain('at most 50 sheets')
    expect(response.body.error).toContain('CHRONOTOPE_IMPORT_MAX_SHEETS')
    expect(await footprint()).toEqual(before)
  })

  it('imports one chosen sheet of a bigger workbook at once', async () => {
    const bytes = manySheetsWorkbook(51, 'xlsx')
    const upload = await uploadFile(user, { name: 'one.xlsx', bytes }, { catalog, sheet: 'Sheet 2' })
    expect(upload.status).toBe(202)
    await runImports()
    const progress = (await user.get(`/import/${upload.body.job.importId}`)).body
    expect(progress.status).toBe('completed')
    expect(progress.jobs.map((job: Json) => [job.sheetName, job.counts.eventsCreated])).toEqual([['Sheet 2', 1]])
  })

  it('keeps a bigger workbook for preview, and starts it for one sheet but not for all', async () => {
    const bytes = manySheetsWorkbook(51, 'ods')
    const before = await footprint()
    const upload = await uploadFile(user, { name: 'chosen.ods', bytes }, { catalog, autoStart: false })
    expect(upload.status).toBe(202)
    const pending = await footprint()
    expect([pending.datasets, pending.importJobs, pending.queuedJobs]).toEqual([
      before.datasets,
      before.importJobs,
      before.queuedJobs,
    ])
    const id = upload.body.job.importId
    expect((await user.get(`/preview?importId=${id}&rows=1`)).body.sheets).toHaveLength(51)
    const refused = await user.post(`/import/${id}/start`, {})
    expect(refused.status).toBe(422)
    expect(refused.body).toMatchObject({ code: 'too-many-sheets' })
    expect(refused.body.error).toContain('The workbook has 51 sheets')
    expect((await user.get(`/import/${id}`)).body.status).toBe('pending')
    expect((await footprint()).queuedJobs).toBe(before.queuedJobs)

    expect((await user.post(`/import/${id}/start`, { sheet: 'Sheet 4' })).status).toBe(200)
    await runImports()
    const progress = (await user.get(`/import/${id}`)).body
    expect(progress.status).toBe('completed')
    expect(progress.jobs.map((job: Json) => [job.sheetName, job.counts.eventsCreated])).toEqual([['Sheet 4', 1]])
  })

  it('fails at dataset detection a file over the limit that reached the queue, creating no dataset', async () => {
    const payload = await testPayload()
    const upload = await uploadFile(
      user,
      { name: 'later.ods', bytes: manySheetsWorkbook(51, 'ods') },
      {
        catalog,
        sheet: 0,
        autoStart: false,
      },
    )
    const id = upload.body.job.importId
    // As if the limit had been lowered after the upload, or the options changed behind the API.
    await payload.update({ collection: 'import-files', id, data: { options: {}, status: 'processing' } })
    const before = await footprint()
    const { queueDatasetDetection } = await import('../../../src/lib/import/queue-stage')
    await queueDatasetDetection(payload, id)
    await runImports()
    const file = await payload.findByID({ collection: 'import-files', id, depth: 0 })
    expect(file.status).toBe('failed')
    expect(file.failureReason).toContain('The workbook has 51 sheets')
    const after = await footprint()
    expect(after.datasets).toBe(before.datasets)
    expect(after.importJobs).toBe(before.importJobs)
  })
})
