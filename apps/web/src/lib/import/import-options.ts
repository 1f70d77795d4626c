/**
 * The options a user gives with an upload, read from the form fields and validated with errors
 * that name the field.
 * @module
 */
import type { CoordinateOrder } from '@chronotope/coordinates'
import type { DateOrder } from '@chronotope/dates'
import type { EventMapping } from '@chronotope/schema'

import { ApiError } from '../api/api-error'
import type { GoneFromSourceAction } from '../scheduled-imports/scheduled-import-types'

/** Options of one upload; every one is optional and overrides what was detected. */
export interface ImportOptions {
  /** Import only this sheet (index from 0, or name); default every sheet. */
  readonly sheet?: number | string
  /** Column mapping overrides: which columns hold the time, title, place, id… */
  readonly mapping?: Partial<EventMapping>
  /**
   * A workbook's mapping overrides per sheet (key: the sheet's index from 0), for sheets whose
   * columns differ; a sheet named here uses its own instead of `mapping`.
   */
  readonly sheetMappings?: Readonly<Record<string, Partial<EventMapping>>>
  /** Order of every date column's numeric dates (the all-columns shorthand of `dateOrders`). */
  readonly dateOrder?: DateOrder
  /** Order of numeric dates by column; wins over `dateOrder`. Required for columns no value decides. */
  readonly dateOrders?: Readonly<Record<string, DateOrder>>
  /**
   * Pair order of "lat, lon" columns by column (`lat-lon` or `lon-lat`). Required for a pair column
   * whose values all fit both orders.
   */
  readonly coordinateOrders?: Readonly<Record<string, CoordinateOrder>>
  /** How events are recognised on re-import. */
  readonly idStrategy?: 'auto' | 'external' | 'content-hash'
  /** Column holding the external id (`idStrategy: external`). */
  readonly idField?: string
  /** Columns hashed (`idStrategy: content-hash`). */
  readonly hashFields?: readonly string[]
  /** What a duplicate does. */
  readonly duplicateAction?: 'skip' | 'update'
  /**
   * On `update`, whether fields people changed by hand keep their value when the file changed
   * them too (default true: such events are left alone and listed); false takes the file's values.
   */
  readonly keepHandEdits?: boolean
  /** Geocode places without coordinates (default: the dataset's setting). */
  readonly geocode?: boolean
  /** The existing dataset to import into; set by the upload route once it checked the user may. */
  readonly datasetId?: number
  /**
   * Set by the scheduler only (never read from a form): the scheduled run this import is, and what
   * it does to events gone from the source. Its events are then written in one transaction.
   */
  readonly scheduledRun?: { readonly runId: number; readonly goneFromSource: GoneFromSourceAction }
}

/** The `dateOrder` values an upload takes. */
export const DATE_ORDERS = ['MDY', 'DMY', 'YMD'] as const
/** The `coordinateOrders` values an upload takes. */
export const COORDINATE_ORDERS = ['lat-lon', 'lon-lat'] as const
/** The `idStrategy` values an upload takes. */
export const ID_STRATEGIES = ['auto', 'external', 'content-hash'] as const
/** The `duplicateAction` values an upload takes. */
export const DUPLICATE_ACTIONS = ['skip', 'update'] as const

function oneOf<T extends string>(
  fields: Readonly<Record<string, string>>,
  name: string,
  allowed: readonly T[],
): T | undefined {
  const raw = fields[name]?.trim()
  if (!raw) return undefined
  const value = (name === 'dateOrder' ? raw.toUpperCase() : raw) as T
  if (!allowed.includes(value)) {
    throw new ApiError(400, 'invalid-option', `${name} must be one of ${allowed.join(', ')}; got "${raw}"`, name)
  }
  return value
}

