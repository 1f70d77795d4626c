/**
 * Progress tracking math: rows done/total per stage, rows per second and the time left. Pure: the
 * caller passes the clock, the app stores the result on the import job.
 * @module
 */
import { PROCESSING_STAGE, ROW_STAGES, type ProcessingStage } from './stages'

/** Product type "progress info": how far one stage of one import job has got. */
export interface ProgressInfo {
  /** Rows (or, for geocoding, distinct places) handled so far. */
  readonly rowsDone: number
  /** Rows to handle in all; null while unknown (before the file was counted). */
  readonly rowsTotal: number | null
  /** When the stage started (ISO 8601). */
  readonly startedAt: string
  /** When the numbers were last updated (ISO 8601). */
  readonly updatedAt: string
  /** When the stage finished (ISO 8601), if it has. */
  readonly finishedAt?: string
  /** Rows done when this run of the stage began: a stage resumed after a crash starts above zero. */
  readonly rowsDoneAtStart: number
  /** When this run of the stage began (ISO 8601); the rate is measured from here. */
  readonly runStartedAt: string
  /** Average rows per second of this run; null until a row is done. */
  readonly rowsPerSecond: number | null
  /** Seconds left at the current rate; null when the total or the rate is unknown. */
  readonly etaSeconds: number | null
}

/** Progress of every stage an import job has reached. */
export type StageProgressMap = Partial<Record<ProcessingStage, ProgressInfo>>

/**
 * Starts (or resumes) a stage's progress.
 * @param previous - the stage's progress from an earlier, interrupted run, if any
 * @example startProgress(1000, new Date(0)).rowsDone // 0
 */
export function startProgress(rowsTotal: number | null, now: Date, previous?: ProgressInfo): ProgressInfo {
  const at = now.toISOString()
  const rowsDone = previous && !previous.finishedAt ? previous.rowsDone : 0
  return {
    rowsDone,
    rowsTotal,
    startedAt: previous && !previous.finishedAt ? previous.startedAt : at,
    updatedAt: at,
    rowsDoneAtStart: rowsDone,
    runStartedAt: at,
    rowsPerSecond: null,
    etaSeconds: null,
  }
}

/**
 * Records rows done and recomputes the rate and the time left.
 * @example advanceProgress(startProgress(100, new Date(0)), 50, new Date(1000)).etaSeconds // 1
 */
export function advanceProgress(
  progress: ProgressInfo,
  rowsDone: number,
  now: Date,
  rowsTotal: number | null = progress.rowsTotal,
): ProgressInfo {
  const elapsedSeconds = (now.getTime() - Date.parse(progress.runStartedAt)) / 1000
  const rowsThisRun = rowsDone - progress.rowsDoneAtStart
  const rowsPerSecond = elapsedSeconds > 0 && rowsThisRun > 0 ? rowsThisRun / elapsedSeconds : null
  const rowsLeft = rowsTotal === null ? null : Math.max(0, rowsTotal - rowsDone)
  return {
    ...progress,
    rowsDone,
    rowsTotal,
    updatedAt: now.toISOString(),
    rowsPerSecond: rowsPerSecond === null ? null : Math.round(rowsPerSecond * 10) / 10,
    etaSeconds: rowsLeft === null || rowsPerSecond === null ? null : Math.ceil(rowsLeft / rowsPerSecond),
  }
}

/**
 * Marks a stage as finished, its total set to what was done.
 * @example finishProgress(startProgress(null, new Date(0)), 7, new Date(1000)).rowsTotal // 7
 */
export function finishProgress(progress: ProgressInfo, rowsDone: number, now: Date): ProgressInfo {
  return { ...advanceProgress(progress, rowsDone, now, rowsDone), etaSeconds: 0, finishedAt: now.toISOString() }
}

// How much of the whole import each row stage stands for, roughly by the time each takes.
const STAGE_WEIGHTS: Partial<Record<ProcessingStage, number>> = {
  [PROCESSING_STAGE.SCHEMA_DETECTION]: 0.05,
  [PROCESSING_STAGE.ANALYZE_DUPLICATES]: 0.2,
  [PROCESSING_STAGE.GEOCODE_BATCH]: 0.15,
  [PROCESSING_STAGE.CREATE_EVENTS]: 0.6,
}

/**
 * The whole import's progress in percent (0–100), weighting each row stage by its usual share of
 * the time. Stages not run (no geocoding needed) count as done once a later stage started.
 * @example overallPercent({}, 'completed') // 100
 */
export function overallPercent(progress: StageProgressMap, currentStage: ProcessingStage): number {
  if (currentStage === PROCESSING_STAGE.COMPLETED) return 100
  const currentIndex = ROW_STAGES.indexOf(currentStage)
  let done = 0
  let total = 0
  ROW_STAGES.forEach((stage, index) => {
    const weight = STAGE_WEIGHTS[stage] ?? 0
    total += weight
    const info = progress[stage]
    if (info?.finishedAt) done += weight
    else if (info && info.rowsTotal) done += weight * Math.min(1, info.rowsDone / info.rowsTotal)
    else if (!info && currentIndex > index) done += weight
  })
  return total === 0 ? 0 : Math.min(99, Math.floor((done / total) * 100))
}
