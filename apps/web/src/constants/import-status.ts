/**
 * The overall status of an import job (pending, processing, awaiting approval, completed, failed,
 * cancelled). Defined in `@chronotope/import-stages`, whose stage rules use it too.
 * @module
 */
export { FINAL_IMPORT_STATUSES, IMPORT_STATUS, type ImportStatus } from '@chronotope/import-stages'
