import { InvalidCoordinate } from './invalid-coordinate'
import { readCoordinate } from './parse-coordinate'
import type { Angle } from './read-angle'
import type { CoordinateOrder } from './coordinate-order'
import type { CoordinateExtraction, CoordinateFormat } from './types'

/** Options of {@link parseCoordinatePair}. */
export interface ParseCoordinatePairOptions {
  /** The order of unlettered pairs, decided for the column (default latitude first). */
  order?: CoordinateOrder
}

const PAIR = 'coordinate pair'
const MAX_LENGTH = 200
/** `POINT(-74.006 40.7128)`, `POINT Z (…)`, `SRID=4326;POINT(…)`; nothing nested, so no backtracking. */
const WKT_POINT = /^(?:SRID=\d{1,6};\s*)?POINT\s{0,3}(?:Z|M|ZM)?\s{0,3}\(([^()]*)\)$/i

/**
 * Reads a combined coordinate column: '40.7128, -74.0060', '40.7128 -74.0060', '(40.7128, -74.0060)',
 * '40.7128;-74.0060', '40,7128; -74,0060', DMS pairs ('40°42′46″N 74°0′22″W', either order when
 * lettered), WKT 'POINT(-74.006 40.7128)' (longitude first!) and GeoJSON points (longitude first),
 * as text or as objects. Unlettered pairs are read in `options.order`, latitude first by default;
 * letters, WKT and GeoJSON name their own order.
 * @throws {@link InvalidCoordinate} naming the value and what was expected
 * @example parseCoordinatePair('POINT(-74.006 40.7128)') // { latitude: 40.7128, longitude: -74.006, format: 'wkt' }
 * @example parseCoordinatePair('40°42′46″N 74°0′22″W') // { latitude: 40.712777…, longitude: -74.006111…, format: 'dms' }
 */
export function parseCoordinatePair(value: unknown, options: ParseCoordinatePairOptions = {}): CoordinateExtraction {
  if (typeof value === 'object' && value !== null && !Array.isArray(value))
    return readGeoJson(value, JSON.stringify(value))
  if (typeof value !== 'string') {
    throw new InvalidCoordinate(
      String(value),
      `expected text or a GeoJSON point, got ${value === null ? 'null' : Array.isArray(value) ? 'an array' : typeof value}`,
      PAIR,
    )
  }
  const text = value.trim()
  if (text === '') throw new InvalidCoordinate(value, 'it is empty', PAIR)
  if (text.length > MAX_LENGTH)
    throw new InvalidCoordinate(`${text.slice(0, 40)}…`, `it is longer than ${MAX_LENGTH} characters`, PAIR)
  if (text.startsWith('{')) return readGeoJson(parseJson(text), text)
  const wkt = WKT_POINT.exec(text)
  if (wkt) return readWkt(wkt[1] ?? '', text)
  if (/^point\b/i.test(text))
    throw new InvalidCoordinate(text, 'a WKT point is written POINT(longitude latitude)', PAIR)
  return readLatitudeLongitude(stripBrackets(text), text, options.order ?? 'lat-lon')
}

/**
 * Like {@link parseCoordinatePair}, but returns undefined for empty or unreadable values.
 * @example tryParseCoordinatePair('unknown') // undefined
 */
export function tryParseCoordinatePair(
  value: unknown,
  options: ParseCoordinatePairOptions = {},
): CoordinateExtraction | undefined {
  if (value === null || value === undefined) return undefined
  try {
    return parseCoordinatePair(value, options)
  } catch (error) {
    if (error instanceof InvalidCoordinate) return undefined
    throw error
  }
}

function stripBrackets(text: string): string {
  const first = text.charAt(0)
  const last = text.charAt(text.length - 1)
  return (first === '(' && last === ')') || (first === '[' && last === ']') ? text.slice(1, -1).trim() : text
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text) as unknown
  } catch {
    throw new InvalidCoordinate(text, 'it starts like GeoJSON but is not valid JSON', PAIR)
  }
}

function readGeoJson(json: unknown, text: string): CoordinateExtraction {
  const record = json as { type?: unknown; coordinates?: unknown; geometry?: unknown }
  const point = record.type === 'Feature' ? (record.geometry as typeof record | null) : record
  if (point?.type !== 'Point' || !Array.isArray(point.coordinates)) {
    throw new InvalidCoordinate(text, 'GeoJSON must be a Point (or a Feature with a Point geometry)', PAIR)
  }
  const [longitude, latitude] = point.coordinates as unknown[]
  if (
    typeof longitude !== 'number' ||
    typeof latitude !== 'number' ||
    !Number.isFinite(longitude) ||
    !Number.isFinite(latitude)
  ) {
    throw new InvalidCoordinate(text, 'a GeoJSON Point has coordinates [longitude, latitude] as numbers', PAIR)
  }
  return { latitude, longitude, format: 'geojson' }
}

