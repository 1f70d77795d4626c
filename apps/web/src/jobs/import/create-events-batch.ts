import { readRows, type SourceRow } from '@chronotope/file-readers'
import { OrderedWrites, WorkClock } from '@chronotope/import-stages'
import type { RowError } from '@chronotope/schema'
import type { PoolClient } from 'pg'

import { BATCH_SIZES, CONCURRENT_EVENT_BATCHES } from '../../constants/batch-sizes'
import { IMPORT_STATUS } from '../../constants/import-status'
import { JOB_TYPES } from '../../constants/job-types'
import { PROCESSING_STAGE } from '../../constants/processing-stage'
import { database } from '../../config/database'
import type { EventRow } from '../../lib/events/bulk-insert-events'
import { writeEventsBulk } from '../../lib/events/bulk-insert-events'
import { copyEventsBulk, serializeEventsForCopy } from '../../lib/events/copy-events'
import { COLLECTION_NAMES } from '../../constants/collection-names'
import { loadEditedEvents, releaseHandEdits } from '../../lib/import/edited-events'
import { createJobRowBuilder } from '../../lib/import/job-row-builder'
import { rememberImportSettings } from '../../lib/import/remembered-settings'
import { keepHandEdits, type EditedEvent, type HandEditConflict } from '../../lib/import/keep-hand-edits'
import {
  idOf,
  importFilePath,
  loadImportFile,
  type LeftAloneEvent,
  type ReimportReport,
} from '../../lib/import/import-documents'
import { importStageTask } from '../../lib/import/import-stage-task'
import { databasePool, StageProgressTracker } from '../../lib/import/progress-tracking'
import { moveImportJob } from '../../lib/import/stage-transition-service'
import { ScheduledRunWriter } from '../../lib/scheduled-imports/scheduled-run-writer'
import { recordRunWrites } from '../../lib/scheduled-imports/run-records'

/**
 * How long a batch written beside another may wait for a lock before its attempt fails and is
 * retried from the last commit: a wait neither PostgreSQL nor the importer can see through (two
 * imports of the same ids into one dataset at once, each batch waiting on the other's) ends there.
 */
const CONCURRENT_LOCK_TIMEOUT = '60s'

/** Rows built between two turns of the event loop. */
const YIELD_EVERY_ROWS = 250

function yieldToEventLoop(): Promise<void> {
  return new Promise((resolve) => setImmediate(resolve))
}

/** Row errors kept on the import job for the UI; the CSV download has all of them. */
export const STORED_ROW_ERRORS = 1000

/** Events left alone (hand edits the file contradicts) listed on the import job. */
export const STORED_LEFT_ALONE = 100

interface PreparedBatch {
  readonly events: EventRow[]
  /** The events in COPY format, made with the batch (PostgreSQL servers only). */
  readonly copyText: string | undefined
  readonly supersededInBatch: number
  readonly errors: RowError[]
  readonly rowsWithErrors: number
  readonly unplacedRows: number
  readonly rows: number
  readonly lastRow: number
}

/**
 * The create-events-batch job: streams the sheet from the last committed row and writes its
 * events in batches, one transaction per batch holding the events and the job's counts and
 * checkpoint together. A batch retried after a crash therefore starts exactly where the last
 * commit ended, and the unique ids make a rewritten event impossible anyway. A scheduled run
 * instead writes every batch, and settles the events gone from its source, in one transaction
 * ({@link ScheduledRunWriter}): a run either happens to its dataset entirely or not at all.
 */
