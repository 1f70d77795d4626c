import { detectSwappedCoordinates } from '@chronotope/coordinates'

import { isTextColumn, roleScore } from './column-profile'
import type { ColumnProfile } from './column-profile'
import { AXIS_LETTER_SCORE, EXACT_HEADER_SCORE } from './header-vocabulary'
import type { AddressColumns, FieldRole, GeoColumnResult, SchemaWarning } from './types'

/**
 * The rule for coordinate columns: a column named like a latitude or longitude, or whose values look
 * like "lat, lon" pairs, stays a coordinate column when at least this share (half) of its non-empty
 * values are valid coordinates, whatever the file's size; each other value becomes an
 * `invalid-coordinates` row error, and the preview warns with their share.
 */
export const COORDINATE_SHARE = 0.5

/** Row-aligned samples of a candidate latitude/longitude column pair, for swap detection. */
export interface CoordinatePairSamples {
  latitude: string
  longitude: string
  samples: Array<[latitude: number, longitude: number]>
}

/** The geo location detector's result with the roles it gives columns. */
export interface GeoDetection {
  location: GeoColumnResult
  roles: Map<string, FieldRole>
  warnings: SchemaWarning[]
}

const ADDRESS_PARTS: ReadonlyArray<[role: FieldRole, key: keyof AddressColumns]> = [
  ['street', 'street'],
  ['city', 'city'],
  ['region', 'region'],
  ['postal-code', 'postalCode'],
  ['country', 'country'],
  ['place', 'place'],
]

function toSwapSamples(samples: ReadonlyArray<[number, number]>): Array<{ latitude: number; longitude: number }> {
  return samples.map(([latitude, longitude]) => ({ latitude, longitude }))
}

/** Shares of a column's non-empty values that read as a number, and that fit ±90 and ±180. */
function rangeShares(profile: ColumnProfile): { parsed: number; within90: number; within180: number; dms: number } {
  const coordinates = profile.figures.coordinates
  const nonEmpty = profile.decision.nonEmptyCount
  const share = (count: number): number => (nonEmpty === 0 ? 0 : count / nonEmpty)
  return {
    parsed: share(coordinates.parsed),
    within90: share(coordinates.within90),
    within180: share(coordinates.within180),
    dms: coordinates.dms,
  }
}

const LATITUDE_WORDS = ['a valid latitude', 'valid latitudes'] as const
const LONGITUDE_WORDS = ['a valid longitude', 'valid longitudes'] as const

function percent(share: number): string {
  return `${Math.round(share * 100)} %`
}

/** A warning naming how many values of a coordinate column will be row errors, and their share. */
function invalidValuesWarning(
  profile: ColumnProfile,
  valid: number,
  what: readonly [one: string, many: string],
  example: string | undefined,
): SchemaWarning | undefined {
  const nonEmpty = profile.decision.nonEmptyCount
  const invalid = nonEmpty - valid
  if (invalid <= 0) return undefined
  const values = invalid === 1 ? '1 value' : `${invalid} values`
  return {
    code: 'invalid-coordinates',
    field: profile.name,
    message: `${values} of ${nonEmpty} (${percent(invalid / nonEmpty)}) in "${profile.name}" ${invalid === 1 ? `is not ${what[0]}` : `are not ${what[1]}`}${example === undefined ? '' : `, such as ${example}`}: their rows will be invalid-coordinates row errors. Correct them in the file, or leave the cells empty.`,
  }
}

/** An example of a value that is not a coordinate: out of range, or not a number at all. */
function badExample(profile: ColumnProfile, limit: 90 | 180): string | undefined {
  const coordinates = profile.figures.coordinates
  return (
    (limit === 90 ? coordinates.beyond90Example : coordinates.beyond180Example) ??
    profile.figures.kindExamples.string[0] ??
    profile.figures.kindExamples.date[0]
  )
}

interface LatLonCandidate {
  result: GeoColumnResult
  score: number
}

