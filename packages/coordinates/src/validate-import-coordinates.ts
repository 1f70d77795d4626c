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

/** The verdict on one row's coordinates: the value, or a code and a message naming the value and the rule. */
export type CoordinateValidation =
  { ok: true; value: ValidatedCoordinates } | { ok: false; code: CoordinateIssueCode; message: string }

/** Options for {@link validateImportCoordinates}. */
export interface ImportCoordinateOptions {
  /** The column-level decision of {@link detectSwappedCoordinates}: swap every row before checking. */
  swap?: boolean
  /** Accept exactly (0, 0), which otherwise usually marks a missing location. */
  allowNullIsland?: boolean
}

/**
 * The import coordinate validator: checks one row's latitude (−90 to 90) and longitude (−180 to 180)
 * in decimal degrees. Exactly (0, 0) is refused as 'null-island' unless allowed. A row whose latitude
 * is out of range but would fit as a longitude is not swapped on its own: it is an error that names
 * the likely swap; swapping is a column-level decision (`swap`).
 * @example validateImportCoordinates(40.7128, -74.006) // { ok: true, value: { latitude: 40.7128, longitude: -74.006, wasSwapped: false } }
 * @example validateImportCoordinates(-122.4, 37.8) // { ok: false, code: 'latitude-out-of-range', message: 'latitude -122.4 is out of range (−90 to 90); the latitude and longitude columns may be swapped' }
 */
export function validateImportCoordinates(
  latitude: number,
  longitude: number,
  options: ImportCoordinateOptions = {},
): CoordinateValidation {
  const wasSwapped = options.swap === true
  const [lat, lon] = wasSwapped ? [longitude, latitude] : [latitude, longitude]
  if (!Number.isFinite(lat)) return { ok: false, code: 'not-finite', message: `latitude ${lat} is not a finite number` }
  if (!Number.isFinite(lon))
    return { ok: false, code: 'not-finite', message: `longitude ${lon} is not a finite number` }
  if (Math.abs(lat) > 90) {
    const hint =
      Math.abs(lon) <= 90 && Math.abs(lat) <= 180 ? '; the latitude and longitude columns may be swapped' : ''
    return { ok: false, code: 'latitude-out-of-range', message: `latitude ${lat} is out of range (−90 to 90)${hint}` }
  }
  if (Math.abs(lon) > 180) {
    return { ok: false, code: 'longitude-out-of-range', message: `longitude ${lon} is out of range (−180 to 180)` }
  }
  if (lat === 0 && lon === 0 && options.allowNullIsland !== true) {
    return {
      ok: false,
      code: 'null-island',
      message:
        'latitude 0 and longitude 0 ("null island") usually mark a missing location; leave the cells empty or allow (0, 0)',
    }
  }
  return { ok: true, value: { latitude: lat, longitude: lon, wasSwapped } }
}
