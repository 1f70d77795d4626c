/**
 * The options a user gives with an upload, read from the form fields and validated with errors
 * that name the field.
 * @module
 */
import type { DateOrder } from '@chronotope/dates'
import type { EventMapping } from '@chronotope/schema'

import { ApiError } from '../api/api-error'

/** Options of one upload; every one is optional and overrides what was detected. */
export interface ImportOptions {
  /** Import only this sheet (index from 0, or name); default every sheet. */
  readonly sheet?: number | string
  /** Column mapping overrides: which columns hold the time, title, place, id… */
  readonly mapping?: Partial<EventMapping>
  /** Order of every date column's numeric dates (the all-columns shorthand of `dateOrders`). */
  readonly dateOrder?: DateOrder
  /** Order of numeric dates by column; wins over `dateOrder`. Required for columns no value decides. */
  readonly dateOrders?: Readonly<Record<string, DateOrder>>
  /** How events are recognised on re-import. */
  readonly idStrategy?: 'auto' | 'external' | 'content-hash'
  /** Column holding the external id (`idStrategy: external`). */
  readonly idField?: string
  /** Columns hashed (`idStrategy: content-hash`). */
  readonly hashFields?: readonly string[]
  /** What a duplicate does. */
  readonly duplicateAction?: 'skip' | 'update'
  /** Geocode places without coordinates (default: the dataset's setting). */
  readonly geocode?: boolean
  /** The existing dataset to import into; set by the upload route once it checked the user may. */
  readonly datasetId?: number
}

/** The `dateOrder` values an upload takes. */
export const DATE_ORDERS = ['MDY', 'DMY', 'YMD'] as const
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

function parseMapping(raw: string | undefined): Partial<EventMapping> | undefined {
  if (!raw?.trim()) return undefined
  let value: unknown
  try {
    value = JSON.parse(raw)
  } catch (error) {
    throw new ApiError(400, 'invalid-option', `mapping must be a JSON object; ${(error as Error).message}`, 'mapping')
  }
  if (!value || typeof value !== 'object' || Array.isArray(value)) {
    throw new ApiError(400, 'invalid-option', 'mapping must be a JSON object such as {"title":"name"}', 'mapping')
  }
  return value
}

function parseDateOrders(raw: string | undefined): Record<string, DateOrder> | undefined {
  if (!raw?.trim()) return undefined
  const example = 'such as {"Date":"DMY"}'
  let value: unknown
  try {
    value = JSON.parse(raw)
  } catch (error) {
    throw new ApiError(
      400,
      'invalid-option',
      `dateOrders must be a JSON object ${example}; ${(error as Error).message}`,
      'dateOrders',
    )
  }
  if (!value || typeof value !== 'object' || Array.isArray(value)) {
    throw new ApiError(400, 'invalid-option', `dateOrders must be a JSON object ${example}`, 'dateOrders')
  }
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
  const geocodeRaw = fields.geocode?.trim().toLowerCase()
  if (geocodeRaw && !['true', 'false'].includes(geocodeRaw)) {
    throw new ApiError(400, 'invalid-option', `geocode must be true or false; got "${fields.geocode}"`, 'geocode')
  }
  const hashFields = fields.hashFields
    ?.split(',')
    .map((name) => name.trim())
    .filter(Boolean)
  const options: ImportOptions = {
    ...(sheetRaw ? { sheet: /^\d+$/.test(sheetRaw) ? Number(sheetRaw) : sheetRaw } : {}),
    ...(parseMapping(fields.mapping) ? { mapping: parseMapping(fields.mapping) } : {}),
    ...(oneOf(fields, 'dateOrder', DATE_ORDERS) ? { dateOrder: oneOf(fields, 'dateOrder', DATE_ORDERS) } : {}),
    ...(parseDateOrders(fields.dateOrders) ? { dateOrders: parseDateOrders(fields.dateOrders) } : {}),
    ...(oneOf(fields, 'idStrategy', ID_STRATEGIES) ? { idStrategy: oneOf(fields, 'idStrategy', ID_STRATEGIES) } : {}),
    ...(fields.idField?.trim() ? { idField: fields.idField.trim() } : {}),
    ...(hashFields?.length ? { hashFields } : {}),
    ...(oneOf(fields, 'duplicateAction', DUPLICATE_ACTIONS)
      ? { duplicateAction: oneOf(fields, 'duplicateAction', DUPLICATE_ACTIONS) }
      : {}),
    ...(geocodeRaw ? { geocode: geocodeRaw === 'true' } : {}),
  }
  if (options.idStrategy === 'external' && !options.idField && !options.mapping?.id) {
    throw new ApiError(400, 'invalid-option', 'idStrategy external needs idField, the column holding the id', 'idField')
  }
  return options
}