function readWkt(inside: string, text: string): CoordinateExtraction {
  const numbers = inside.trim().split(/\s+/)
  if (numbers.length < 2 || numbers.length > 4)
    throw new InvalidCoordinate(text, 'a WKT point is written POINT(longitude latitude)', PAIR)
  const longitude = Number(numbers[0])
  const latitude = Number(numbers[1])
  if (!Number.isFinite(longitude) || !Number.isFinite(latitude)) {
    throw new InvalidCoordinate(text, 'a WKT point is written POINT(longitude latitude) with decimal numbers', PAIR)
  }
  return { latitude, longitude, format: 'wkt' }
}

function readLatitudeLongitude(text: string, original: string, order: CoordinateOrder): CoordinateExtraction {
  const halves = splitPair(text, original)
  const [first, second] = halves.map((half, index) => readHalf(half, index === 0 ? 'first' : 'second', original)) as [
    Angle,
    Angle,
  ]
  const format: CoordinateFormat = first.isDms || second.isDms ? 'dms' : 'decimal'
  if (first.hemisphereAxis !== undefined && first.hemisphereAxis === second.hemisphereAxis) {
    throw new InvalidCoordinate(original, `both halves have ${first.hemisphereAxis} hemisphere letters`, PAIR)
  }
  // Letters decide the order ('74°0′22″W 40°42′46″N'); unlettered pairs follow the column's order.
  const isOrderFree = first.hemisphereAxis === undefined && second.hemisphereAxis === undefined
  const isLongitudeFirst = isOrderFree
    ? order === 'lon-lat'
    : first.hemisphereAxis === 'longitude' || second.hemisphereAxis === 'latitude'
  const free = isOrderFree ? { isOrderFree } : {}
  return isLongitudeFirst
    ? { latitude: second.degrees, longitude: first.degrees, format, ...free }
    : { latitude: first.degrees, longitude: second.degrees, format, ...free }
}

function readHalf(half: string, which: 'first' | 'second', original: string): Angle {
  try {
    return readCoordinate(half)
  } catch (error) {
    if (!(error instanceof InvalidCoordinate)) throw error
    throw new InvalidCoordinate(
      original,
      `its ${which} coordinate "${half.trim()}" is unreadable: ${error.reason}`,
      PAIR,
    )
  }
}

/** Splits a pair at ';', at its one comma, at its one ', ' (decimal commas), or at the one space that leaves two coordinates. */
function splitPair(text: string, original: string): [string, string] {
  const semicolon = text.indexOf(';')
  if (semicolon >= 0) {
    if (text.indexOf(';', semicolon + 1) >= 0) throw new InvalidCoordinate(original, 'it has more than one ";"', PAIR)
    return [text.slice(0, semicolon), text.slice(semicolon + 1)]
  }
  const commas = text.split(',').length - 1
  if (commas === 1) {
    const comma = text.indexOf(',')
    return [text.slice(0, comma), text.slice(comma + 1)]
  }
  const commaSpace = text.indexOf(', ')
  if (commas > 1 && commaSpace >= 0 && text.indexOf(', ', commaSpace + 1) < 0) {
    return [text.slice(0, commaSpace), text.slice(commaSpace + 2)]
  }
  if (commas > 2)
    throw new InvalidCoordinate(original, 'it has too many commas to tell the two coordinates apart', PAIR)
  return splitAtSpace(text, original)
}

/** The one space where both sides read as coordinates: '40 42 46 N 74 0 22 W' splits after 'N'. */
function splitAtSpace(text: string, original: string): [string, string] {
  const splits: [string, string][] = []
  for (let index = text.indexOf(' '); index >= 0; index = text.indexOf(' ', index + 1)) {
    const left = text.slice(0, index).trim()
    const right = text.slice(index + 1).trim()
    if (left === '' || right === '' || text.charAt(index + 1) === ' ') continue
    if (isCoordinate(left) && isCoordinate(right)) splits.push([left, right])
  }
  const [only, other] = splits
  if (only === undefined)
    throw new InvalidCoordinate(
      original,
      'expected two coordinates, latitude first, separated by a comma, a semicolon or a space',
      PAIR,
    )
  if (other !== undefined)
    throw new InvalidCoordinate(
      original,
      'it can be split into two coordinates in more than one way; separate them with a comma',
      PAIR,
    )
  return only
}

function isCoordinate(text: string): boolean {
  try {
    readCoordinate(text)
    return true
  } catch (error) {
    if (error instanceof InvalidCoordinate) return false
    throw error
  }
}
