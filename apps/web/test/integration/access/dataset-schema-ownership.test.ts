import { beforeAll, describe, expect, it } from 'vitest'

import { ApiClient, testPayload } from '../../helpers/api-client'
import { createCatalog } from '../../helpers/demo-users'
import { runImports, uploadFile } from '../../helpers/imports'

// The seed's private dataset ("source-meetings", the editor's) gets a schema whose field names and
// enum values must never reach the demo user.
const SECRET_FIELD = 'informant_codename'
const SECRET_ENUM_VALUE = 'Dead drop at the harbour'

const FILE = `title,date,lat,lon,meeting_kind
Lunch,2021-03-01,52.52,13.40,Interview
Walk,2021-03-02,48.85,2.35,Site visit
`

function statistics(examples: string[]) {
  return {
    count: 2,
    nullCount: 0,
    emptyCount: 0,
    nullRate: 0,
    distinctCount: examples.length,
    isDistinctCountExact: true,
    examples,
  }
}

const PRIVATE_FIELDS = [
  { name: 'title', type: 'string', nullable: false, statistics: statistics(['Lunch']) },
  { name: SECRET_FIELD, type: 'string', nullable: false, statistics: statistics(['Sparrow']) },
  {
    name: 'meeting_kind',
    type: 'enum',
    nullable: false,
    enumValues: ['Interview', SECRET_ENUM_VALUE],
    statistics: statistics(['Interview', SECRET_ENUM_VALUE]),
  },
]

let privateSchemaId: number
let user: ApiClient
let catalogId: number

beforeAll(async () => {
  const payload = await testPayload()
  const { docs } = await payload.find({ collection: 'datasets', where: { slug: { equals: 'source-meetings' } } })
  const privateDataset = docs[0]!
  const schema = await payload.create({
    collection: 'dataset-schemas',
    data: { dataset: privateDataset.id, version: 1, status: 'approved', fields: PRIVATE_FIELDS },
    overrideAccess: true,
  })
  privateSchemaId = Number(schema.id)
  await payload.update({
    collection: 'datasets',
    id: privateDataset.id,
    data: { currentSchema: privateSchemaId },
    overrideAccess: true,
  })
  user = await ApiClient.as('user')
  catalogId = await createCatalog('Schema ownership')
})

async function ownDataset(name: string): Promise<number> {
  const created = await user.post('/datasets', { name, catalog: catalogId })
  expect(created.status).toBe(201)
  return created.body.doc.id as number
}

async function storedCurrentSchema(datasetId: number): Promise<unknown> {
  const payload = await testPayload()
  const dataset = await payload.findByID({ collection: 'datasets', id: datasetId, depth: 0, overrideAccess: true })
  return dataset.currentSchema ?? null
}

/** Imports FILE into a dataset and answers everything the user can read about the import. */
async function importAndReadBack(datasetId: number): Promise<string> {
  const upload = await uploadFile(user, { name: 'meetings.csv', bytes: FILE }, { dataset: datasetId })
  expect(upload.status).toBe(202)
  const importId = upload.body.job.importId as number
  await runImports()
  const progress = await user.get(`/import/${importId}`)
  const preview = await user.get(`/preview?importId=${importId}`)
  const schemas = await user.get(`/dataset-schemas?where[dataset][equals]=${datasetId}&depth=0&limit=100`)
  const graphql = await user.graphql(
    `query ($id: JSON) { DatasetSchemas(where: { dataset: { equals: $id } }) { docs { fields changes } } }`,
    { id: datasetId },
  )
  expect(progress.status).toBe(200)
  return JSON.stringify([progress.body, preview.body, schemas.body, graphql.body])
}

describe("a dataset's current schema", () => {
  it('cannot be set over REST, so nobody points their dataset at a schema of a private one', async () => {
    const datasetId = await ownDataset('Points at a private schema (REST)')
    const patched = await user.patch(`/datasets/${datasetId}`, { currentSchema: privateSchemaId })
    expect(patched.status).toBe(200)
    expect(await storedCurrentSchema(datasetId)).toBeNull()
    const read = await importAndReadBack(datasetId)
    expect(read).not.toContain(SECRET_FIELD)
    expect(read).not.toContain(SECRET_ENUM_VALUE)
  })

  it('cannot be set over GraphQL either', async () => {
    const datasetId = await ownDataset('Points at a private schema (GraphQL)')
    const result = await user.graphql(
      `mutation ($id: Int!, $schema: Int) { updateDataset(id: $id, data: { currentSchema: $schema }) { id } }`,
      { id: datasetId, schema: privateSchemaId },
    )
    expect(result.body.errors ?? []).toEqual([])
    expect(await storedCurrentSchema(datasetId)).toBeNull()
  })

  it('cannot be set by editors and admins through the API either: only the import pipeline sets it', async () => {
    const datasetId = await ownDataset('Editor tries')
    for (const role of ['editor', 'admin'] as const) {
      const client = await ApiClient.as(role)
      await client.patch(`/datasets/${datasetId}`, { currentSchema: privateSchemaId })
      expect(await storedCurrentSchema(datasetId)).toBeNull()
    }
  })

  it("is compared with an import only when it belongs to the import's own dataset", async () => {
    // A pointer stored before this rule existed (or by any other path) must still not leak.
    const datasetId = await ownDataset('Already points at a private schema')
    const payload = await testPayload()
    await payload.update({
      collection: 'datasets',
      id: datasetId,
      data: { currentSchema: privateSchemaId },
      overrideAccess: true,
    })
    const read = await importAndReadBack(datasetId)
    expect(read).not.toContain(SECRET_FIELD)
    expect(read).not.toContain(SECRET_ENUM_VALUE)
    const progress = JSON.parse(read)[0]
    expect(progress.status).toBe('completed')
    // The import became the dataset's first schema of its own.
    const current = await storedCurrentSchema(datasetId)
    expect(current).not.toBe(privateSchemaId)
    const schema = await payload.findByID({ collection: 'dataset-schemas', id: current as number, depth: 0 })
    expect(schema.dataset).toBe(datasetId)
  })
})
