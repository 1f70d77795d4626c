/**
 * A dataset remembers how its last import read the file (the column roles the user settled on,
 * the date and coordinate orders, how events are recognised), and the next import into it starts from that
 * instead of guessing again, so a correction made once is not undone by every re-import.
 * @module
 */
import type { CoordinateOrder } from '@chronotope/coordinates'
import type { DateOrder } from '@chronotope/dates'
import type { EventMapping, ImportChoice } from '@chronotope/schema'

import type { ImportOptions } from './import-options'

/** The import options a dataset remembers for its next import. */
export type RememberedOptions = Pick<
  ImportOptions,
  | 'dateOrder'
  | 'dateOrders'
  | 'coordinateOrders'
  | 'idStrategy'
  | 'idField'
  | 'hashFields'
  | 'duplicateAction'
  | 'keepHandEdits'
  | 'geocode'
>

/** What a dataset keeps of its last completed import (`datasets.importSettings`). */
export interface RememberedImportSettings {
  /** The import file it came from. */
  readonly importId: number
  /** When that import completed (ISO 8601). */
  readonly at: string
  /** The sheet's columns then: a column not among them is new and keeps its detected role. */
  readonly headers: readonly string[]
  readonly mapping: EventMapping
  readonly options: RememberedOptions
}

/** The roles of an event mapping, each taken from the remembered mapping or detected anew. */
const ROLE_KEYS = ['id', 'title', 'description', 'startTime', 'endTime', 'location'] as const

type RoleKey = (typeof ROLE_KEYS)[number]

/** The detected mapping with the remembered roles applied, and which roles came from where. */
export interface RememberedMapping {
  readonly mapping: EventMapping
  /** Roles set as in the last import. */
  readonly kept: readonly RoleKey[]
  /** Remembered roles whose columns the file no longer has: detected anew. */
  readonly dropped: readonly RoleKey[]
}

function columnsOf(key: RoleKey, mapping: Partial<EventMapping>): string[] {
  const value = mapping[key]
  if (value === undefined || value === null) return []
  if (typeof value === 'string') return [value]
  if (key === 'startTime' || key === 'endTime') {
    const time = value as NonNullable<EventMapping['startTime']>
    return 'field' in time ? [time.field] : (Object.values(time.parts) as Array<string | undefined>).filter(isText)
  }
  const location = value as EventMapping['location']
  return [
    location.latitude,
    location.longitude,
    location.combined,
    ...(Object.values(location.address ?? {}) as Array<string | undefined>),
  ].filter(isText)
}

function isText(value: string | undefined): value is string {
  return typeof value === 'string' && value !== ''
}

/**
 * Starts from the roles the dataset's last import used. A remembered role whose columns are all
 * in the file is taken as it was; a role the user had left empty stays empty unless the column
 * detected for it is new to the file; a remembered role whose columns are gone is detected anew.
 * Date orders are not taken here: they answer the file's undecided columns (see
 * {@link withRememberedAnswers}), so a file whose own values decide an order is read by them.
 * @example applyRememberedMapping(detected, remembered, headers).kept // ['title', 'startTime', 'location']
 */
export function applyRememberedMapping(
  detected: EventMapping,
  remembered: RememberedImportSettings,
  headers: readonly string[],
): RememberedMapping {
  const present = new Set(headers)
  const known = new Set(remembered.headers)
  const mapping: Record<string, unknown> = { ...detected }
  const kept: RoleKey[] = []
  const dropped: RoleKey[] = []
  for (const key of ROLE_KEYS) {
    const columns = columnsOf(key, remembered.mapping)
    const detectedColumns = columnsOf(key, detected)
    if (columns.length > 0 && columns.every((column) => present.has(column))) {
      mapping[key] = remembered.mapping[key]
      kept.push(key)
    } else if (columns.length > 0) {
      dropped.push(key)
    } else if (detectedColumns.length > 0 && detectedColumns.every((column) => known.has(column))) {
      // The user saw these columns last time and gave none of them this role.
      if (key === 'location') mapping.location = remembered.mapping.location
      else delete mapping[key]
      kept.push(key)
    }
  }
  return { mapping: mapping as unknown as EventMapping, kept, dropped }
}

