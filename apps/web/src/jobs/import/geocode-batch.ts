import { geocodeWithProviders, isPlaced, summarizeResolution, type GeocodingResult } from '@chronotope/geocoding'

import { settings as appSettings } from '../../config/settings'
import { BATCH_SIZES } from '../../constants/batch-sizes'
import { JOB_TYPES } from '../../constants/job-types'
import { PROCESSING_STAGE } from '../../constants/processing-stage'
import { importGeocoders } from '../../lib/import/geocoders'
import { importGeocodingSettings } from '../../lib/import/geocoding-settings'
import { idOf, loadDataset, loadImportFile } from '../../lib/import/import-documents'
import { importStageTask } from '../../lib/import/import-stage-task'
import { cachePlaces, readCachedPlaces, type PlaceToCache } from '../../lib/import/location-cache'
import { databasePool, StageProgressTracker } from '../../lib/import/progress-tracking'
import { queueStage } from '../../lib/import/queue-stage'
import { moveImportJob } from '../../lib/import/stage-transition-service'

/**
 * The geocode-batch job: geocodes the next batch of the sheet's distinct places (each place
 * once: the location cache answers places seen before), then queues itself for the next batch,
 * or moves on to event creation with the resolution stats once every place is done.
 */
export const geocodeBatchTask = importStageTask(
  JOB_TYPES.GEOCODE_BATCH,
  PROCESSING_STAGE.GEOCODE_BATCH,
  'Geocode batch',
  async ({ payload, job }) => {
    const pool = databasePool(payload)
    const places = job.geocoding?.places ?? []
    const tracker = new StageProgressTracker(pool, job.id, PROCESSING_STAGE.GEOCODE_BATCH, job, places.length)
    const start = tracker.rowsDoneAtStart
    const batch = places.slice(start, start + BATCH_SIZES.GEOCODING)
    const file = await loadImportFile(payload, idOf(job.importFile)!)
    const dataset = await loadDataset(payload, idOf(job.dataset)!)
    const settings = importGeocodingSettings(dataset, file.options ?? {}, job.mapping!)
    const providers = await importGeocoders(payload, settings)
    const providerNames = providers.map((provider) => provider.name)
    if (batch.length > 0) {
      const cached = await readCachedPlaces(
        pool,
        batch.map((place) => place.key),
        { providers: providerNames },
      )
      const fresh: PlaceToCache[] = []
      let done = start
      for (const place of batch) {
        // A dataset that chose no enabled provider and no offline fallback only takes manual answers.
        if (!cached.has(place.key) && providers.length > 0) {
          const result: GeocodingResult = await geocodeWithProviders(place.query, providers, settings)
          // Offline answers only change with the app's data; online ones are refreshed now and then.
          const isOffline = (result.best?.provider ?? result.provider) === 'offline'
          const expiresAt = isOffline ? null : new Date(Date.now() + appSettings.geocodingCacheDays * 86_400_000)
          fresh.push({ key: place.key, query: place.query.text ?? place.key, result, expiresAt })
        }
        await tracker.advance(++done)
      }
      await cachePlaces(pool, fresh)
      await tracker.save()
    }
    const next = start + batch.length
    if (next < places.length) {
      await queueStage(payload, job.id, PROCESSING_STAGE.GEOCODE_BATCH)
      return
    }
    const results = await readCachedPlaces(
      pool,
      places.map((place) => place.key),
      {
        countHits: false,
        providers: providerNames,
      },
    )
    for (const place of places) {
      if (!results.has(place.key)) results.set(place.key, { status: 'not-found', candidates: [], provider: 'none' })
    }
    const stats = summarizeResolution(results, settings.minimumConfidence)
    // Each place remembers whether it was placed, so the report's counts stay exact after corrections.
    const judged = places.map((place) => ({ ...place, isPlaced: isPlaced(results.get(place.key)!, settings) }))
    await moveImportJob(
      payload,
      job,
      PROCESSING_STAGE.CREATE_EVENTS,
      `${stats.placed} of ${stats.total} places placed`,
      { geocoding: { ...job.geocoding, places: judged, stats }, progress: tracker.finish(places.length) },
    )
    await queueStage(payload, job.id, PROCESSING_STAGE.CREATE_EVENTS)
  },
)
