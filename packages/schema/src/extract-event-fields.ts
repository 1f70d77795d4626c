import {
  checkCoordinateRange,
  parseCoordinate,
  parseCoordinatePair,
  validateImportCoordinates,
} from '@chronotope/coordinates'
import type {
  Axis,
  CoordinateFormat,
  CoordinateIssue,
  CoordinateOrder,
  ValidatedCoordinates,
} from '@chronotope/coordinates'
import { composeDate, InvalidDate, parseDate } from '@chronotope/dates'
import type { DateOrder, DateParts, ParsedDate, ParseDateOptions } from '@chronotope/dates'

import { readCell } from './cell-value'
import type { CellValue, Row } from './cell-value'
import { describeDateProblem } from './date-problem'
import { isNullMarker } from './null-markers'
import { shortenValue } from './row-error'
import type { RowError } from './row-error'
import { numbersOptionForKind } from './statistics/field-statistics'
import type { AddressColumns, EventMapping } from './types'

/** Coordinates of an event with where they came from. */
export type EventCoordinates = ValidatedCoordinates & { sourceColumns: string[]; format: CoordinateFormat }

/** What a geocoder gets for a row whose location is an address. */
export interface PlaceQuery {
  /** The parts joined "street, city, region, postalCode, country", or the place column. */
  text: string
  street?: string
  city?: string
  region?: string
  country?: string
  postalCode?: string
}

/** The fields of an event read from one row with the mapping, and the row's errors. */
export interface EventFields {
  title: string | null
  description: string | null
  eventTime: ParsedDate | null
  eventEndTime: ParsedDate | null
  coordinates: EventCoordinates | null
  placeQuery: PlaceQuery | null
  /** `invalid-date`, `missing-time`, `invalid-coordinates`, `missing-coordinates`, `missing-place`. */
  errors: RowError[]
}

/** Options of {@link createEventExtractor}. */
export interface EventExtractorOptions {
  /** Order of every date column's numeric dates, overriding `mapping.dateOrders`. */
  dateOrder?: DateOrder
}

/** Longest fallback title taken from a description. */
const FALLBACK_TITLE_LENGTH = 80
const DECIMAL_DEGREES = /^[+-]?\d+(?:[.,]\d+)?$/

function presentText(cell: CellValue): string | null {
  if (cell === null) return null
  const text = typeof cell === 'string' ? cell.trim() : String(cell)
  return text.length === 0 || isNullMarker(text) ? null : text
}

function messageOf(error: unknown): string {
  return shortenValue(error instanceof Error ? error.message : String(error))
}

type Reader<T> = (row: Row, rowNumber: number, errors: RowError[]) => T

/** The order a date column is read with: the override, the column's own, or a legacy mapping's one. */
function columnOrder(mapping: EventMapping, field: string, options: EventExtractorOptions): DateOrder | undefined {
  if (options.dateOrder !== undefined) return options.dateOrder
  return mapping.dateOrders === undefined ? mapping.dateOrder : mapping.dateOrders[field]
}

function compileDateField(
  field: string,
  kind: string | undefined,
  order: DateOrder | undefined,
  isRequired: boolean,
): Reader<ParsedDate | null> {
  // A value that reads both ways in a column without an order is a row error, never a guess.
  const parseOptions: ParseDateOptions = { onAmbiguousOrder: 'reject', ...(order ? { order } : {}) }
  const numbers = numbersOptionForKind(kind)
  if (numbers !== undefined) parseOptions.numbers = numbers
  return (row, rowNumber, errors) => {
    const cell = readCell(row, field)
    const text = presentText(cell)
    if (text === null) {
      if (isRequired)
        errors.push({
          row: rowNumber,
          column: field,
          code: 'missing-time',
          message: `The event time column "${field}" is empty`,
        })
      return null
    }
    try {
      return parseDate(typeof cell === 'number' ? cell : text, parseOptions)
    } catch (error) {
      if (!(error instanceof InvalidDate)) throw error
      errors.push({
        row: rowNumber,
        column: field,
        value: shortenValue(text),
        code: 'invalid-date',
        message: describeDateProblem(error, text, field, order),
      })
      return null
    }
  }
}

