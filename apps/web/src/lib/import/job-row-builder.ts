/**
 * The row → event builder of one import job, set up from its stored schema and mapping, its
 * dataset's geocoding settings and the cached places: the same for event creation and for the
 * row-error download, so both reach the same verdict on every row.
 * @module
 */
import type { SourceRow } from '@chronotope/file-readers'
import type { Payload } from 'payload'

import { createEventRowBuilder, type BuiltRow } from './event-row-builder'
import { importGeocodingSettings, type ImportGeocodingSettings } from './geocoding-settings'
import { idOf, loadDataset, type ImportFileDoc, type ImportJobDoc, type ResolvedIdStrategy } from './import-documents'
import { importGeocoders } from './geocoders'
import { readCachedPlaces } from './location-cache'
import { databasePool } from './progress-tracking'

/** An import job's row builder and the geocoding settings it follows. */
export interface JobRowBuilder {
  readonly build: (row: SourceRow) => BuiltRow
  readonly geocoding: ImportGeocodingSettings
}

/** Sets up the row builder of an import job that has its schema and mapping. */
export async function createJobRowBuilder(
  payload: Payload,
  file: ImportFileDoc,
  job: ImportJobDoc,
  idStrategy: ResolvedIdStrategy,
): Promise<JobRowBuilder> {
  const dataset = await loadDataset(payload, idOf(job.dataset)!)
  const mapping = job.mapping!
  const geocoding = importGeocodingSettings(dataset, file.options ?? {}, mapping)
  const placeKeys = (job.geocoding?.places ?? []).map((place) => place.key)
  const places = geocoding.isEnabled
    ? await readCachedPlaces(databasePool(payload), placeKeys, {
        countHits: false,
        providers: (await importGeocoders(payload, geocoding)).map((provider) => provider.name),
      })
    : new Map()
  const build = createEventRowBuilder({
    datasetId: dataset.id,
    importJobId: job.id,
    headers: job.detectedSchema?.headers ?? [],
    fields: job.detectedSchema?.fields ?? [],
    mapping,
    idStrategy,
    places,
    countryBias: geocoding.countryBias,
    unplacedIsError: geocoding.unplacedRows === 'row-error',
    minimumConfidence: geocoding.minimumConfidence,
  })
  return { build, geocoding }
}
