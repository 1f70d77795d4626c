/**
 * The options a user chooses in the import preview, and the JSON body they become for
 * `POST /api/import/{importId}/start`.
 * @module
 */
import type { CoordinateOrder } from '@chronotope/coordinates'
import type { DateOrder } from '@chronotope/dates'

import type { MappingOverride } from './column-roles'
import type { ImportChoice } from './import-types'

/** How events are recognised on re-import, as the API names the strategies. */
export type IdStrategy = 'auto' | 'external' | 'content-hash'

/** What the preview's options form holds. */
export interface ImportChoices {
  /** `all`: every sheet becomes its own dataset; a number: only that sheet (index from 0). */
  readonly sheet: 'all' | number
  /**
   * The date orders the user picked, by column; a column not listed keeps the order its values
   * decide (and one they do not decide must be listed before the import can start).
   */
  readonly dateOrders: Readonly<Record<string, DateOrder>>
  /** The pair orders the user picked for "lat, lon" columns, by column; like `dateOrders`. */
  readonly coordinateOrders: Readonly<Record<string, CoordinateOrder>>
  readonly idStrategy: IdStrategy
  /** The column holding the external id (`idStrategy: external`). */
  readonly idField: string
  readonly duplicateAction: 'skip' | 'update'
  /** On update: keep what people corrected by hand where the file contradicts it (else take the file's values). */
  readonly keepHandEdits: boolean
  /** `default` follows the dataset's geocoding setting. */
  readonly geocode: 'default' | 'yes' | 'no'
}

/** The choices before the user changes anything. */
export const DEFAULT_CHOICES: ImportChoices = {
  sheet: 'all',
  dateOrders: {},
  coordinateOrders: {},
  idStrategy: 'auto',
  idField: '',
  duplicateAction: 'skip',
  keepHandEdits: true,
  geocode: 'default',
}

/** The JSON body of the start request; absent keys keep what Chronotope detected. */
export interface StartImportBody {
  sheet?: number
  mapping?: MappingOverride
  /** Per sheet (index from 0), for a workbook imported whole whose sheets were given different roles. */
  sheetMappings?: Record<string, MappingOverride>
  dateOrders?: Record<string, DateOrder>
  coordinateOrders?: Record<string, CoordinateOrder>
  idStrategy?: IdStrategy
  idField?: string
  duplicateAction?: 'skip' | 'update'
  keepHandEdits?: boolean
  geocode?: boolean
}

/** The options a dataset remembers from its last import, as the preview answers them. */
export interface RememberedChoices {
  /** The order of every date column (the all-columns shorthand). */
  readonly dateOrder?: DateOrder
  /** The order of each date column, by name. */
  readonly dateOrders?: Readonly<Record<string, DateOrder>>
  /** The pair order of each "lat, lon" column, by name. */
  readonly coordinateOrders?: Readonly<Record<string, CoordinateOrder>>
  readonly idStrategy?: IdStrategy
  readonly idField?: string
  readonly duplicateAction?: 'skip' | 'update'
  readonly keepHandEdits?: boolean
  readonly geocode?: boolean
}

/**
 * The choices an import into a dataset starts from: what its last import chose, its date and pair
 * orders only for the columns this file's values leave undecided.
 * @param dateColumns - the previewed file's undecided date columns
 * @param pairColumns - the previewed file's undecided "lat, lon" columns
 * @example choicesFromRemembered(DEFAULT_CHOICES, { duplicateAction: 'update' }, []).duplicateAction // 'update'
 */
export function choicesFromRemembered(
  choices: ImportChoices,
  remembered: RememberedChoices,
  dateColumns: readonly string[],
  pairColumns: readonly string[] = [],
): ImportChoices {
  const dateOrders: Record<string, DateOrder> = { ...choices.dateOrders }
  for (const column of dateColumns) {
    const order = remembered.dateOrders?.[column] ?? remembered.dateOrder
    if (order && dateOrders[column] === undefined) dateOrders[column] = order
  }
  const coordinateOrders: Record<string, CoordinateOrder> = { ...choices.coordinateOrders }
  for (const column of pairColumns) {
    const order = remembered.coordinateOrders?.[column]
    if (order && coordinateOrders[column] === undefined) coordinateOrders[column] = order
  }
  return {
    ...choices,
    dateOrders,
    coordinateOrders,
    ...(remembered.idStrategy ? { idStrategy: remembered.idStrategy } : {}),
    ...(remembered.idField ? { idField: remembered.idField } : {}),
    ...(remembered.duplicateAction ? { duplicateAction: remembered.duplicateAction } : {}),
    ...(remembered.keepHandEdits !== undefined ? { keepHandEdits: remembered.keepHandEdits } : {}),
    ...(remembered.geocode !== undefined ? { geocode: remembered.geocode ? 'yes' : 'no' } : {}),
  }
}

/**
 * What stops the choices from starting an import, as sentences naming the option to fix: a date
 * or "lat, lon" column whose order its values do not decide and the user has not chosen, an id
 * column missing.
 * @param columnChoices - the preview's date-order and coordinate-order choices
 * @example choiceProblems({ ...DEFAULT_CHOICES, idStrategy: 'external' }) // ['Choose the column that holds the id…']
 */
export function choiceProblems(choices: ImportChoices, columnChoices: readonly ImportChoice[] = []): string[] {
  const problems = columnChoices.flatMap((choice) => {
    if (!choice.isRequired) return []
    if (choice.kind === 'date-order')
      return choices.dateOrders[choice.column] === undefined
        ? [`Choose the date order of “${choice.column}”: no value in the file tells day first from month first`]
        : []
    return choices.coordinateOrders[choice.column] === undefined
      ? [
          `Choose the coordinate order of “${choice.column}”: no value in the file tells latitude first from longitude first`,
        ]
      : []
  })
  if (choices.idStrategy === 'external' && !choices.idField) {
    problems.push('Choose the column that holds the id, or recognise events another way')
  }
  return problems
}

/**
 * The start request's body: only what the user chose, so everything else keeps its detected
 * or dataset default.
 * @param sheetMappings - a workbook imported whole: each sheet's own overrides, by sheet index
 * @example buildStartBody({ ...DEFAULT_CHOICES, sheet: 1, dateOrders: { Date: 'DMY' } }, undefined)
 * // { sheet: 1, dateOrders: { Date: 'DMY' }, idStrategy: 'auto', duplicateAction: 'skip' }
 */
export function buildStartBody(
  choices: ImportChoices,
  mapping: MappingOverride | undefined,
  sheetMappings: Readonly<Record<string, MappingOverride>> = {},
): StartImportBody {
  const body: StartImportBody = {}
  if (choices.sheet !== 'all') body.sheet = choices.sheet
  if (mapping) body.mapping = mapping
  if (choices.sheet === 'all' && Object.keys(sheetMappings).length > 0) body.sheetMappings = { ...sheetMappings }
  if (Object.keys(choices.dateOrders).length > 0) body.dateOrders = { ...choices.dateOrders }
  if (Object.keys(choices.coordinateOrders).length > 0) body.coordinateOrders = { ...choices.coordinateOrders }
  body.idStrategy = choices.idStrategy
  if (choices.idStrategy === 'external' && choices.idField) body.idField = choices.idField
  body.duplicateAction = choices.duplicateAction
  if (choices.duplicateAction === 'update' && !choices.keepHandEdits) body.keepHandEdits = false
  if (choices.geocode !== 'default') body.geocode = choices.geocode === 'yes'
  return body
}
