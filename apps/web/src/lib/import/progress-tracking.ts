/**
 * Progress tracking: records a running stage's rows done/total, rate and ETA on its import job,
 * at most about once a second, with a heartbeat that tells other workers the stage is alive.
 * @module
 */
import { advanceProgress, finishProgress, startProgress, type ProgressInfo } from '@chronotope/import-stages'
import type { Payload } from 'payload'
import type { Pool } from 'pg'

import type { ProcessingStage } from '../../constants/processing-stage'
import type { ImportJobDoc, StoredProgress } from './import-documents'

const WRITE_INTERVAL_MS = 1000

/** The `pg` pool behind Payload's database adapter, for the pipeline's hot-path SQL. */
export function databasePool(payload: Payload): Pool {
  return (payload.db as unknown as { pool: Pool }).pool
}

/** Tracks one stage of one import job and saves its progress now and then. */
export class StageProgressTracker {
  private info: ProgressInfo
  private progress: StoredProgress
  private lastWriteMs = 0

  constructor(
    private readonly pool: Pool,
    private readonly jobId: number,
    private readonly stage: ProcessingStage,
    job: ImportJobDoc,
    rowsTotal: number | null,
  ) {
    this.progress = job.progress ?? { stages: {} }
    this.info = startProgress(rowsTotal, new Date(), this.progress.stages[stage])
  }

  /** Rows done when this run started (above zero when an interrupted stage resumes). */
  get rowsDoneAtStart(): number {
    return this.info.rowsDoneAtStart
  }

  /** The stored progress with this stage's latest numbers. */
  snapshot(extra: Partial<StoredProgress> = {}): StoredProgress {
    this.progress = { ...this.progress, ...extra, stages: { ...this.progress.stages, [this.stage]: this.info } }
    return this.progress
  }

  /** Records rows done without saving (the caller saves the snapshot itself, e.g. in its transaction). */
  record(rowsDone: number, rowsTotal?: number | null): void {
    this.info = advanceProgress(
      this.info,
      rowsDone,
      new Date(),
      rowsTotal === undefined ? this.info.rowsTotal : rowsTotal,
    )
  }

  /** Records rows done; saves (with a heartbeat) when a second has passed since the last save. */
  async advance(rowsDone: number, rowsTotal?: number | null): Promise<void> {
    this.record(rowsDone, rowsTotal)
    if (Date.now() - this.lastWriteMs < WRITE_INTERVAL_MS) return
    await this.save()
  }

  /** Saves the progress and a heartbeat now. */
  async save(): Promise<void> {
    this.lastWriteMs = Date.now()
    await this.pool.query(`update import_jobs set progress = $1::jsonb, heartbeat_at = now() where id = $2`, [
      JSON.stringify(this.snapshot()),
      this.jobId,
    ])
  }

  /** Marks the stage finished and returns the progress to save with the stage transition. */
  finish(rowsDone: number, extra: Partial<StoredProgress> = {}): StoredProgress {
    this.info = finishProgress(this.info, rowsDone, new Date())
    return this.snapshot(extra)
  }
}