function booleanOption(fields: Readonly<Record<string, string>>, name: string): 'true' | 'false' | undefined {
  const raw = fields[name]?.trim().toLowerCase()
  if (!raw) return undefined
  if (raw !== 'true' && raw !== 'false') {
    throw new ApiError(400, 'invalid-option', `${name} must be true or false; got "${fields[name]}"`, name)
  }
  return raw
}

function parseJsonObject(raw: string | undefined, name: string, example: string): object | undefined {
  if (!raw?.trim()) return undefined
  let value: unknown
  try {
    value = JSON.parse(raw)
  } catch (error) {
    throw new ApiError(
      400,
      'invalid-option',
      `${name} must be a JSON object such as ${example}; ${(error as Error).message}`,
      name,
    )
  }
  if (!value || typeof value !== 'object' || Array.isArray(value)) {
    throw new ApiError(400, 'invalid-option', `${name} must be a JSON object such as ${example}`, name)
  }
  return value
}

function parseMapping(raw: string | undefined): Partial<EventMapping> | undefined {
  return parseJsonObject(raw, 'mapping', '{"title":"name"}')
}

function parseSheetMappings(raw: string | undefined): Record<string, Partial<EventMapping>> | undefined {
  const value = parseJsonObject(raw, 'sheetMappings', '{"0":{"title":"name"},"1":{"title":"headline"}}')
  if (!value) return undefined
  for (const [sheet, mapping] of Object.entries(value)) {
    if (!/^\d+$/.test(sheet) || !mapping || typeof mapping !== 'object' || Array.isArray(mapping)) {
      throw new ApiError(
        400,
        'invalid-option',
        `sheetMappings must map sheet indexes (0, 1, …) to mapping objects; got "${sheet}"`,
        'sheetMappings',
      )
    }
  }
  return value as Record<string, Partial<EventMapping>>
}

/**
 * The options one sheet of a workbook imports with: its own mapping overrides when
 * `sheetMappings` names it, else the file's.
 * @example optionsForSheet({ mapping: { title: 'a' }, sheetMappings: { '1': { title: 'b' } } }, 1).mapping // { title: 'b' }
 */
export function optionsForSheet(options: ImportOptions, sheetIndex: number): ImportOptions {
  const own = options.sheetMappings?.[String(sheetIndex)]
  return own ? { ...options, mapping: own } : options
}

function parseDateOrders(raw: string | undefined): Record<string, DateOrder> | undefined {
  const value = parseJsonObject(raw, 'dateOrders', '{"Date":"DMY"}')
  if (!value) return undefined
  const orders: Record<string, DateOrder> = {}
  for (const [column, order] of Object.entries(value as Record<string, unknown>)) {
    const normalized = typeof order === 'string' ? order.trim().toUpperCase() : order
    if (!(DATE_ORDERS as readonly unknown[]).includes(normalized)) {
      throw new ApiError(
        400,
        'invalid-option',
        `dateOrders["${column}"] must be one of ${DATE_ORDERS.join(', ')} (day first DMY, month first MDY, year first YMD); got ${JSON.stringify(order)}`,
        'dateOrders',
      )
    }
    // Column names come from files: defineProperty keeps "__proto__" a plain key.
    Object.defineProperty(orders, column, { value: normalized, enumerable: true, writable: true, configurable: true })
  }
  return Object.keys(orders).length > 0 ? orders : undefined
}

function parseCoordinateOrders(raw: string | undefined): Record<string, CoordinateOrder> | undefined {
  const value = parseJsonObject(raw, 'coordinateOrders', '{"Location":"lat-lon"}')
  if (!value) return undefined
  const orders: Record<string, CoordinateOrder> = {}
  for (const [column, order] of Object.entries(value as Record<string, unknown>)) {
    const normalized = typeof order === 'string' ? order.trim().toLowerCase() : order
    if (!(COORDINATE_ORDERS as readonly unknown[]).includes(normalized)) {
      throw new ApiError(
        400,
        'invalid-option',
        `coordinateOrders["${column}"] must be one of ${COORDINATE_ORDERS.join(', ')} (latitude first lat-lon, longitude first lon-lat); got ${JSON.stringify(order)}`,
        'coordinateOrders',
      )
    }
    Object.defineProperty(orders, column, { value: normalized, enumerable: true, writable: true, configurable: true })
  }
  return Object.keys(orders).length > 0 ? orders : undefined
}