function compileDateParts(
  parts: Extract<EventMapping['startTime'], { parts: unknown }>['parts'],
): Reader<ParsedDate | null> {
  const columns = [parts.year, parts.month, parts.day, parts.time].filter((name): name is string => name !== undefined)
  return (row, rowNumber, errors) => {
    const read = (name: string | undefined): string | number | undefined => {
      if (name === undefined) return undefined
      const cell = readCell(row, name)
      return typeof cell === 'number' ? cell : (presentText(cell) ?? undefined)
    }
    const year = read(parts.year)
    if (year === undefined) {
      errors.push({
        row: rowNumber,
        column: parts.year,
        code: 'missing-time',
        message: `The year column "${parts.year}" is empty`,
      })
      return null
    }
    const dateParts: DateParts = { year }
    const month = read(parts.month)
    const day = read(parts.day)
    const time = read(parts.time)
    if (month !== undefined) dateParts.month = month
    if (day !== undefined) dateParts.day = day
    if (time !== undefined) dateParts.time = String(time)
    try {
      return composeDate(dateParts)
    } catch (error) {
      const value = columns.map((name) => String(read(name) ?? '')).join(' ')
      errors.push({
        row: rowNumber,
        column: columns.join('+'),
        value: shortenValue(value),
        code: 'invalid-date',
        message: messageOf(error),
      })
      return null
    }
  }
}

function compileStartTime(mapping: EventMapping, options: EventExtractorOptions): Reader<ParsedDate | null> {
  const start = mapping.startTime
  if (start === undefined) return () => null
  if ('parts' in start) return compileDateParts(start.parts)
  return compileDateField(start.field, start.kind, columnOrder(mapping, start.field, options), true)
}

function isDecimal(cell: CellValue): boolean {
  return typeof cell === 'number' || (typeof cell === 'string' && DECIMAL_DEGREES.test(cell.trim()))
}

function issueMessage(issue: CoordinateIssue): string {
  return `${issue.message} (${issue.code})`
}

/** Validated coordinates of a combined column; its problems are one error, as it is one value. */
function validated(
  latitude: number,
  longitude: number,
  isSwapped: boolean,
  source: { column: string; format: CoordinateFormat; value: string },
  rowNumber: number,
  errors: RowError[],
): EventCoordinates | null {
  const validation = validateImportCoordinates(latitude, longitude, { swap: isSwapped })
  if (validation.ok) return { ...validation.value, sourceColumns: [source.column], format: source.format }
  errors.push({
    row: rowNumber,
    column: source.column,
    value: shortenValue(source.value),
    code: 'invalid-coordinates',
    message: validation.issues.map(issueMessage).join('; '),
  })
  return null
}

/**
 * Reads separate latitude and longitude columns. Each bad value is one error naming its own
 * column (the column a value came from, also when the columns are swapped); a value that reads is
 * range-checked even when the other does not, so a row with two bad values names both.
 */