function evaluatePair(
  pair: CoordinatePairSamples,
  byName: ReadonlyMap<string, ColumnProfile>,
  warnings: SchemaWarning[],
): LatLonCandidate | undefined {
  const latitude = byName.get(pair.latitude)
  const longitude = byName.get(pair.longitude)
  if (latitude === undefined || longitude === undefined) return undefined
  const latScore = roleScore(latitude, 'latitude')
  const lonScore = roleScore(longitude, 'longitude')
  const isAxisPair = latScore === AXIS_LETTER_SCORE && lonScore === AXIS_LETTER_SCORE
  if (!isAxisPair && (latScore === AXIS_LETTER_SCORE || lonScore === AXIS_LETTER_SCORE)) return undefined
  const lat = rangeShares(latitude)
  const lon = rangeShares(longitude)
  if (lat.parsed < COORDINATE_SHARE || lon.parsed < COORDINATE_SHARE) return undefined
  const swap = detectSwappedCoordinates(toSwapSamples(pair.samples))
  const fitsSwapped = swap.isSwapped && lat.within180 >= COORDINATE_SHARE && lon.within90 >= COORDINATE_SHARE
  const fits = !swap.isSwapped && lat.within90 >= COORDINATE_SHARE && lon.within180 >= COORDINATE_SHARE
  if (!fits && !fitsSwapped) {
    if (!isAxisPair) {
      warnings.push({
        code: 'coordinates-out-of-range',
        field: pair.latitude,
        message: `Columns "${pair.latitude}"/"${pair.longitude}" look like coordinates, but only ${Math.round(lat.within90 * 100)}% of latitudes are within ±90 and ${Math.round(lon.within180 * 100)}% of longitudes within ±180: they are not used as coordinates.`,
      })
    }
    return undefined
  }
  for (const [profile, limit, what] of [
    [latitude, fitsSwapped ? 180 : 90, fitsSwapped ? LONGITUDE_WORDS : LATITUDE_WORDS],
    [longitude, fitsSwapped ? 90 : 180, fitsSwapped ? LATITUDE_WORDS : LONGITUDE_WORDS],
  ] as const) {
    const coordinates = profile.figures.coordinates
    const valid = limit === 90 ? coordinates.within90 : coordinates.within180
    const warning = invalidValuesWarning(profile, valid, what, badExample(profile, limit))
    if (warning) warnings.push(warning)
  }
  const baseConfidence = isAxisPair ? 0.6 : Math.min(latScore, lonScore) === EXACT_HEADER_SCORE ? 0.95 : 0.8
  const dmsCount = latitude.figures.coordinates.dms + longitude.figures.coordinates.dms
  const parsedCount = latitude.figures.coordinates.parsed + longitude.figures.coordinates.parsed
  const result: GeoColumnResult = {
    kind: 'lat-lon',
    latitude: pair.latitude,
    longitude: pair.longitude,
    isSwapped: fitsSwapped,
    format: dmsCount * 2 > parsedCount ? 'dms' : 'decimal',
    confidence: fitsSwapped ? baseConfidence * 0.9 : baseConfidence,
    reason: fitsSwapped
      ? `"${pair.latitude}" and "${pair.longitude}" hold coordinates with latitude and longitude swapped: ${swap.reason}`
      : `"${pair.latitude}" and "${pair.longitude}" are named like latitude/longitude and ${Math.round(lat.within90 * 100)}%/${Math.round(lon.within180 * 100)}% of their values are in range`,
  }
  return { result, score: latScore + lonScore }
}

/**
 * The best column of "lat, lon" pairs. Its pair order is not decided here: it is the column's
 * coordinate-order choice (see `createCoordinateOrderChoice`), decided from its values or asked.
 */
function findCombined(
  profiles: readonly ColumnProfile[],
): { result: GeoColumnResult; profile: ColumnProfile } | undefined {
  let best: { result: GeoColumnResult; profile: ColumnProfile; score: number } | undefined
  for (const profile of profiles) {
    const formats = profile.figures.coordinates.pairFormats
    const share = pairShare(profile)
    if (share < COORDINATE_SHARE) continue
    const headerScore = roleScore(profile, 'coordinates')
    const score = headerScore + share
    if (best !== undefined && best.score >= score) continue
    best = {
      score,
      profile,
      result: {
        kind: 'combined',
        combined: profile.name,
        isSwapped: false,
        format: (formats.dms ?? 0) * 2 > share * profile.decision.nonEmptyCount ? 'dms' : 'decimal',
        confidence: headerScore > 0 ? 0.9 : 0.7,
        reason: `${Math.round(share * 100)}% of "${profile.name}" values are coordinate pairs`,
      },
    }
  }
  return best
}

function pairCount(profile: ColumnProfile): number {
  return Object.values(profile.figures.coordinates.pairFormats).reduce((sum, count) => sum + (count ?? 0), 0)
}

function pairShare(profile: ColumnProfile): number {
  const nonEmpty = profile.decision.nonEmptyCount
  return nonEmpty === 0 ? 0 : pairCount(profile) / nonEmpty
}

function isAddressValueColumn(profile: ColumnProfile, role: FieldRole): boolean {
  // A "location" column of coordinate pairs is no address, even when another pair of columns won.
  if (pairShare(profile) >= 0.5) return false
  if (role === 'postal-code') return isTextColumn(profile) || profile.decision.type === 'integer'
  return isTextColumn(profile)
}