/** The id strategy an import resolved (`import-jobs.mapping.idStrategy`), as far as it is remembered. */
interface ResolvedStrategy {
  readonly type: 'external' | 'content-hash'
  readonly externalIdField?: string
  readonly hashFields: readonly string[]
  readonly duplicateAction: 'skip' | 'update'
}

/**
 * What a completed import leaves its dataset for the next one: its mapping, and the options it
 * ran with (what the user chose, else what it resolved, e.g. the dataset's duplicate action).
 * @example rememberImportSettings(12, headers, job.mapping, file.options, new Date()).options.duplicateAction // 'update'
 */
export function rememberImportSettings(
  importId: number,
  headers: readonly string[],
  mapping: EventMapping & { readonly idStrategy?: ResolvedStrategy },
  chosen: ImportOptions,
  at: Date,
): RememberedImportSettings {
  const { idStrategy: resolved, ...eventMapping } = mapping
  // Every date column's order as this import read it, decided by its values or chosen.
  const applied = mapping.dateOrders ?? {}
  // Every pair column's order too.
  const pairOrders = mapping.coordinateOrders ?? {}
  const options: ImportOptions = {
    ...(Object.keys(applied).length > 0 ? { dateOrders: applied } : {}),
    ...(Object.keys(pairOrders).length > 0 ? { coordinateOrders: pairOrders } : {}),
    ...(resolved
      ? {
          idStrategy: chosen.idStrategy ?? 'auto',
          duplicateAction: resolved.duplicateAction,
          ...(resolved.type === 'external' && resolved.externalIdField ? { idField: resolved.externalIdField } : {}),
          ...(resolved.hashFields.length > 0 ? { hashFields: resolved.hashFields } : {}),
        }
      : {}),
    ...chosen,
  }
  const remembered: Record<string, unknown> = {}
  for (const key of [
    'dateOrder',
    'dateOrders',
    'coordinateOrders',
    'idStrategy',
    'idField',
    'hashFields',
    'duplicateAction',
    'keepHandEdits',
    'geocode',
  ] as const) {
    if (options[key] !== undefined) remembered[key] = options[key]
  }
  return { importId, at: at.toISOString(), headers: [...headers], mapping: eventMapping, options: remembered }
}

/**
 * The import's options with the dataset's remembered date and pair orders answering the columns that
 * this file's values leave undecided and the user did not answer: a monthly file whose dates all
 * fit both orders is read as the dataset always was. Columns the values decide are left to them.
 * @example withRememberedAnswers({}, remembered, [undecidedDateChoice]).dateOrders // { Date: 'DMY' }
 */
export function withRememberedAnswers(
  options: ImportOptions,
  remembered: RememberedImportSettings | null | undefined,
  choices: readonly ImportChoice[],
): ImportOptions {
  if (!remembered) return options
  const dates: Record<string, DateOrder> = {}
  const pairs: Record<string, CoordinateOrder> = {}
  for (const choice of choices) {
    if (!choice.isRequired) continue
    if (choice.kind === 'date-order') {
      if (options.dateOrder || options.dateOrders?.[choice.column]) continue
      const order = remembered.options.dateOrders?.[choice.column] ?? remembered.options.dateOrder
      if (order) dates[choice.column] = order
    } else if (!options.coordinateOrders?.[choice.column]) {
      const order = remembered.options.coordinateOrders?.[choice.column]
      if (order) pairs[choice.column] = order
    }
  }
  return {
    ...options,
    ...(Object.keys(dates).length > 0 ? { dateOrders: { ...dates, ...options.dateOrders } } : {}),
    ...(Object.keys(pairs).length > 0 ? { coordinateOrders: { ...pairs, ...options.coordinateOrders } } : {}),
  }
}
