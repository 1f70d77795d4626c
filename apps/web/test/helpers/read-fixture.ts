/**
 * A small, known world of events for the read API's tests: a public catalog owned by the demo user
 * with a public dataset and a private one. Private events carry a word, a category value, a time
 * and a region that no public event has, so any leak shows up in a count.
 * @module
 */
import { insertEventsBulk, type EventRow } from '../../src/lib/events/bulk-insert-events'
import { databasePool } from '../../src/lib/import/progress-tracking'
import { testPayload } from './api-client'
import { demoUserId } from './demo-users'
import { eventRow } from './event-rows'

/** The ids and sizes of the fixture. */
export interface ReadFixture {
  readonly catalogId: number
  readonly publicDatasetId: number
  readonly privateDatasetId: number
  readonly publicEvents: number
  readonly privateEvents: number
}

function event(datasetId: number, index: number, overrides: Partial<EventRow>): EventRow {
  return eventRow(datasetId, `read-${datasetId}-${index}`, {
    title: `Public meeting ${index}`,
    eventTime: new Date(Date.UTC(2000 + (index % 10), index % 12, 1 + (index % 28))),
    longitude: 2.35 + (index % 7) * 0.01,
    latitude: 48.85 + (index % 5) * 0.01,
    data: { category: index % 2 === 0 ? 'protest' : 'meeting', attendance: 10 + index },
    sourceRow: index + 1,
    ...overrides,
  })
}

/** Creates the fixture under a unique name. */
export async function createReadFixture(name: string, publicEvents = 30, privateEvents = 12): Promise<ReadFixture> {
  const payload = await testPayload()
  const owner = await demoUserId('user')
  const catalog = await payload.create({ collection: 'catalogs', data: { name, owner, isPublic: true } })
  const publicDataset = await payload.create({
    collection: 'datasets',
    data: { name: `${name} public`, catalog: catalog.id, owner, isPublic: true },
  })
  const privateDataset = await payload.create({
    collection: 'datasets',
    data: { name: `${name} private`, catalog: catalog.id, owner, isPublic: false },
  })
  const rows = [
    ...Array.from({ length: publicEvents }, (_, index) => event(Number(publicDataset.id), index, {})),
    ...Array.from({ length: privateEvents }, (_, index) =>
      event(Number(privateDataset.id), index, {
        title: `Whistleblower briefing ${index}`,
        eventTime: new Date(Date.UTC(1850, index % 12, 1)),
        longitude: 151.2 + index * 0.001,
        latitude: -33.86,
        locationName: 'Sydney',
        coordinateSource: 'geocoded',
        coordinatePrecision: 'city',
        coordinateConfidence: 0.8,
        coordinateProvider: 'offline',
        data: { category: 'leak', attendance: 1000 + index },
      }),
    ),
  ]
  await insertEventsBulk(databasePool(payload), rows)
  return {
    catalogId: Number(catalog.id),
    publicDatasetId: Number(publicDataset.id),
    privateDatasetId: Number(privateDataset.id),
    publicEvents,
    privateEvents,
  }
}

/**
 * Creates an empty public dataset in `catalogId` (a fixture's catalog), for a test that writes
 * its own events.
 * @returns the dataset's id
 */
export async function createPublicDataset(catalogId: number, name: string): Promise<number> {
  const payload = await testPayload()
  const dataset = await payload.create({
    collection: 'datasets',
    data: { name, catalog: catalogId, isPublic: true },
    overrideAccess: true,
  })
  return Number(dataset.id)
}