function compileLatLon(
  latitudeColumn: string,
  longitudeColumn: string,
  isSwapped: boolean,
): Reader<EventCoordinates | null> {
  const columns = [latitudeColumn, longitudeColumn]
  // With swapped columns the "latitude" column holds longitudes: hemisphere letters follow the values.
  const latitudeAxis: Axis = isSwapped ? 'longitude' : 'latitude'
  const longitudeAxis: Axis = isSwapped ? 'latitude' : 'longitude'
  const columnOf: Readonly<Record<Axis, string>> = isSwapped
    ? { latitude: longitudeColumn, longitude: latitudeColumn }
    : { latitude: latitudeColumn, longitude: longitudeColumn }
  return (row, rowNumber, errors) => {
    const latitudeCell = readCell(row, latitudeColumn)
    const longitudeCell = readCell(row, longitudeColumn)
    const latitudeText = presentText(latitudeCell)
    const longitudeText = presentText(longitudeCell)
    if (latitudeText === null && longitudeText === null) {
      errors.push({
        row: rowNumber,
        column: columns.join('+'),
        code: 'missing-coordinates',
        message: `"${latitudeColumn}" and "${longitudeColumn}" are empty`,
      })
      return null
    }
    if (latitudeText === null || longitudeText === null) {
      const [empty, present] =
        latitudeText === null ? [latitudeColumn, longitudeColumn] : [longitudeColumn, latitudeColumn]
      errors.push({
        row: rowNumber,
        column: columns.join('+'),
        value: `${latitudeText ?? ''}, ${longitudeText ?? ''}`,
        code: 'invalid-coordinates',
        message: `"${empty}" is empty while "${present}" has a value`,
      })
      return null
    }
    const texts: Readonly<Record<string, string>> = { [latitudeColumn]: latitudeText, [longitudeColumn]: longitudeText }
    const report = (column: string, value: string, message: string): void => {
      errors.push({ row: rowNumber, column, value: shortenValue(value), code: 'invalid-coordinates', message })
    }
    // A value that does not read is its own error; one that reads is range-checked on its own.
    const read = (cell: CellValue, text: string, axis: Axis): { value?: number; problem?: string } => {
      try {
        const value = parseCoordinate(typeof cell === 'number' ? cell : text, axis)
        const issue = checkCoordinateRange(axis, value)
        return issue ? { value, problem: issueMessage(issue) } : { value }
      } catch (error) {
        return { problem: messageOf(error) }
      }
    }
    const latitudeRead = read(latitudeCell, latitudeText, latitudeAxis)
    const longitudeRead = read(longitudeCell, longitudeText, longitudeAxis)
    const latitude = latitudeRead.value
    const longitude = longitudeRead.value
    if (latitude === undefined || longitude === undefined) {
      if (latitudeRead.problem) report(latitudeColumn, latitudeText, latitudeRead.problem)
      if (longitudeRead.problem) report(longitudeColumn, longitudeText, longitudeRead.problem)
      return null
    }
    const validation = validateImportCoordinates(latitude, longitude, { swap: isSwapped })
    if (!validation.ok) {
      for (const issue of validation.issues) {
        const column = issue.axis === 'both' ? columns.join('+') : columnOf[issue.axis]
        const value = issue.axis === 'both' ? `${latitudeText}, ${longitudeText}` : (texts[column] ?? '')
        report(column, value, issueMessage(issue))
      }
      return null
    }
    const format = isDecimal(latitudeCell) && isDecimal(longitudeCell) ? 'decimal' : 'dms'
    return { ...validation.value, sourceColumns: columns, format }
  }
}

function compileCombined(
  column: string,
  isSwapped: boolean,
  order: CoordinateOrder | undefined,
): Reader<EventCoordinates | null> {
  const parseOptions = order ? { order } : {}
  return (row, rowNumber, errors) => {
    const cell = readCell(row, column)
    const text = presentText(cell)
    if (text === null) {
      errors.push({ row: rowNumber, column, code: 'missing-coordinates', message: `"${column}" is empty` })
      return null
    }
    try {
      const pair = parseCoordinatePair(text, parseOptions)
      return validated(
        pair.latitude,
        pair.longitude,
        isSwapped,
        { column, format: pair.format, value: text },
        rowNumber,
        errors,
      )
    } catch (error) {
      errors.push({
        row: rowNumber,
        column,
        value: shortenValue(text),
        code: 'invalid-coordinates',
        message: messageOf(error),
      })
      return null
    }
  }
}

function compileCoordinates(mapping: EventMapping): Reader<EventCoordinates | null> {
  const location = mapping.location
  const isSwapped = location.isSwapped === true
  if (location.kind === 'lat-lon' && location.latitude !== undefined && location.longitude !== undefined) {
    return compileLatLon(location.latitude, location.longitude, isSwapped)
  }
  if ((location.kind === 'combined' || location.kind === 'geometry') && location.combined !== undefined) {
    return compileCombined(location.combined, isSwapped, mapping.coordinateOrders?.[location.combined])
  }
  return () => null
}

const QUERY_PARTS: ReadonlyArray<keyof Omit<AddressColumns, 'place'>> = [
  'street',
  'city',
  'region',
  'postalCode',
  'country',
]

