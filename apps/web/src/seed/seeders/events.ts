import type { Pool } from 'pg'

import { BATCH_SIZES } from '../../constants/batch-sizes'
import { COLLECTION_NAMES } from '../../constants/collection-names'
import { insertEventsBulk, type EventRow } from '../../lib/events/bulk-insert-events'
import { DEMO_DATASETS } from '../demo-content'
import { generateEvents, type GeneratedEvent } from '../generators/events'
import { findIdBy, SeedDependencyMissing, type SeedContext, type SeederResult } from './context'

function toEventRow(datasetId: number, event: GeneratedEvent): EventRow {
  return {
    datasetId,
    uniqueId: event.uniqueId,
    title: event.title,
    description: event.description,
    eventTime: event.eventTime,
    eventEndTime: event.eventEndTime,
    timePrecision: event.timePrecision,
    longitude: event.longitude,
    latitude: event.latitude,
    locationName: event.locationName,
    coordinateSource: event.coordinateSource,
    coordinatePrecision: event.coordinatePrecision,
    coordinateConfidence: event.coordinateConfidence,
    coordinateSourceColumns: event.coordinateSource === 'source-columns' ? ['latitude', 'longitude'] : null,
    coordinateProvider: event.coordinateProvider,
    data: event.data,
    contentHash: event.contentHash,
    importJobId: null,
    sourceRow: event.sourceRow,
  }
}

/**
 * Seeds generated events into the demo datasets, split by each dataset's share, in bulk. The same
 * seed regenerates the same unique ids, so running it again adds nothing.
 */
export async function seedEvents({ payload, config }: SeedContext): Promise<SeederResult> {
  const result: SeederResult = { created: 0, existing: 0 }
  const pool = (payload.db as unknown as { pool: Pool }).pool
  for (const [index, dataset] of DEMO_DATASETS.entries()) {
    const datasetId = await findIdBy(payload, COLLECTION_NAMES.DATASETS, 'slug', dataset.slug)
    if (!datasetId) throw new SeedDependencyMissing('events', dataset.slug, 'datasets')
    const count = Math.round(config.generator.eventCount * dataset.eventShare)
    const events = generateEvents(dataset.theme, count, config.generator.randomSeed + index)
    for (let start = 0; start < events.length; start += BATCH_SIZES.SEED_EVENTS) {
      const batch = events.slice(start, start + BATCH_SIZES.SEED_EVENTS).map((e) => toEventRow(datasetId, e))
      const inserted = await insertEventsBulk(pool, batch)
      result.created += inserted
      result.existing += batch.length - inserted
    }
  }
  return result
}

/** Deletes the events of the demo datasets (the datasets stay). */
export async function resetEvents({ payload }: SeedContext): Promise<void> {
  for (const dataset of DEMO_DATASETS) {
    const datasetId = await findIdBy(payload, COLLECTION_NAMES.DATASETS, 'slug', dataset.slug)
    if (!datasetId) continue
    await payload.db.deleteMany({ collection: COLLECTION_NAMES.EVENTS, where: { dataset: { equals: datasetId } } })
  }
}
