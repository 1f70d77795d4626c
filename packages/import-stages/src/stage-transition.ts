/**
 * The stage transition table: which moves between processing stages are allowed. The app's stage
 * transition service loads an import job, asks {@link transitionStage}, and saves the result.
 * @module
 */
import { IMPORT_STATUS, PROCESSING_STAGE as S, type ImportStatus, type ProcessingStage } from './stages'

const STAGES_THAT_RUN: readonly ProcessingStage[] = [
  S.DATASET_DETECTION,
  S.SCHEMA_DETECTION,
  S.VALIDATE_SCHEMA,
  S.CREATE_SCHEMA_VERSION,
  S.ANALYZE_DUPLICATES,
  S.GEOCODE_BATCH,
  S.CREATE_EVENTS,
]

/**
 * Allowed next stages for each stage. Every working stage may fail; a failed job may be retried
 * from any working stage (the one it failed in, or an earlier one when its options changed).
 */
export const STAGE_TRANSITIONS: Readonly<Record<ProcessingStage, readonly ProcessingStage[]>> = {
  [S.DATASET_DETECTION]: [S.SCHEMA_DETECTION, S.FAILED],
  [S.SCHEMA_DETECTION]: [S.VALIDATE_SCHEMA, S.FAILED],
  [S.VALIDATE_SCHEMA]: [S.CREATE_SCHEMA_VERSION, S.AWAITING_APPROVAL, S.FAILED],
  [S.AWAITING_APPROVAL]: [S.CREATE_SCHEMA_VERSION, S.SCHEMA_DETECTION, S.FAILED],
  [S.CREATE_SCHEMA_VERSION]: [S.ANALYZE_DUPLICATES, S.FAILED],
  [S.ANALYZE_DUPLICATES]: [S.GEOCODE_BATCH, S.CREATE_EVENTS, S.FAILED],
  [S.GEOCODE_BATCH]: [S.CREATE_EVENTS, S.FAILED],
  [S.CREATE_EVENTS]: [S.COMPLETED, S.FAILED],
  [S.COMPLETED]: [],
  [S.FAILED]: STAGES_THAT_RUN,
}

/** Thrown when a transition is not in {@link STAGE_TRANSITIONS}. */
export class InvalidStageTransition extends Error {
  /** The stage the job was in. */
  readonly from: ProcessingStage
  /** The stage it was asked to move to. */
  readonly to: ProcessingStage

  constructor(from: ProcessingStage, to: ProcessingStage) {
    const allowed = STAGE_TRANSITIONS[from]
    super(
      `An import job cannot move from ${from} to ${to}; from ${from} it may move to ` +
        (allowed.length > 0 ? allowed.join(', ') : 'nothing (it is final)'),
    )
    this.name = 'InvalidStageTransition'
    this.from = from
    this.to = to
  }
}

/** Product type "stage transition result": the recorded move and the status it implies. */
export interface StageTransitionResult {
  readonly from: ProcessingStage
  readonly to: ProcessingStage
  /** The import status the job has after the move. */
  readonly status: ImportStatus
  /** When the move happened (ISO 8601). */
  readonly at: string
  /** Why, in words a user can read in the job's history. */
  readonly reason: string
}

/**
 * Whether an import job may move from one stage to another.
 * @example canTransition('analyze-duplicates', 'create-events') // true
 * @example canTransition('geocode-batch', 'completed') // false
 */
export function canTransition(from: ProcessingStage, to: ProcessingStage): boolean {
  return STAGE_TRANSITIONS[from].includes(to)
}

/**
 * The import status a stage implies.
 * @example statusForStage('awaiting-approval') // 'awaiting-approval'
 */
export function statusForStage(stage: ProcessingStage): ImportStatus {
  if (stage === S.AWAITING_APPROVAL) return IMPORT_STATUS.AWAITING_APPROVAL
  if (stage === S.COMPLETED) return IMPORT_STATUS.COMPLETED
  if (stage === S.FAILED) return IMPORT_STATUS.FAILED
  return IMPORT_STATUS.PROCESSING
}

/**
 * Checks and describes a move between stages.
 * @param at - the time of the move (passed in so this stays pure)
 * @throws {@link InvalidStageTransition} when the move is not allowed
 * @example transitionStage('schema-detection', 'validate-schema', 'schema detected', new Date(0)).status // 'processing'
 */
export function transitionStage(
  from: ProcessingStage,
  to: ProcessingStage,
  reason: string,
  at: Date,
): StageTransitionResult {
  if (!canTransition(from, to)) throw new InvalidStageTransition(from, to)
  return { from, to, status: statusForStage(to), at: at.toISOString(), reason }
}