/**
 * Reads the import options from an upload's form fields (`options` as one JSON object, or each
 * option as its own field; separate fields win).
 * @throws {@link ApiError} 400 naming the field
 * @example parseImportOptions({ dateOrder: 'dmy' }).dateOrder // 'DMY'
 * @example parseImportOptions({ dateOrders: '{"Date":"dmy"}' }).dateOrders // { Date: 'DMY' }
 */
export function parseImportOptions(formFields: Readonly<Record<string, string>>): ImportOptions {
  let fields: Record<string, string> = { ...formFields }
  if (formFields.options?.trim()) {
    let combined: unknown
    try {
      combined = JSON.parse(formFields.options)
    } catch (error) {
      throw new ApiError(400, 'invalid-option', `options must be a JSON object; ${(error as Error).message}`, 'options')
    }
    if (!combined || typeof combined !== 'object' || Array.isArray(combined)) {
      throw new ApiError(400, 'invalid-option', 'options must be a JSON object', 'options')
    }
    const asStrings = Object.fromEntries(
      Object.entries(combined).map(([key, value]) => [key, typeof value === 'string' ? value : JSON.stringify(value)]),
    )
    fields = { ...asStrings, ...Object.fromEntries(Object.entries(formFields).filter(([key]) => key !== 'options')) }
  }
  const sheetRaw = fields.sheet?.trim()
  const geocodeRaw = booleanOption(fields, 'geocode')
  const keepHandEditsRaw = booleanOption(fields, 'keepHandEdits')
  const hashFields = fields.hashFields
    ?.split(',')
    .map((name) => name.trim())
    .filter(Boolean)
  const options: ImportOptions = {
    ...(sheetRaw ? { sheet: /^\d+$/.test(sheetRaw) ? Number(sheetRaw) : sheetRaw } : {}),
    ...(parseMapping(fields.mapping) ? { mapping: parseMapping(fields.mapping) } : {}),
    ...(parseSheetMappings(fields.sheetMappings) ? { sheetMappings: parseSheetMappings(fields.sheetMappings) } : {}),
    ...(oneOf(fields, 'dateOrder', DATE_ORDERS) ? { dateOrder: oneOf(fields, 'dateOrder', DATE_ORDERS) } : {}),
    ...(parseDateOrders(fields.dateOrders) ? { dateOrders: parseDateOrders(fields.dateOrders) } : {}),
    ...(parseCoordinateOrders(fields.coordinateOrders)
      ? { coordinateOrders: parseCoordinateOrders(fields.coordinateOrders) }
      : {}),
    ...(oneOf(fields, 'idStrategy', ID_STRATEGIES) ? { idStrategy: oneOf(fields, 'idStrategy', ID_STRATEGIES) } : {}),
    ...(fields.idField?.trim() ? { idField: fields.idField.trim() } : {}),
    ...(hashFields?.length ? { hashFields } : {}),
    ...(oneOf(fields, 'duplicateAction', DUPLICATE_ACTIONS)
      ? { duplicateAction: oneOf(fields, 'duplicateAction', DUPLICATE_ACTIONS) }
      : {}),
    ...(geocodeRaw ? { geocode: geocodeRaw === 'true' } : {}),
    ...(keepHandEditsRaw ? { keepHandEdits: keepHandEditsRaw === 'true' } : {}),
  }
  if (options.idStrategy === 'external' && !options.idField && !options.mapping?.id) {
    throw new ApiError(400, 'invalid-option', 'idStrategy external needs idField, the column holding the id', 'idField')
  }
  return options
}
