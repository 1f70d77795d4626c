import type { LocationPrecision } from '../types'

/**
 * Place type words of the online APIs (Nominatim `addresstype`/`type`, Photon `type`/`osm_value`,
 * OpenCage `_type`, Google `types`, Pelias `layer`) → the precision they give.
 */
const PRECISION_BY_PLACE_TYPE: Readonly<Record<string, LocationPrecision>> = {
  country: 'country',
  continent: 'country',
  dependency: 'country',
  state: 'region',
  region: 'region',
  province: 'region',
  macroregion: 'region',
  state_district: 'region',
  county: 'region',
  macrocounty: 'region',
  administrative_area_level_1: 'region',
  administrative_area_level_2: 'region',
  city: 'city',
  town: 'city',
  village: 'city',
  hamlet: 'city',
  municipality: 'city',
  locality: 'city',
  localadmin: 'city',
  borough: 'city',
  suburb: 'city',
  district: 'city',
  city_district: 'city',
  neighbourhood: 'city',
  quarter: 'city',
  sublocality: 'city',
  postal_town: 'city',
  postcode: 'postal',
  postalcode: 'postal',
  postal_code: 'postal',
  road: 'street',
  street: 'street',
  route: 'street',
  residential: 'street',
  house: 'rooftop',
  building: 'rooftop',
  address: 'rooftop',
  street_address: 'rooftop',
  premise: 'rooftop',
  subpremise: 'rooftop',
  venue: 'rooftop',
  house_number: 'rooftop',
}

/**
 * The precision of the first place type word that names one, e.g. Google's
 * `['locality', 'political']` → `'city'`; undefined when none does.
 * @example precisionOfPlaceTypes(['locality', 'political']) // 'city'
 */
export function precisionOfPlaceTypes(types: readonly (string | undefined)[]): LocationPrecision | undefined {
  for (const type of types) {
    const precision = type === undefined ? undefined : PRECISION_BY_PLACE_TYPE[type.toLowerCase()]
    if (precision !== undefined) return precision
  }
  return undefined
}

/**
 * Rounds a confidence into 0..1 with three decimals.
 * @example clampConfidence(1.2) // 1
 */
export function clampConfidence(value: number): number {
  if (!Number.isFinite(value)) return 0
  return Math.round(Math.min(1, Math.max(0, value)) * 1000) / 1000
}