/** Reads the row's place to geocode from its address columns (any kind of location that has them). */
function compilePlaceQuery(location: EventMapping['location']): Reader<PlaceQuery | null> {
  const address = location.address
  if (address === undefined || Object.keys(address).length === 0) return () => null
  const columns = Object.values(address).filter((name): name is string => name !== undefined)
  return (row, rowNumber, errors) => {
    const query: Omit<PlaceQuery, 'text'> = {}
    const texts: string[] = []
    for (const part of QUERY_PARTS) {
      const column = address[part]
      const text = column === undefined ? null : presentText(readCell(row, column))
      if (text === null) continue
      query[part] = text
      texts.push(text)
    }
    const place = address.place === undefined ? null : presentText(readCell(row, address.place))
    // Street or city make the parts specific; otherwise a free-text place says more than a region.
    const useParts = query.street !== undefined || query.city !== undefined || place === null
    const text = useParts ? texts.join(', ') : place
    if (text.length === 0) {
      errors.push({
        row: rowNumber,
        column: columns.join('+'),
        code: 'missing-place',
        message: `The address columns ${columns.map((name) => `"${name}"`).join(', ')} are empty`,
      })
      return null
    }
    return { text, ...query }
  }
}

function compileText(column: string | undefined): (row: Row) => string | null {
  if (column === undefined) return () => null
  return (row) => presentText(readCell(row, column))
}

/**
 * Compiles a mapping into a function that reads an event's fields from a row: title and
 * description, start and end time (a missing mapped start time is a `missing-time` error; an
 * unmapped one is simply null), validated coordinates with their source columns, or the place
 * query to geocode: from the address columns, also for a row whose coordinate cells are all empty
 * (then it is geocoded like any other; `missing-coordinates` only when its address is empty too). A missing title falls back to the place, city or address, then the
 * description, then "Row N".
 * @example
 * const extract = createEventExtractor(detectSchema(headers, rows).mapping)
 * extract({ date: '9/1/2016', lat: '39.44', lng: '-83.82', location: 'Wilmington, OH' }, 2).eventTime?.iso
 * // '2016-09-01T00:00:00.000Z'
 */
export function createEventExtractor(
  mapping: EventMapping,
  options: EventExtractorOptions = {},
): (values: Row, row: number) => EventFields {
  const readTitle = compileText(mapping.title)
  const readDescription = compileText(mapping.description)
  const readPlace = compileText(mapping.location.address?.place)
  const readCity = compileText(mapping.location.address?.city)
  const readStart = compileStartTime(mapping, options)
  const end = mapping.endTime
  const readEnd: Reader<ParsedDate | null> =
    end === undefined
      ? () => null
      : compileDateField(end.field, end.kind, columnOrder(mapping, end.field, options), false)
  const readCoordinates = compileCoordinates(mapping)
  const readPlaceQuery = compilePlaceQuery(mapping.location)
  const isAddress = mapping.location.kind === 'address'
  return (row, rowNumber) => {
    const errors: RowError[] = []
    const description = readDescription(row)
    const eventTime = readStart(row, rowNumber, errors)
    const eventEndTime = end === undefined ? (eventTime?.end ?? null) : readEnd(row, rowNumber, errors)
    const coordinateErrors: RowError[] = []
    const coordinates = isAddress ? null : readCoordinates(row, rowNumber, coordinateErrors)
    let placeQuery: PlaceQuery | null = null
    if (isAddress) placeQuery = readPlaceQuery(row, rowNumber, errors)
    else if (coordinateErrors.length === 1 && coordinateErrors[0]?.code === 'missing-coordinates') {
      // Empty coordinate cells: the row's place, address or venue columns are geocoded instead.
      placeQuery = readPlaceQuery(row, rowNumber, [])
      if (placeQuery === null) errors.push(...coordinateErrors)
    } else errors.push(...coordinateErrors)
    const title =
      readTitle(row) ??
      readPlace(row) ??
      readCity(row) ??
      placeQuery?.text ??
      (description === null ? null : description.slice(0, FALLBACK_TITLE_LENGTH)) ??
      `Row ${rowNumber}`
    return { title, description, eventTime, eventEndTime, coordinates, placeQuery, errors }
  }
}