function findAddress(
  profiles: readonly ColumnProfile[],
  taken: ReadonlySet<string>,
): { address: AddressColumns; roles: Map<string, FieldRole> } {
  const best = new Map<FieldRole, { name: string; score: number }>()
  for (const profile of profiles) {
    if (taken.has(profile.name)) continue
    // A column plays one address part: its best-scored one, in ADDRESS_PARTS order on ties.
    let chosen: { role: FieldRole; score: number } | undefined
    for (const [role] of ADDRESS_PARTS) {
      const score = roleScore(profile, role)
      if (score > 0 && isAddressValueColumn(profile, role) && (chosen === undefined || score > chosen.score))
        chosen = { role, score }
    }
    if (chosen === undefined) continue
    const current = best.get(chosen.role)
    if (current === undefined || chosen.score > current.score)
      best.set(chosen.role, { name: profile.name, score: chosen.score })
  }
  const address: AddressColumns = {}
  const roles = new Map<string, FieldRole>()
  for (const [role, key] of ADDRESS_PARTS) {
    const column = best.get(role)
    if (column === undefined) continue
    address[key] = column.name
    roles.set(column.name, role)
  }
  return { address, roles }
}

function addressConfidence(address: AddressColumns): number {
  if (address.street && (address.city || address.postalCode)) return 0.85
  if (address.city && (address.region || address.country)) return 0.8
  if (address.place) return 0.7
  if (address.city || address.postalCode) return 0.65
  return 0.5
}

function describeAddress(address: AddressColumns): string {
  return Object.entries(address)
    .map(([part, column]) => `${part} "${column}"`)
    .join(', ')
}

/**
 * The geo location detector: decides where rows keep their location, by header and values.
 * Precedence: latitude/longitude columns > one combined coordinate column > address columns
 * (geocoded later) > none. Address parts are returned in every case, so users can switch.
 * @example locateGeoColumns(profilesOf('trump'), pairs).location // { kind: 'lat-lon', latitude: 'lat', longitude: 'lng', ... }
 */
export function locateGeoColumns(
  profiles: readonly ColumnProfile[],
  pairs: readonly CoordinatePairSamples[],
  claimed: ReadonlySet<string>,
): GeoDetection {
  const warnings: SchemaWarning[] = []
  const available = profiles.filter((profile) => !claimed.has(profile.name))
  const byName = new Map(available.map((profile) => [profile.name, profile]))
  const latLon = pairs
    .map((pair) => evaluatePair(pair, byName, warnings))
    .filter((candidate): candidate is LatLonCandidate => candidate !== undefined)
    .sort((a, b) => b.score - a.score)[0]?.result
  const coordinateColumns = new Set<string>()
  const roles = new Map<string, FieldRole>()
  let location: GeoColumnResult | undefined = latLon
  if (latLon?.latitude && latLon.longitude) {
    roles.set(latLon.latitude, 'latitude').set(latLon.longitude, 'longitude')
    coordinateColumns.add(latLon.latitude).add(latLon.longitude)
  } else {
    const combined = findCombined(available)
    location = combined?.result
    if (combined !== undefined) {
      roles.set(combined.profile.name, 'coordinates')
      coordinateColumns.add(combined.profile.name)
      const warning = invalidValuesWarning(
        combined.profile,
        pairCount(combined.profile),
        ['a valid coordinate pair', 'valid coordinate pairs'],
        combined.profile.figures.kindExamples.string[0],
      )
      if (warning) warnings.push(warning)
    }
  }
  const { address, roles: addressRoles } = findAddress(available, coordinateColumns)
  for (const [name, role] of addressRoles) roles.set(name, role)
  const hasAddress = addressRoles.size > 0
  if (location !== undefined) {
    if (hasAddress) location.address = address
    if (location.isSwapped) {
      warnings.push({
        code: 'swapped-coordinates',
        field: location.latitude ?? location.combined,
        message: `Latitude and longitude look swapped (${location.reason}); they will be swapped back on import unless you change it.`,
      })
    }
  } else if (hasAddress) {
    location = {
      kind: 'address',
      address,
      confidence: addressConfidence(address),
      reason: `No coordinate columns; places will be geocoded from ${describeAddress(address)}`,
    }
  } else {
    location = {
      kind: 'none',
      confidence: 0,
      reason: 'No latitude/longitude, coordinate or address columns were found',
    }
    warnings.push({
      code: 'no-location',
      message: 'No coordinates or address columns were found: events will have no place unless you choose columns.',
    })
  }
  return { location, roles, warnings }
}
