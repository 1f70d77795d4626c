/**
 * Import choices (how a column that could be read two ways is read) and the check that refuses
 * to start an import whose required choices have no answer: at upload with autoStart, at `start`,
 * and again in the schema-detection job. Each choice kind names the import option that answers it.
 * @module
 */
import { listSheets, type FormatDetectionResult } from '@chronotope/file-readers'
import { unansweredChoices, type ImportAnswers, type ImportChoice, type ImportChoiceKind } from '@chronotope/schema'

import { ApiError } from '../api/api-error'
import { detectSheetSchema } from './detect-sheet-schema'
import { isPermanentImportError } from './import-failure'
import type { ImportOptions } from './import-options'
import { withRememberedAnswers, type RememberedImportSettings } from './remembered-settings'

/** The import option that answers each kind of choice, column by column. */
export const CHOICE_OPTIONS: Readonly<Record<ImportChoiceKind, string>> = {
  'date-order': 'dateOrders',
  'coordinate-order': 'coordinateOrders',
}

/** Example answers, for the fix in a refusal. */
const ANSWER_EXAMPLES: Readonly<Record<ImportChoiceKind, string>> = {
  'date-order': '"DMY" for day first or "MDY" for month first (dateOrder answers every column at once)',
  'coordinate-order': '"lat-lon" or "lon-lat"',
}

/**
 * The answers an import's options give to its choices.
 * @example answersOf({ dateOrder: 'DMY', dateOrders: { Date: 'MDY' } }) // { dateOrder: 'DMY', dateOrders: { Date: 'MDY' } }
 */
export function answersOf(options: ImportOptions): ImportAnswers {
  return {
    ...(options.dateOrder ? { dateOrder: options.dateOrder } : {}),
    ...(options.dateOrders ? { dateOrders: options.dateOrders } : {}),
    ...(options.coordinateOrders ? { coordinateOrders: options.coordinateOrders } : {}),
  }
}

/** A required choice without an answer, with the sheet it is in. */
export interface UnansweredChoice {
  readonly sheet: string
  readonly choice: ImportChoice
}

/**
 * Why an import cannot start, naming every column still to be answered, its reason and the option
 * that answers it; undefined when nothing is missing.
 * @example describeUnanswered([{ sheet: 'Sheet1', choice }], false)
 * // 'Choose the date order of column "Date" before importing (undecided: …). Send dateOrders, e.g. {"Date":"DMY"}: …'
 */
export function describeUnanswered(unanswered: readonly UnansweredChoice[], isWorkbook: boolean): string | undefined {
  const first = unanswered[0]
  if (first === undefined) return undefined
  const kind = first.choice.kind
  const ofKind = unanswered.filter((entry) => entry.choice.kind === kind)
  const what = kind === 'date-order' ? 'date order' : 'coordinate order'
  const columns = ofKind
    .map(({ sheet, choice }) => `"${choice.column}"${isWorkbook ? ` (sheet "${sheet}")` : ''}: ${choice.reason}`)
    .join('; ')
  const example = JSON.stringify(
    Object.fromEntries(ofKind.map(({ choice }) => [choice.column, kind === 'date-order' ? 'DMY' : 'lat-lon'])),
  )
  const plural = ofKind.length > 1 ? 'columns' : 'column'
  return (
    `Choose the ${what} of ${plural} ${columns} before importing. ` +
    `Send ${CHOICE_OPTIONS[kind]}, e.g. ${example}, with ${ANSWER_EXAMPLES[kind]}`
  )
}

/** An error of the file system (`ENOENT`, `EIO`…), as Node gives them: a code and a system call. */
function isFileSystemError(error: unknown): boolean {
  const { code, syscall } = (error ?? {}) as { code?: unknown; syscall?: unknown }
  return typeof code === 'string' && typeof syscall === 'string'
}

/** What each kind's answers are about, for the refusal of an answer naming another column. */
const ANSWER_COLUMN_WORDS: Readonly<Record<ImportChoiceKind, string>> = {
  'date-order': 'date column',
  'coordinate-order': '"lat, lon" pair column',
}

/** Columns an answer of a kind names that no choice of that kind is about. */
function unknownAnswerColumns(
  choices: readonly ImportChoice[],
  answers: ImportAnswers,
  kind: ImportChoiceKind,
): string[] {
  const columns = new Set(choices.filter((choice) => choice.kind === kind).map((choice) => choice.column))
  const answered = kind === 'date-order' ? answers.dateOrders : answers.coordinateOrders
  return Object.keys(answered ?? {}).filter((column) => !columns.has(column))
}

/**
 * Refuses an import whose file has a required choice its options (or, for an import into an
 * existing dataset, the orders its last import used) do not answer, or whose `dateOrders` name
 * a column that is not a date column (`coordinateOrders` one that is not a pair column), before
 * anything is created. Reads each
 * sheet the import brings in as the schema-detection job will (see `detectSheetSchema`).
 * @throws {@link ApiError} 422 `choice-required` naming the columns, why, and the option to send;
 * 422 `unknown-column` for an answer about a column that no choice of its kind is about
 */
export async function enforceImportChoices(
  path: string,
  detection: FormatDetectionResult,
  options: ImportOptions,
  remembered?: RememberedImportSettings | null,
): Promise<void> {
  const answers = answersOf(options)
  const sheets =
    options.sheet === undefined
      ? (await listSheets(path, detection)).map((sheet): { key: number | string; name: string } => ({
          key: sheet.index,
          name: sheet.name,
        }))
      : [{ key: options.sheet, name: String(options.sheet) }]
  const unanswered: UnansweredChoice[] = []
  const choices: ImportChoice[] = []
  for (const sheet of sheets) {
    let schema
    try {
      ;({ schema } = await detectSheetSchema(path, detection, { sheet: sheet.key }))
    } catch (error) {
      // A file that cannot be read (broken, or gone from the disk) fails in the pipeline, which
      // reads it again and reports it with its own message and retries.
      if (isPermanentImportError(error) || isFileSystemError(error)) continue
      throw error
    }
    choices.push(...schema.choices)
    // The target dataset's remembered orders answer what this file leaves undecided.
    const sheetAnswers = answersOf(withRememberedAnswers(options, remembered, schema.choices))
    for (const choice of unansweredChoices(schema.choices, sheetAnswers)) unanswered.push({ sheet: sheet.name, choice })
  }
  for (const kind of ['date-order', 'coordinate-order'] as const) {
    const unknown = unknownAnswerColumns(choices, answers, kind)
    if (unknown.length === 0) continue
    const known = [...new Set(choices.filter((choice) => choice.kind === kind).map((choice) => choice.column))]
    const words = ANSWER_COLUMN_WORDS[kind]
    throw new ApiError(
      422,
      'unknown-column',
      `${CHOICE_OPTIONS[kind]} names ${unknown.map((column) => `"${column}"`).join(', ')}, which ${unknown.length > 1 ? `are not ${words}s` : `is not a ${words}`} of the file; ` +
        (known.length > 0
          ? `its ${words}s are ${known.map((column) => `"${column}"`).join(', ')}`
          : `it has no ${words}`),
      CHOICE_OPTIONS[kind],
    )
  }
  const message = describeUnanswered(unanswered, sheets.length > 1)
  if (message !== undefined) {
    throw new ApiError(422, 'choice-required', message, CHOICE_OPTIONS[unanswered[0]!.choice.kind])
  }
}
