import type { Axis } from './types'

/** Why a row's coordinates were refused by {@link validateImportCoordinates}. */
export type CoordinateIssueCode = 'latitude-out-of-range' | 'longitude-out-of-range' | 'not-finite' | 'null-island'

/** Coordinates that passed the import coordinate validator, in decimal degrees. */
export interface ValidatedCoordinates {
  /** Decimal degrees, −90 to 90. */
  latitude: number
  /** Decimal degrees, −180 to 180. */
  longitude: number
  /** True when the column-level decision swapped latitude and longitude. */
  wasSwapped: boolean
}

/** One problem with a row's coordinates: the axis it concerns (`both` for null island), a code, a message. */
export interface CoordinateIssue {
  axis: Axis | 'both'
  code: CoordinateIssueCode
  /** Names the value and the rule, e.g. `latitude 95.2 is out of range (−90 to 90)`. */
  message: string
}

/** The verdict on one row's coordinates: the value, or every problem found, each naming its axis. */
export type CoordinateValidation = { ok: true; value: ValidatedCoordinates } | { ok: false; issues: CoordinateIssue[] }

/** Options for {@link validateImportCoordinates}. */
export interface ImportCoordinateOptions {
  /** The column-level decision of {@link detectSwappedCoordinates}: swap every row before checking. */
  swap?: boolean
  /** Accept exactly (0, 0), which otherwise usually marks a missing location. */
  allowNullIsland?: boolean
}

const RANGES: Readonly<Record<Axis, number>> = { latitude: 90, longitude: 180 }

/**
 * Checks one coordinate on its own: a finite number within −90 to 90 (latitude) or −180 to 180
 * (longitude) decimal degrees. A latitude out of range that would fit as a longitude names the
 * likely swap when the other axis's value is given and fits as a latitude.
 * @param other - the row's value on the other axis, when it was read
 * @example checkCoordinateRange('latitude', 999) // { axis: 'latitude', code: 'latitude-out-of-range', message: 'latitude 999 is out of range (−90 to 90)' }
 */
export function checkCoordinateRange(axis: Axis, value: number, other?: number): CoordinateIssue | undefined {
  if (!Number.isFinite(value)) return { axis, code: 'not-finite', message: `${axis} ${value} is not a finite number` }
  const range = RANGES[axis]
  if (Math.abs(value) <= range) return undefined
  const hint =
    axis === 'latitude' && other !== undefined && Math.abs(other) <= 90 && Math.abs(value) <= 180
      ? '; the latitude and longitude columns may be swapped'
      : ''
  return {
    axis,
    code: axis === 'latitude' ? 'latitude-out-of-range' : 'longitude-out-of-range',
    message: `${axis} ${value} is out of range (−${range} to ${range})${hint}`,
  }
}

/**
 * The import coordinate validator: checks one row's latitude (−90 to 90) and longitude (−180 to 180)
 * in decimal degrees and reports every problem, each naming its axis. Exactly (0, 0) is refused as
 * 'null-island' unless allowed. A row whose latitude is out of range but would fit as a longitude is
 * not swapped on its own: it is an error that names the likely swap; swapping is a column-level
 * decision (`swap`), and the axes of the issues are those after it.
 * @example validateImportCoordinates(40.7128, -74.006) // { ok: true, value: { latitude: 40.7128, longitude: -74.006, wasSwapped: false } }
 * @example validateImportCoordinates(-122.4, 37.8) // { ok: false, issues: [{ axis: 'latitude', code: 'latitude-out-of-range', message: 'latitude -122.4 is out of range (−90 to 90); the latitude and longitude columns may be swapped' }] }
 */
export function validateImportCoordinates(
  latitude: number,
  longitude: number,
  options: ImportCoordinateOptions = {},
): CoordinateValidation {
  const wasSwapped = options.swap === true
  const [lat, lon] = wasSwapped ? [longitude, latitude] : [latitude, longitude]
  const issues: CoordinateIssue[] = []
  for (const issue of [checkCoordinateRange('latitude', lat, lon), checkCoordinateRange('longitude', lon, lat)]) {
    if (issue) issues.push(issue)
  }
  if (issues.length === 0 && lat === 0 && lon === 0 && options.allowNullIsland !== true) {
    issues.push({
      axis: 'both',
      code: 'null-island',
      message:
        'latitude 0 and longitude 0 ("null island") usually mark a missing location; leave the cells empty or allow (0, 0)',
    })
  }
  return issues.length === 0
    ? { ok: true, value: { latitude: lat, longitude: lon, wasSwapped } }
    : { ok: false, issues }
}