export const createEventsBatchTask = importStageTask(
  JOB_TYPES.CREATE_EVENTS_BATCH,
  PROCESSING_STAGE.CREATE_EVENTS,
  'Create events batch',
  async ({ payload, job }) => {
    const pool = databasePool(payload)
    const file = await loadImportFile(payload, idOf(job.importFile)!)
    const mapping = job.mapping!
    const strategy = mapping.idStrategy ?? job.duplicates!.strategy
    const { build } = await createJobRowBuilder(payload, file, job, strategy)

    const counts = {
      rowsTotal: job.counts?.rowsTotal ?? null,
      rowsRead: job.counts?.rowsRead ?? 0,
      eventsCreated: job.counts?.eventsCreated ?? 0,
      eventsUpdated: job.counts?.eventsUpdated ?? 0,
      eventsUnchanged: job.counts?.eventsUnchanged ?? 0,
      eventsLeftAlone: job.counts?.eventsLeftAlone ?? 0,
      duplicatesSkipped: job.counts?.duplicatesSkipped ?? 0,
      rowErrors: job.counts?.rowErrors ?? 0,
    }
    const datasetId = idOf(job.dataset)!
    // Only an update of events that exist can meet hand edits; a first import never looks.
    const mayMeetHandEdits =
      strategy.duplicateAction === 'update' && (job.duplicates?.duplicatesOfExistingEvents ?? 0) > 0
    const takeFileValues = file.options?.keepHandEdits === false
    let reimport: ReimportReport = job.reimport ?? { eventsWithHandEditsKept: 0, handEditsReleased: 0, leftAlone: [] }
    let checkpoint = job.progress?.checkpoint ?? { lastRow: 0, unplacedRows: 0 }
    // Where the time goes, kept on the job (`progress.timings`) and printed by `npm run bench:import`.
    const clock = new WorkClock(job.progress?.timings)
    const storedErrors: RowError[] = [...(job.errors ?? [])]
    const tracker = new StageProgressTracker(pool, job.id, PROCESSING_STAGE.CREATE_EVENTS, job, counts.rowsTotal)
    let cancelled = false
    // COPY is about twice as fast as array parameters; the embedded database has none.
    // (`database` also knows a worker attached to a running embedded database, which settings do not.)
    const useCopy = database?.kind !== 'embedded'
    const scheduledRun = file.options?.scheduledRun
    const writer =
      scheduledRun && !checkpoint.scheduledRunSettled ? await ScheduledRunWriter.open(pool, datasetId) : undefined
    if (writer && useCopy) await writer.client.query('set local synchronous_commit = off')
    // Side by side only when no batch can wait on a row an earlier batch wrote and has not yet
    // committed (that batch itself waits for it to commit: neither would go on). A scheduled run
    // writes in one transaction, and the embedded database has one connection.
    const writesAtOnce = useCopy && !writer && job.duplicates?.duplicatesInFile === 0 ? CONCURRENT_EVENT_BATCHES : 1
    const writes = new OrderedWrites(writesAtOnce)

    const prepare = async (rows: readonly SourceRow[]): Promise<PreparedBatch> => {
      const byId = new Map<string, EventRow>()
      const errors: RowError[] = []
      let rowsWithErrors = 0
      let unplacedRows = 0
      let supersededInBatch = 0
      for (let index = 0; index < rows.length; index++) {
        // Let the event loop feed the previous batch's COPY to the database while this one is built.
        if (index % YIELD_EVERY_ROWS === YIELD_EVERY_ROWS - 1) await yieldToEventLoop()
        const row = rows[index]!
        const buildStarted = performance.now()
        const built = build(row)
        clock.addSince('building', buildStarted)
        if (built.errors) {
          rowsWithErrors++
          errors.push(...built.errors)
          if (built.errors.some((error) => error.code === 'unplaced')) unplacedRows++
          continue
        }
        if (built.event.locationName && built.event.coordinateSource === 'none') unplacedRows++
        // Within one statement a unique id may appear once; for "update" the later row wins.
        if (byId.has(built.event.uniqueId)) {
          supersededInBatch++
          if (strategy.duplicateAction === 'skip') continue
          byId.delete(built.event.uniqueId)
        }
        byId.set(built.event.uniqueId, built.event)
      }
      const events = [...byId.values()]
      const serializeStarted = performance.now()
      const copyText = useCopy ? serializeEventsForCopy(events) : undefined
      clock.addSince('serializing', serializeStarted)
      return {
        events,
        copyText,
        supersededInBatch,
        errors,
        rowsWithErrors,
        unplacedRows,
        rows: rows.length,
        lastRow: rows.at(-1)?.rowNumber ?? checkpoint.lastRow,
      }
    }

    // The batch's events with people's hand edits kept, and the ones the file contradicts set aside.
    const withHandEdits = async (client: PoolClient, batch: PreparedBatch) => {
      const edited = mayMeetHandEdits
        ? await loadEditedEvents(
            client,
            datasetId,
            batch.events.map((event) => event.uniqueId),
          )
        : new Map<string, EditedEvent>()
      if (edited.size === 0)
        return { events: batch.events, copyText: batch.copyText, leftAlone: [], kept: 0, releases: [] }
      const events: EventRow[] = []
      const leftAlone: LeftAloneEvent[] = []
      const releases: Array<{ eventId: number; paths: HandEditConflict['field'][] }> = []
      let kept = 0
      for (const event of batch.events) {
        const existing = edited.get(event.uniqueId)
        if (!existing) {
          events.push(event)
          continue
        }
        const outcome = keepHandEdits(event, existing, mapping, takeFileValues)
        if (outcome.kind === 'left-alone') {
          leftAlone.push({
            eventId: existing.id,
            uniqueId: existing.uniqueId,
            row: event.sourceRow,
            title: existing.title,
            conflicts: outcome.conflicts,
          })
          continue
        }
        events.push(outcome.row)
        if (outcome.kept.length > 0) kept++
        if (outcome.released.length > 0) releases.push({ eventId: existing.id, paths: [...outcome.released] })
      }
      return { events, copyText: undefined, leftAlone, kept, releases }
    }

    // `earlier` settles when the batch before this one has committed: this one's counts and
    // checkpoint follow that batch's, and it rolls back when that batch failed or saw a cancel.
    const commit = async (batch: PreparedBatch, earlier: Promise<void>): Promise<void> => {
      if (batch.rows === 0) return earlier
      let waited: Promise<void> | undefined
      const earlierBatch = () => (waited ??= clock.time('waitingForEarlierBatch', () => earlier))
      const client = writer?.client ?? (await pool.connect())
      try {
        if (!writer) {
          await client.query('begin')
          // Each batch and its checkpoint commit together, so a batch lost to a database crash
          // before reaching the disk is simply written again on resume; no need to wait for the flush.
          if (useCopy) await client.query('set local synchronous_commit = off')
          if (writesAtOnce > 1) await client.query(`set local lock_timeout = '${CONCURRENT_LOCK_TIMEOUT}'`)
        }
        const merged = await clock.time('handEdits', () => withHandEdits(client, batch))
        await writer?.noteBatch(
          merged.events,
          batch.events.map((event) => event.uniqueId),
          strategy.duplicateAction === 'update',
        )
        const written = await clock.time('writing', () =>
          useCopy
            ? copyEventsBulk(client, merged.events, strategy.duplicateAction, {
                serialized: merged.copyText,
                earlierBatch,
              })
            : writeEventsBulk(client, merged.events, strategy.duplicateAction),
        )
        await earlierBatch()
        if (cancelled && !writer) {
          await client.query('rollback')
          return
        }
        const bookkeepingStarted = performance.now()
        await releaseHandEdits(client, merged.releases)
        const next = {
          ...counts,
          rowsRead: counts.rowsRead + batch.rows,
          eventsCreated: counts.eventsCreated + written.inserted,
          eventsUpdated: counts.eventsUpdated + written.updated,
          eventsUnchanged: counts.eventsUnchanged + written.unchanged,
          eventsLeftAlone: counts.eventsLeftAlone + merged.leftAlone.length,
          duplicatesSkipped: counts.duplicatesSkipped + written.skipped + batch.supersededInBatch,
          rowErrors: counts.rowErrors + batch.rowsWithErrors,
        }
        const nextReimport: ReimportReport = {
          eventsWithHandEditsKept: reimport.eventsWithHandEditsKept + merged.kept,
          handEditsReleased: reimport.handEditsReleased + merged.releases.length,
          leftAlone: [...reimport.leftAlone, ...merged.leftAlone].slice(0, STORED_LEFT_ALONE),
        }
        const nextCheckpoint = { lastRow: batch.lastRow, unplacedRows: checkpoint.unplacedRows + batch.unplacedRows }
        const room = STORED_ROW_ERRORS - storedErrors.length
        const nextErrors =
          room > 0 && batch.errors.length > 0 ? [...storedErrors, ...batch.errors.slice(0, room)] : storedErrors
        tracker.record(next.rowsRead)
        const { rows } = await client.query<{ status: string }>(
          `update import_jobs set counts_rows_read = $2, counts_events_created = $3,
             counts_duplicates_skipped = $4, counts_row_errors = $5, progress = $6::jsonb,
             errors = $7::jsonb, counts_events_updated = $8, counts_events_unchanged = $9,
             counts_events_left_alone = $10, reimport = $11::jsonb, heartbeat_at = now()
           where id = $1 returning status`,
          [
            job.id,
            next.rowsRead,
            next.eventsCreated,
            next.duplicatesSkipped,
            next.rowErrors,
            JSON.stringify(tracker.snapshot({ checkpoint: nextCheckpoint, timings: clock.timings() })),
            JSON.stringify(nextErrors),
            next.eventsUpdated,
            next.eventsUnchanged,
            next.eventsLeftAlone,
            JSON.stringify(nextReimport),
          ],
        )
        if (!writer) await client.query('commit')
        clock.addSince('bookkeeping', bookkeepingStarted)
        Object.assign(counts, next)
        reimport = nextReimport
        checkpoint = nextCheckpoint
        if (nextErrors !== storedErrors) storedErrors.splice(0, storedErrors.length, ...nextErrors)
        cancelled = rows[0]?.status === IMPORT_STATUS.CANCELLED
      } catch (error) {
        // A scheduled run's writer rolls back the whole run (below).
        if (!writer) await client.query('rollback').catch(() => undefined)
        throw error
      } finally {
        if (!writer) client.release()
      }
    }

    // Reading and preparing the next batch overlaps with the database writing the previous ones.
    let buffer: SourceRow[] = []
    const path = importFilePath(file)
    const reading = readRows(path, file.detection!, {
      sheet: job.sheetIndex,
      batchSize: 1000,
      startAfterRow: checkpoint.lastRow,
    })
    try {
      let readStarted = performance.now()
      for await (const rows of reading) {
        clock.addSince('reading', readStarted)
        buffer.push(...rows)
        if (buffer.length >= BATCH_SIZES.EVENT_CREATION) {
          const prepared = await prepare(buffer)
          buffer = []
          await clock.time('waitingForDatabase', () => writes.ready())
          if (cancelled) break
          await writes.start((earlier) => commit(prepared, earlier))
        }
        readStarted = performance.now()
      }
      if (!cancelled) {
        const last = await prepare(buffer)
        await clock.time('waitingForDatabase', () => writes.ready())
        if (!cancelled) await writes.start((earlier) => commit(last, earlier))
      }
      await clock.time('waitingForDatabase', () => writes.finish())
      if (writer && !cancelled) {
        const gone = await writer.settleGoneEvents(scheduledRun!.goneFromSource, counts.rowErrors)
        checkpoint = { ...checkpoint, scheduledRunSettled: true }
        await recordRunWrites(writer.client, {
          runId: scheduledRun!.runId,
          importJobId: job.id,
          counts,
          gone,
          changes: writer.listedChanges,
          progress: tracker.snapshot({ checkpoint, timings: clock.timings() }),
        })
        await writer.commit()
      } else {
        await writer?.rollback()
      }
    } catch (error) {
      // No batch may be left holding a connection (or committing) after the stage gave up.
      await writes.settle()
      await writer?.rollback()
      throw error
    }
    if (cancelled) return

    const summary =
      `${counts.eventsCreated} events created, ${counts.eventsUpdated} updated, ${counts.eventsUnchanged} unchanged, ` +
      `${counts.eventsLeftAlone} left alone, ${counts.duplicatesSkipped} duplicates skipped, ` +
      `${counts.rowErrors} rows with errors, of ${counts.rowsRead} rows`
    // The next import into this dataset starts from how this one read the file.
    await payload.update({
      collection: COLLECTION_NAMES.DATASETS,
      id: datasetId,
      data: {
        importSettings: rememberImportSettings(
          file.id,
          job.detectedSchema?.headers ?? [],
          mapping,
          file.options ?? {},
          new Date(),
        ),
      },
      depth: 0,
      overrideAccess: true,
    })
    await moveImportJob(payload, job, PROCESSING_STAGE.COMPLETED, summary, {
      progress: tracker.finish(counts.rowsRead, { checkpoint, timings: clock.timings() }),
      ...(job.geocoding ? { geocoding: { ...job.geocoding, unplacedRows: checkpoint.unplacedRows } } : {}),
    })
  },
)
