import type { CoordinateOrder, CoordinateOrderTally } from '@chronotope/coordinates'
import type { DateColumnFormat, DateFormatKind, DateOrder, DateOrderTally } from '@chronotope/dates'

import type { DecimalSeparator } from './number-text'

/** The type of a schema field, detected from its values. */
export type FieldType = 'string' | 'number' | 'integer' | 'boolean' | 'date' | 'enum' | 'id' | 'coordinate' | 'mixed'

/** What a field means for an event, detected from its header and values. */
export type FieldRole =
  | 'id'
  | 'title'
  | 'description'
  | 'start-time'
  | 'end-time'
  | 'latitude'
  | 'longitude'
  /** One combined "lat, lon" column. */
  | 'coordinates'
  /** One free-text place or address column, e.g. "City, ST". */
  | 'place'
  | 'street'
  | 'city'
  /** State or province. */
  | 'region'
  | 'country'
  | 'postal-code'
  | 'year'
  | 'month'
  | 'day'
  | 'time'

/** The kinds of value counted in {@link FieldStatistics.typeCounts}. */
export type ValueTypeName = 'string' | 'number' | 'integer' | 'boolean' | 'date' | 'coordinate'

/** Product type "field statistics": what the sampled values of one column look like. */
export interface FieldStatistics {
  /** Rows sampled. */
  count: number
  /** Missing cells and null markers such as "NA" (see `NULL_MARKERS`). */
  nullCount: number
  /** Empty or whitespace-only cells. */
  emptyCount: number
  /** (nullCount + emptyCount) / count, 0 when no rows were sampled. */
  nullRate: number
  /** Distinct non-empty values (trimmed). */
  distinctCount: number
  /** False once a column has more than 10,000 distinct values: the count is then an estimate. */
  isDistinctCountExact: boolean
  /** Up to 5 distinct non-empty values, in the order first seen. */
  examples: string[]
  /** Smallest number, or earliest date as an ISO string. */
  min?: number | string
  /** Largest number, or latest date as an ISO string. */
  max?: number | string
  /** Shortest non-empty text, in UTF-16 code units. */
  minLength?: number
  /** Longest non-empty text, in UTF-16 code units. */
  maxLength?: number
  /** Non-empty values by the most specific kind they read as. */
  typeCounts: Partial<Record<ValueTypeName, number>>
  /** The 20 most frequent values, for columns with repeated values (exact counting only). */
  topValues?: Array<{ value: string; count: number }>
}

/** Product type "schema field": one column of a dataset with its type, role and statistics. */
export interface SchemaField {
  name: string
  type: FieldType
  role?: FieldRole
  /** True when the sample had empty cells or null markers. */
  nullable: boolean
  statistics: FieldStatistics
  /** Allowed values of an `enum` field, most frequent first. */
  enumValues?: string[]
  /** How a `date` field's values are written. */
  dateFormat?: DateColumnFormat
  /** Decimal separator of a `number` or `integer` field, decided from its values. */
  decimalSeparator?: DecimalSeparator
}

/** Address columns found in a dataset, by part. */
export interface AddressColumns {
  place?: string
  street?: string
  city?: string
  region?: string
  country?: string
  postalCode?: string
}

/** Product type "geo column result": where a dataset's rows keep their location. */
export interface GeoColumnResult {
  kind: 'lat-lon' | 'combined' | 'geometry' | 'address' | 'none'
  latitude?: string
  longitude?: string
  combined?: string
  /** The latitude column holds longitudes and vice versa (a column-level decision). */
  isSwapped?: boolean
  format?: 'decimal' | 'dms'
  /** Address columns; also given with coordinates, so users can switch to geocoding. */
  address?: AddressColumns
  /** 0..1 */
  confidence: number
  reason: string
}

/** Split date columns composed into one event time. */
export interface DatePartColumns {
  year: string
  month?: string
  day?: string
  time?: string
}

