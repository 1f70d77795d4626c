import { readRows } from '@chronotope/file-readers'
import type { GeocodingQuery } from '@chronotope/geocoding'
import { createEventExtractor } from '@chronotope/schema'

import { BATCH_SIZES } from '../../constants/batch-sizes'
import { JOB_TYPES } from '../../constants/job-types'
import { PROCESSING_STAGE } from '../../constants/processing-stage'
import { importGeocodingSettings } from '../../lib/import/geocoding-settings'
import {
  idOf,
  importFilePath,
  loadDataset,
  loadImportFile,
  type DuplicateInfo,
  type DuplicationSummary,
} from '../../lib/import/import-documents'
import { importStageTask } from '../../lib/import/import-stage-task'
import { enforceEventQuotas } from '../../lib/quotas/event-quotas'
import { placeKey, placeQueryOf } from '../../lib/import/place-queries'
import { databasePool, StageProgressTracker } from '../../lib/import/progress-tracking'
import { queueStage } from '../../lib/import/queue-stage'
import { moveImportJob } from '../../lib/import/stage-transition-service'
import { createUniqueIdMaker, resolveIdStrategy } from '../../lib/import/unique-id'

const MAX_EXAMPLES = 20

/**
 * The analyze-duplicates job: reads the whole sheet once, gives every row its unique id (the
 * dataset's id strategy), and counts duplicates inside the file and of events already in the
 * dataset. It also counts the rows, for progress totals, and collects each distinct place to
 * geocode.
 */
export const analyzeDuplicatesTask = importStageTask(
  JOB_TYPES.ANALYZE_DUPLICATES,
  PROCESSING_STAGE.ANALYZE_DUPLICATES,
  'Analyze duplicates',
  async ({ payload, job }) => {
    const pool = databasePool(payload)
    const file = await loadImportFile(payload, idOf(job.importFile)!)
    const dataset = await loadDataset(payload, idOf(job.dataset)!)
    const options = file.options ?? {}
    const headers = job.detectedSchema?.headers ?? []
    const mapping = job.mapping!
    const strategy = resolveIdStrategy(dataset, options, mapping, headers)
    const makeId = createUniqueIdMaker(strategy, headers)
    const geocoding = importGeocodingSettings(dataset, options, mapping)
    const extract = geocoding.isEnabled ? createEventExtractor(mapping) : undefined
    const { rows: existingCount } = await pool.query<{ count: string }>(
      'select count(*) from events where dataset_id = $1',
      [dataset.id],
    )
    const existingEvents = Number(existingCount[0]?.count ?? 0)
    const datasetHasEvents = existingEvents > 0

    const tracker = new StageProgressTracker(pool, job.id, PROCESSING_STAGE.ANALYZE_DUPLICATES, job, null)
    const firstRowOfId = new Map<string, number>()
    const examples: DuplicateInfo[] = []
    const places = new Map<string, GeocodingQuery>()
    let rowsAnalyzed = 0
    let duplicatesInFile = 0
    let duplicatesOfExistingEvents = 0
    let rowsWithoutId = 0
    let pendingIds: Array<{ id: string; row: number }> = []

    const checkExisting = async () => {
      if (!datasetHasEvents || pendingIds.length === 0) return
      const { rows } = await pool.query<{ unique_id: string }>(
        'select unique_id from events where dataset_id = $1 and unique_id = any($2::text[])',
        [dataset.id, pendingIds.map((pending) => pending.id)],
      )
      const existing = new Set(rows.map((row) => row.unique_id))
      for (const pending of pendingIds) {
        if (!existing.has(pending.id)) continue
        duplicatesOfExistingEvents++
        if (examples.length < MAX_EXAMPLES)
          examples.push({ row: pending.row, uniqueId: pending.id, isExistingEvent: true })
      }
      pendingIds = []
    }

    const path = importFilePath(file)
    for await (const rows of readRows(path, file.detection!, { sheet: job.sheetIndex, batchSize: 2000 })) {
      for (const row of rows) {
        rowsAnalyzed++
        const id = makeId(row.values, row.rowNumber)
        if (id.error) rowsWithoutId++
        else {
          const first = firstRowOfId.get(id.uniqueId)
          if (first !== undefined) {
            duplicatesInFile++
            if (examples.length < MAX_EXAMPLES) {
              examples.push({
                row: row.rowNumber,
                uniqueId: id.uniqueId,
                duplicateOfRow: first,
                isExistingEvent: false,
              })
            }
          } else {
            firstRowOfId.set(id.uniqueId, row.rowNumber)
            pendingIds.push({ id: id.uniqueId, row: row.rowNumber })
          }
        }
        if (extract) {
          const place = extract(row.values, row.rowNumber).placeQuery
          if (place) {
            const query = placeQueryOf(place, geocoding.countryBias)
            const key = placeKey(query)
            if (!places.has(key)) places.set(key, query)
          }
        }
      }
      if (pendingIds.length >= BATCH_SIZES.DUPLICATE_ANALYSIS) await checkExisting()
      await tracker.advance(rowsAnalyzed)
    }
    await checkExisting()
    // Before geocoding and writing: an import over its owner's quotas costs nothing more.
    await enforceEventQuotas(payload, pool, idOf(file.owner), {
      events: firstRowOfId.size,
      newEvents: firstRowOfId.size - duplicatesOfExistingEvents,
    })

    const duplicates: DuplicationSummary = {
      strategy,
      rowsAnalyzed,
      uniqueRows: firstRowOfId.size,
      duplicatesInFile,
      duplicatesOfExistingEvents,
      rowsWithoutId,
      existingEvents,
      examples,
    }
    const needsGeocoding = places.size > 0
    const next = needsGeocoding ? PROCESSING_STAGE.GEOCODE_BATCH : PROCESSING_STAGE.CREATE_EVENTS
    const summary =
      `${rowsAnalyzed} rows: ${duplicatesInFile} duplicates inside the file, ` +
      `${duplicatesOfExistingEvents} of existing events` +
      (needsGeocoding ? `; ${places.size} distinct places to geocode` : '')
    await moveImportJob(payload, job, next, summary, {
      duplicates,
      counts: { ...job.counts, rowsTotal: rowsAnalyzed },
      mapping: { ...mapping, idStrategy: strategy },
      progress: tracker.finish(rowsAnalyzed),
      ...(needsGeocoding ? { geocoding: { places: [...places].map(([key, query]) => ({ key, query })) } } : {}),
    })
    await queueStage(payload, job.id, next)
  },
)
