/**
 * Errors that end an import job at once instead of being retried: retrying cannot fix them.
 * @module
 */

/** An import cannot go on, for a reason a user can read and act on (thrown by the pipeline). */
export class ImportFailure extends Error {
  constructor(message: string) {
    super(message)
    this.name = 'ImportFailure'
  }
}

// Errors of the file readers and the stage table that describe the input, not a passing fault.
const PERMANENT_ERRORS = new Set([
  'ImportFailure',
  'UnsupportedFormat',
  'MalformedFile',
  'ZipBombDetected',
  'TooManyColumns',
  'TooManySheets',
  'SheetNotFound',
  'InvalidStageTransition',
])

/**
 * Whether an error describes the input (fail now) rather than a passing fault (retry).
 * @example isPermanentImportError(new ImportFailure('no rows')) // true
 */
export function isPermanentImportError(error: unknown): boolean {
  return error instanceof Error && PERMANENT_ERRORS.has(error.name)
}
