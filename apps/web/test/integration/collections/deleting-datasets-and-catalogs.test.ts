import { describe, expect, it } from 'vitest'

import { insertEventsBulk } from '../../../src/lib/events/bulk-insert-events'
import { databasePool } from '../../../src/lib/import/progress-tracking'
import { ApiClient, testPayload } from '../../helpers/api-client'

describe('deleting', () => {
  it('a dataset deletes its events and schema versions with it', async () => {
    const payload = await testPayload()
    const catalog = await payload.create({ collection: 'catalogs', data: { name: 'Deletion test' } })
    const dataset = await payload.create({ collection: 'datasets', data: { name: 'Doomed', catalog: catalog.id } })
    await payload.create({ collection: 'dataset-schemas', data: { dataset: dataset.id, version: 1, fields: [] } })
    await payload.create({
      collection: 'events',
      data: { dataset: dataset.id, uniqueId: 'doomed-1', location: [10, 20] },
    })

    const response = await (await ApiClient.as('admin')).delete(`/datasets/${dataset.id}`)
    expect(response.status).toBe(200)
    expect((await payload.count({ collection: 'events', where: { dataset: { equals: dataset.id } } })).totalDocs).toBe(
      0,
    )
    expect(
      (await payload.count({ collection: 'dataset-schemas', where: { dataset: { equals: dataset.id } } })).totalDocs,
    ).toBe(0)
  })

  it('a catalog that still holds datasets is refused with the reason', async () => {
    const payload = await testPayload()
    const catalog = await payload.create({ collection: 'catalogs', data: { name: 'Still in use' } })
    await payload.create({ collection: 'datasets', data: { name: 'Keeps the catalog', catalog: catalog.id } })
    const response = await (await ApiClient.as('admin')).delete(`/catalogs/${catalog.id}`)
    expect(response.status).toBe(409)
    expect(JSON.stringify(response.body)).toMatch(/still holds 1 dataset/)
    expect((await payload.count({ collection: 'catalogs', where: { id: { equals: catalog.id } } })).totalDocs).toBe(1)
  })
})

describe('the bulk event writer', () => {
  it('writes each (dataset, unique id) once, however often a batch is retried', async () => {
    const payload = await testPayload()
    const catalog = await payload.create({ collection: 'catalogs', data: { name: 'Bulk test' } })
    const dataset = await payload.create({ collection: 'datasets', data: { name: 'Bulk', catalog: catalog.id } })
    const rows = Array.from({ length: 500 }, (_, index) => ({
      datasetId: dataset.id as number,
      uniqueId: `bulk-${index}`,
      title: `Event ${index}`,
      description: null,
      eventTime: new Date(Date.UTC(1850 + (index % 170), 0, 1)),
      eventEndTime: null,
      timePrecision: 'year' as const,
      longitude: index % 2 ? -73.98 : null,
      latitude: index % 2 ? 40.75 : null,
      locationName: 'New York',
      coordinateSource: index % 2 ? ('source-columns' as const) : ('none' as const),
      coordinatePrecision: null,
      coordinateConfidence: null,
      coordinateSourceColumns: index % 2 ? ['lat', 'lon'] : null,
      coordinateProvider: null,
      data: { row: index, note: 'quotes \' and " and ; -- survive' },
      contentHash: null,
      importJobId: null,
      sourceRow: index + 1,
    }))
    const pool = databasePool(payload)
    expect(await insertEventsBulk(pool, rows)).toBe(500)
    expect(await insertEventsBulk(pool, rows)).toBe(0)
    const stored = await payload.find({
      collection: 'events',
      where: { dataset: { equals: dataset.id } },
      limit: 0,
      pagination: false,
      sort: 'sourceRow',
    })
    expect(stored.totalDocs).toBe(500)
    expect(stored.docs[1]!.location).toEqual([-73.98, 40.75])
    expect(stored.docs[0]!.location ?? null).toBeNull()
    expect(stored.docs[0]!.eventTime).toBe('1850-01-01T00:00:00.000Z')
    expect((stored.docs[0]!.data as { note: string }).note).toBe('quotes \' and " and ; -- survive')
  })
})