/** How a row becomes an event: detected, then adjustable by the user. */
export interface EventMapping {
  /** External id column. */
  id?: string
  title?: string
  description?: string
  /** One date column (`kind` says how bare numbers are read), or split year/month/day columns. */
  startTime?: { field: string; kind?: DateFormatKind } | { parts: DatePartColumns }
  endTime?: { field: string; kind?: DateFormatKind }
  /**
   * Order of the start time's numeric dates: the detected order, or the user's choice; read only
   * when {@link EventMapping.dateOrders} is absent (mappings stored before it existed).
   */
  dateOrder?: DateOrder
  /** The order each date column's numeric dates are read with, decided from its values or chosen. */
  dateOrders?: Record<string, DateOrder>
  /** The order each "lat, lon" pair column's unlettered pairs are read in, decided from its values or chosen. */
  coordinateOrders?: Record<string, CoordinateOrder>
  location: GeoColumnResult
}

/** Codes of {@link SchemaWarning}. */
export type SchemaWarningCode =
  | 'ambiguous-date-order'
  | 'conflicting-date-order'
  | 'no-time-field'
  | 'no-location'
  | 'swapped-coordinates'
  | 'coordinates-out-of-range'
  /** Values of a coordinate column that will be `invalid-coordinates` row errors, with their share. */
  | 'invalid-coordinates'
  | 'ambiguous-coordinate-order'
  | 'conflicting-coordinate-order'
  /** What a GeoJSON file holds: features by geometry type, and those without one. */
  | 'geojson-features'
  | 'mixed-types'
  | 'type-mismatch'
  | 'empty-field'
  | 'duplicate-header'

/** Something the user should look at before importing. */
export interface SchemaWarning {
  code: SchemaWarningCode
  field?: string
  message: string
}

/** The kinds of {@link ImportChoice}: how a column's values are read when they could be read two ways. */
export type ImportChoiceKind = 'date-order' | 'coordinate-order'

/** One value of a column as written and as Chronotope reads it under the choice. */
export interface ImportChoiceExample {
  /** The value as the file wrote it, e.g. `03/04/2024`. */
  raw: string
  /** What it reads as, e.g. `3 April 2024`, or why it is a row error. */
  read: string
}

/**
 * A column-level decision an import applies to every value of a column, shown in the preview and
 * asked of the user when the values do not make it (`isRequired`). Each kind adds its own answer type.
 */
export interface ImportChoiceBase<Kind extends ImportChoiceKind, Answer extends string> {
  kind: Kind
  /** The column the choice is about. */
  column: string
  /** The answer applied: decided from the values or chosen by the user; absent while undecided. */
  decided?: Answer
  /** Who decided: the column's own values, or the user; absent while undecided. */
  decidedBy?: 'values' | 'user'
  /** True when the import cannot start until the user answers. */
  isRequired: boolean
  /** The decision in words: `day first: 41 values such as 21/01/2024 can only be read so`. */
  reason: string
  /** Up to five values of the column as written and as read under `decided`. */
  examples: ImportChoiceExample[]
}

/** How a date column's numeric dates are read: day first, month first or year first. */
export interface DateOrderChoice extends ImportChoiceBase<'date-order', DateOrder> {
  /** The values that decide, or fail to decide, the order (counted over every value read). */
  evidence: DateOrderTally
}

/** How a "lat, lon" pair column's unlettered pairs are read: latitude first or longitude first. */
export interface CoordinateOrderChoice extends ImportChoiceBase<'coordinate-order', CoordinateOrder> {
  /** The values that decide, or fail to decide, the order (counted over every value read). */
  evidence: CoordinateOrderTally
}

/** A column-level decision of an import. */
export type ImportChoice = DateOrderChoice | CoordinateOrderChoice

/** The user's answers to {@link ImportChoice}s, as the import options carry them. */
export interface ImportAnswers {
  /** Every date column's order (the all-columns shorthand). */
  dateOrder?: DateOrder
  /** Date orders by column; these win over `dateOrder`. */
  dateOrders?: Readonly<Record<string, DateOrder>>
  /** Pair orders of "lat, lon" columns, by column. */
  coordinateOrders?: Readonly<Record<string, CoordinateOrder>>
}

/** The result of schema detection: fields, the detected event mapping, choices and warnings. */
export interface DetectedSchema {
  fields: SchemaField[]
  rowsSampled: number
  mapping: EventMapping
  /** How columns that could be read two ways are read, decided or to be asked (one per date column and pair column). */
  choices: ImportChoice[]
  warnings: SchemaWarning[]
}
