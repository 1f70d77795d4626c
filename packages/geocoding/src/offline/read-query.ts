import { normalizePlaceName } from '../normalize-place-name'
import { isNoPlace, parsePlaceText } from '../parse-place-text'
import type { ParsedPlaceText } from '../parse-place-text'
import type { GeocodingQuery } from '../types'
import type { Gazetteer, RegionEntry } from './index-places'
import type { CountryRecord } from './load-data'

/**
 * One way to read a query: which words name the city and which the region and country. A query
 * like "Georgia" or "Paris, TN" has several readings; the resolver scores each.
 */
export interface PlaceReading {
  /** Words left for the city, most specific first; empty when the query names only a region/country. */
  cityParts: string[]
  /** Regions the query names, already limited to `countries` when both are given. */
  regions?: RegionEntry[]
  /** Countries the query names. */
  countries?: CountryRecord[]
  /** Whether the region or country came from splitting words ("Washington DC"), not from commas. */
  isWordSplit: boolean
}

/** A query taken apart into its readings plus what applies to all of them. */
export interface QueryReadings {
  /** The readings, the literal one (everything a city) first. */
  readings: PlaceReading[]
  /** A ZIP code from the `postalCode` field or the text. */
  postalCode?: string
  /** Whether a street address was given; offline it can only lower the confidence. */
  hasStreet: boolean
  /** ISO alpha-2 code to prefer, upper-cased. */
  countryBias?: string
  /** The place words as the user wrote them, for messages. */
  description: string
}

function lookupCountries(gazetteer: Gazetteer, text: string): CountryRecord[] | undefined {
  return gazetteer.countryIndex.get(normalizePlaceName(text))
}

function lookupRegions(gazetteer: Gazetteer, text: string, countries?: CountryRecord[]): RegionEntry[] | undefined {
  const regions = gazetteer.regionIndex.get(normalizePlaceName(text))
  if (regions === undefined || countries === undefined) return regions
  const inCountries = regions.filter((region) => countries.some((country) => country.alpha2 === region.countryCode))
  return inCountries.length > 0 ? inCountries : undefined
}

/** Every reading that peels known region/country names off the end of `parts`. */
function collectReadings(gazetteer: Gazetteer, reading: PlaceReading, readings: PlaceReading[], depth = 0): void {
  readings.push(reading)
  const last = reading.cityParts[reading.cityParts.length - 1]
  if (last === undefined || depth >= 3) return
  const init = reading.cityParts.slice(0, -1)
  // "Washington DC", "Paris France": the tail words of the last part may name a region or country.
  const tails: Array<{ rest: string[]; tail: string; isWordSplit: boolean }> = [
    { rest: init, tail: last, isWordSplit: reading.isWordSplit },
  ]
  const words = last.split(' ')
  for (let k = 1; k <= 2 && k < words.length; k++) {
    tails.push({
      rest: [...init, words.slice(0, -k).join(' ')],
      tail: words.slice(-k).join(' '),
      isWordSplit: true,
    })
  }
  for (const { rest, tail, isWordSplit } of tails) {
    if (reading.countries === undefined) {
      const countries = lookupCountries(gazetteer, tail)
      if (countries !== undefined) {
        const regions = reading.regions?.filter((region) => countries.some((c) => c.alpha2 === region.countryCode))
        if (reading.regions === undefined || (regions !== undefined && regions.length > 0)) {
          collectReadings(gazetteer, { cityParts: rest, regions, countries, isWordSplit }, readings, depth + 1)
        }
      }
    }
    if (reading.regions === undefined) {
      const regions = lookupRegions(gazetteer, tail, reading.countries)
      if (regions !== undefined) {
        collectReadings(
          gazetteer,
          { cityParts: rest, regions, countries: reading.countries, isWordSplit },
          readings,
          depth + 1,
        )
      }
    }
  }
}

function namesSame(
  gazetteer: Gazetteer,
  part: string,
  regions: RegionEntry[] | undefined,
  countries: CountryRecord[] | undefined,
): boolean {
  const asRegions = lookupRegions(gazetteer, part) ?? []
  const asCountries = lookupCountries(gazetteer, part) ?? []
  return (
    asRegions.some((region) => regions?.includes(region) === true) ||
    asCountries.some((country) => countries?.includes(country) === true)
  )
}

/** The value when it names something; callers outside TypeScript may pass numbers or null. */
/** A US ZIP code from a postal code field, or undefined when it is none. */
function readZipCode(value: unknown): string | undefined {
  if (typeof value !== 'string' && typeof value !== 'number') return undefined
  const digits = String(value)
    .trim()
    .replace(/-\d{4}$/, '')
  // Spreadsheets drop the leading zeros of New England ZIP codes: 2134 → 02134.
  return /^\d{3,5}$/.test(digits) ? digits.padStart(5, '0') : undefined
}

function present(value: unknown): string | undefined {
  if (typeof value === 'number' && Number.isFinite(value)) value = String(value)
  return typeof value !== 'string' || isNoPlace(value) ? undefined : value.trim()
}

/**
 * Takes a query apart into its possible readings against the gazetteer. Structured parts (city,
 * region, country columns) win over the free text: the city column replaces the text's place words,
 * and the region and country columns fix the region and country of every reading.
 * @example readQuery(gazetteer, { text: 'Dayton, OH' }).readings.length // 2: "Dayton OH" as a city, or Dayton in Ohio
 */
export function readQuery(gazetteer: Gazetteer, query: GeocodingQuery): QueryReadings {
  const text = present(query.text)
  const isKnownPlace = (words: string): boolean => {
    const key = normalizePlaceName(words)
    return gazetteer.cityIndex.has(key) || gazetteer.alternateNameIndex.has(key)
  }
  const parsed: ParsedPlaceText = text === undefined ? { parts: [] } : parsePlaceText(text, { isKnownPlace })
  const city = present(query.city)
  const region = present(query.region)
  const country = present(query.country)
  const cityParts = city !== undefined ? parsePlaceText(city, { isKnownPlace }).parts : parsed.parts
  const postalCode = readZipCode(query.postalCode) ?? parsed.postalCode
  const bias = query.countryBias?.trim().toUpperCase()
  const result: QueryReadings = {
    readings: [],
    hasStreet: present(query.street) !== undefined || parsed.street !== undefined,
    description: [...cityParts, region, country].filter((part) => part !== undefined).join(', '),
  }
  if (postalCode !== undefined) result.postalCode = postalCode
  if (bias) result.countryBias = bias

  const countries = country === undefined ? undefined : (lookupCountries(gazetteer, country) ?? [])
  let regions: RegionEntry[] | undefined
  if (region !== undefined) regions = lookupRegions(gazetteer, region, countries) ?? []
  // A region or country column that names nothing known constrains nothing, but the text may
  // still hold the place: read it as a plain part after the others.
  // "Springfield, IL" with a state column "IL": the text's own region/country words are redundant.
  const parts = cityParts.filter((part, index) => index === 0 || !namesSame(gazetteer, part, regions, countries))
  if (regions !== undefined && regions.length === 0) {
    parts.push(region ?? '')
    regions = undefined
  }
  const knownCountries = countries !== undefined && countries.length > 0 ? countries : undefined
  if (countries !== undefined && countries.length === 0) parts.push(country ?? '')
  collectReadings(
    gazetteer,
    { cityParts: parts, regions, countries: knownCountries, isWordSplit: false },
    result.readings,
  )
  return result
}
