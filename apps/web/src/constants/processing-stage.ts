/**
 * The stages an import job moves through, in order. Defined in `@chronotope/import-stages`, whose
 * stage transition table decides which moves between them are allowed.
 * @module
 */
export { PROCESSING_STAGE, PROCESSING_STAGE_ORDER, ROW_STAGES, type ProcessingStage } from '@chronotope/import-stages'
