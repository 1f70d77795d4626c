import * as XLSX from 'xlsx'
import { beforeAll, describe, expect, it } from 'vitest'

import { ApiClient, testPayload } from '../../helpers/api-client'
import { createCatalog } from '../../helpers/demo-users'
import { importFile, runImports, uploadFile } from '../../helpers/imports'

// No title column: "Organiser" is the most distinct short text, so it is guessed as the title.
const PROTESTS = `Date,City,Organiser,Crowd
2024-01-21,Paris,Union A,1200
2024-04-03,Lyon,Collective B,300
2024-04-05,Nantes,Union C,50
2024-04-07,Lille,Students D,80
`

async function storedMapping(importId: number): Promise<Record<string, unknown>> {
  const payload = await testPayload()
  const { docs } = await payload.find({
    collection: 'import-jobs',
    where: { importFile: { equals: importId } },
    depth: 0,
    overrideAccess: true,
  })
  return docs[0]!.mapping as Record<string, unknown>
}

describe('a dataset remembers how its last import read the file', () => {
  let owner: ApiClient
  let datasetId: number

  beforeAll(async () => {
    owner = await ApiClient.as('user')
    const catalog = await createCatalog('Remembered mappings')
    // The user says the file has no title column, and that re-imports update events.
    const first = await importFile(
      owner,
      { name: 'protests.csv', bytes: PROTESTS },
      { catalog, datasetName: 'Protests', mapping: '{"title":null}', duplicateAction: 'update' },
    )
    datasetId = first.jobs[0].datasetId
    expect(await storedMapping(first.importId)).not.toHaveProperty('title')
  })

  it('reads the next file the same way instead of guessing again', async () => {
    const upload = await uploadFile(
      owner,
      { name: 'protests.csv', bytes: PROTESTS },
      { dataset: datasetId, duplicateAction: 'update' },
    )
    expect(upload.status).toBe(202)
    await runImports()
    expect(await storedMapping(upload.body.job.importId)).not.toHaveProperty('title')
  })

  it('offers the remembered roles and options in the preview', async () => {
    const upload = await uploadFile(
      owner,
      { name: 'protests.csv', bytes: PROTESTS },
      { dataset: datasetId, autoStart: false },
    )
    const preview = await owner.get(`/preview?importId=${upload.body.job.importId}`)
    expect(preview.status).toBe(200)
    expect(preview.body.schema.mapping.title).toBeUndefined()
    expect(preview.body.schema.mapping.location.address.city).toBe('City')
    expect(preview.body.remembered).toMatchObject({
      datasetId,
      datasetName: 'Protests',
      kept: expect.arrayContaining(['title', 'startTime', 'location']),
      dropped: [],
      options: { duplicateAction: 'update' },
    })
  })

  it('has nothing to offer for a new dataset', async () => {
    const catalog = await createCatalog('Fresh start')
    const upload = await uploadFile(owner, { name: 'protests.csv', bytes: PROTESTS }, { catalog, autoStart: false })
    const preview = await owner.get(`/preview?importId=${upload.body.job.importId}`)
    expect(preview.body.remembered).toBeNull()
  })
})

describe('a dataset’s remembered date order', () => {
  // Every date fits both orders: nothing in either file decides day first from month first.
  const JANUARY = `Date,Event\n03/01/2024,Strike\n05/01/2024,March\n07/01/2024,Sit-in\n`
  const FEBRUARY = `Date,Event\n04/02/2024,Vigil\n06/02/2024,Rally\n`

  it('answers the next file’s undecided date column instead of asking again', async () => {
    const owner = await ApiClient.as('user')
    const catalog = await createCatalog('Monthly files')
    const refused = await uploadFile(owner, { name: 'january.csv', bytes: JANUARY }, { catalog })
    expect(refused.status).toBe(422)
    expect(refused.body.code).toBe('choice-required')
    const first = await importFile(
      owner,
      { name: 'january.csv', bytes: JANUARY },
      { catalog, datasetName: 'Monthly', dateOrders: '{"Date":"DMY"}' },
    )
    const datasetId = first.jobs[0].datasetId
    const second = await uploadFile(owner, { name: 'february.csv', bytes: FEBRUARY }, { dataset: datasetId })
    expect(second.status).toBe(202)
    await runImports()
    const payload = await testPayload()
    const { docs } = await payload.find({
      collection: 'events',
      where: { and: [{ dataset: { equals: datasetId } }, { title: { equals: 'Vigil' } }] },
      depth: 0,
      overrideAccess: true,
    })
    expect(String(docs[0]!.eventTime)).toMatch(/^2024-02-04/)
  })
})

describe('a workbook’s sheets imported whole', () => {
  it('take each sheet’s own column roles', async () => {
    const owner = await ApiClient.as('user')
    const book = XLSX.utils.book_new()
    const marches = [
      ['when', 'slogan', 'town'],
      ['2024-01-21', 'No to the reform', 'Paris'],
    ]
    const strikes = [
      ['date', 'union', 'site'],
      ['2024-02-02', 'Dockers', 'Le Havre'],
    ]
    XLSX.utils.book_append_sheet(book, XLSX.utils.aoa_to_sheet(marches), 'Marches')
    XLSX.utils.book_append_sheet(book, XLSX.utils.aoa_to_sheet(strikes), 'Strikes')
    const bytes = XLSX.write(book, { type: 'buffer', bookType: 'xlsx' }) as Buffer
    const catalog = await createCatalog('Workbook roles')
    const upload = await uploadFile(owner, { name: 'actions.xlsx', bytes }, { catalog, autoStart: false })
    const importId = upload.body.job.importId
    const started = await owner.post(`/import/${importId}/start`, {
      sheetMappings: { '0': { title: 'slogan' }, '1': { title: 'union' } },
    })
    expect(started.status).toBe(200)
    await runImports()
    const payload = await testPayload()
    const { docs } = await payload.find({
      collection: 'events',
      where: { 'importJob.importFile': { equals: importId } },
      depth: 0,
      overrideAccess: true,
    })
    expect(docs.map((event) => event.title).sort()).toEqual(['Dockers', 'No to the reform'])
  })
})
