import { distanceKm } from '../distance-km'
import { normalizePlaceName } from '../normalize-place-name'
import type { GeocodingCandidate } from '../types'
import { findSimilarNames } from './fuzzy-match'
import { citiesByAlternateName, ZIP_TOWN_FEATURE } from './index-places'
import { MIN_POPULATION_FOR_ALTERNATE_NAMES } from './read-alternate-names'
import type { Gazetteer } from './index-places'
import { countryName, joinPlaceLabel, regionOfCity } from './place-labels'
import type { PlaceReading } from './read-query'
import { coveredCountryCodes } from './territories'

/** Provider name of every offline candidate. */
export const OFFLINE_PROVIDER_NAME = 'offline'

/** How much a city match can be trusted, by what narrowed it down: [unique, ambiguous base, ambiguous span]. */
const CONFIDENCE_BY_SCOPE = {
  region: [0.95, 0.6, 0.3],
  country: [0.88, 0.5, 0.35],
  bias: [0.8, 0.4, 0.4],
  world: [0.75, 0.35, 0.4],
} as const

/** Population weight of cities in the bias country: large enough to beat a foreign namesake 20× bigger. */
const BIAS_WEIGHT = 20
/** Confidence kept after 1 and 2 typing mistakes. */
const EDIT_FACTORS = [1, 0.85, 0.72]
/**
 * A close spelling ("Sprngfield", "Pheonix, AZ") is a suggestion, never placed without a person's
 * word: its confidence stays below the default minimum (0.5), so the import lists it as not placed
 * with the suggestion to accept.
 */
export const CLOSE_SPELLING_MAX_CONFIDENCE = 0.45
/**
 * Weight of a city found by one of its other names ("Cologne" for Köln) against one found by its own
 * name: the other name of a big city still beats a village's own ("Cologne" in Lombardy), but not a
 * town of comparable size.
 */
const ALTERNATE_NAME_WEIGHT = 0.5
/** Words that some files add after a place name ("Chester Township") and the gazetteer omits. */
const GENERIC_SUFFIXES = new Set(['township', 'borough', 'village', 'town', 'city', 'county', 'municipality'])

interface CityNameOption {
  text: string
  factor: number
}

/**
 * The strings that may name the city: all parts joined, the first part (people write the most
 * specific first), the last remaining one once a region or country was peeled off ("NW, Washington"),
 * each also without a trailing "Township".
 */
function cityNameOptions(parts: readonly string[], isScoped: boolean): CityNameOption[] {
  const options: CityNameOption[] = []
  const add = (text: string | undefined, factor: number): void => {
    if (text === undefined) return
    const normalized = normalizePlaceName(text)
    if (normalized !== '' && !options.some((option) => option.text === normalized)) {
      options.push({ text: normalized, factor })
    }
  }
  add(parts.join(' '), 1)
  add(parts[0], 0.9)
  if (isScoped) add(parts[parts.length - 1], 0.9)
  for (const option of [...options]) {
    const words = option.text.split(' ')
    if (words.length > 1 && GENERIC_SUFFIXES.has(words[words.length - 1] ?? '')) {
      add(words.slice(0, -1).join(' '), option.factor * 0.9)
    }
  }
  return options
}

type Scope = keyof typeof CONFIDENCE_BY_SCOPE

function scopeOf(reading: PlaceReading, countryBias: string | undefined): Scope {
  if (reading.regions !== undefined) return 'region'
  if (reading.countries !== undefined) return 'country'
  return countryBias !== undefined ? 'bias' : 'world'
}

function isInScope(gazetteer: Gazetteer, index: number, reading: PlaceReading): boolean {
  const country = gazetteer.cities.countryCodes[index]
  const admin = gazetteer.cities.admin1Codes[index]
  if (reading.regions !== undefined) {
    return reading.regions.some((region) => region.countryCode === country && region.adminCode === admin)
  }
  if (reading.countries !== undefined) {
    return reading.countries.some((c) => coveredCountryCodes(c.alpha2).includes(country ?? ''))
  }
  return true
}

/**
 * The name lists a misspelling may be matched against: the named regions' (a few hundred names
 * each, so typo matching stays cheap), else the named countries', else the bias country's.
 */
function fuzzyNameLists(gazetteer: Gazetteer, reading: PlaceReading, countryBias: string | undefined): string[][] {
  const lists = (keys: readonly string[], index: Map<string, string[]>): string[][] =>
    [...new Set(keys)].map((key) => index.get(key) ?? [])
  if (reading.regions !== undefined)
    return lists(
      reading.regions.map((region) => region.key),
      gazetteer.cityNamesByRegion,
    )
  if (reading.countries !== undefined)
    return lists(
      reading.countries.flatMap((country) => coveredCountryCodes(country.alpha2)),
      gazetteer.cityNamesByCountry,
    )
  // Nothing narrows the name down: only the larger cities' names are suggested (few, and cheap to scan).
  return countryBias !== undefined ? lists([countryBias], gazetteer.cityNamesByCountry) : [gazetteer.largeCityNames]
}

/** Countries a fuzzy match may lie in: the reading's, else the bias; undefined: anywhere. */
function fuzzyCountries(reading: PlaceReading, countryBias: string | undefined): Set<string> | undefined {
  if (reading.regions !== undefined) return new Set(reading.regions.map((region) => region.countryCode))
  if (reading.countries !== undefined) {
    return new Set(reading.countries.flatMap((country) => coveredCountryCodes(country.alpha2)))
  }
  return countryBias !== undefined ? new Set([countryBias]) : undefined
}

/**
 * Within this distance a city found by another name is the one found by its own name, listed twice
 * by GeoNames ("Lexington" and "Lexington-Fayette", "Derry" and "Derry Village"): not a namesake
 * that makes the name ambiguous.
 */
const SAME_PLACE_KM = 25

function isSamePlace(gazetteer: Gazetteer, a: number, b: number): boolean {
  const { latitudes, longitudes } = gazetteer.cities
  return (
    distanceKm(
      { latitude: latitudes[a] ?? 0, longitude: longitudes[a] ?? 0 },
      { latitude: latitudes[b] ?? 0, longitude: longitudes[b] ?? 0 },
    ) <= SAME_PLACE_KM
  )
}

interface CityMatch {
  index: number
  edits: number
  factor: number
  /** Found by one of the city's other names. */
  isAlternate: boolean
}

function matchCityName(
  gazetteer: Gazetteer,
  option: CityNameOption,
  reading: PlaceReading,
  countryBias: string | undefined,
): CityMatch[] {
  const exact = (gazetteer.cityIndex.get(option.text) ?? []).filter((i) => isInScope(gazetteer, i, reading))
  const alternate = citiesByAlternateName(gazetteer, option.text).filter(
    (i) => !exact.includes(i) && isInScope(gazetteer, i, reading) && !exact.some((e) => isSamePlace(gazetteer, e, i)),
  )
  if (exact.length + alternate.length > 0) {
    return [
      ...exact.map((index) => ({ index, edits: 0, factor: option.factor, isAlternate: false })),
      ...alternate.map((index) => ({ index, edits: 0, factor: option.factor, isAlternate: true })),
    ]
  }
  const matches: CityMatch[] = []
  const countries = fuzzyCountries(reading, countryBias)
  const seen = new Set<number>()
  for (const names of fuzzyNameLists(gazetteer, reading, countryBias)) {
    for (const similar of findSimilarNames(option.text, names)) {
      for (const index of gazetteer.cityIndex.get(similar.name) ?? []) {
        if (seen.has(index)) continue
        const isInCountries = countries?.has(gazetteer.cities.countryCodes[index] ?? '') ?? true
        if (!isInCountries || !isInScope(gazetteer, index, reading)) continue
        if (countries === undefined && (gazetteer.cities.populations[index] ?? 0) < MIN_POPULATION_FOR_ALTERNATE_NAMES)
          continue
        seen.add(index)
        matches.push({ index, edits: similar.edits, factor: option.factor, isAlternate: false })
      }
    }
  }
  return matches
}

function cityCandidate(
  gazetteer: Gazetteer,
  index: number,
  confidence: number,
  hasStreet: boolean,
): GeocodingCandidate {
  const cities = gazetteer.cities
  const country = cities.countryCodes[index] ?? ''
  const region = regionOfCity(gazetteer, country, cities.admin1Codes[index] ?? '')
  const isZipTown = cities.featureCodes[index] === ZIP_TOWN_FEATURE
  const label = joinPlaceLabel([cities.names[index], region?.name, countryName(gazetteer, country)])
  const candidate: GeocodingCandidate = {
    latitude: cities.latitudes[index] ?? 0,
    longitude: cities.longitudes[index] ?? 0,
    label: hasStreet ? `${label} (city centre: the offline geocoder does not place streets)` : label,
    precision: 'city',
    confidence: Math.round(confidence * 1000) / 1000,
    countryCode: country,
    provider: OFFLINE_PROVIDER_NAME,
    sourceId: isZipTown ? `us-zip-town:${cities.geonameIds[index]}` : `geonames:${cities.geonameIds[index]}`,
  }
  if (region !== undefined) candidate.region = region.name
  const population = cities.populations[index] ?? 0
  if (population > 0) candidate.population = population
  return candidate
}

/**
 * Scores the cities a reading may mean. Confidence starts from how the city was narrowed down
 * (region > country > bias country > whole world), falls with ambiguity (the candidate's share of
 * the namesakes' population), with typing mistakes and with a street the offline data cannot place.
 * @example scoreCities(gazetteer, daytonInOhio, undefined, false)[0]?.label // 'Dayton, Ohio, United States'
 */
export function scoreCities(
  gazetteer: Gazetteer,
  reading: PlaceReading,
  countryBias: string | undefined,
  hasStreet: boolean,
): GeocodingCandidate[] {
  if (reading.cityParts.length === 0) return []
  const scope = scopeOf(reading, countryBias)
  const [unique, base, span] = CONFIDENCE_BY_SCOPE[scope]
  const candidates: GeocodingCandidate[] = []
  for (const option of cityNameOptions(reading.cityParts, scope === 'region' || scope === 'country')) {
    const matches = matchCityName(gazetteer, option, reading, countryBias)
    if (matches.length === 0) continue
    const weightOf = (match: CityMatch): number => {
      const population = (gazetteer.cities.populations[match.index] ?? 0) + 1
      const inBias = gazetteer.cities.countryCodes[match.index] === countryBias
      const nameWeight = match.isAlternate ? ALTERNATE_NAME_WEIGHT : 1
      return (population * nameWeight * (inBias && scope === 'bias' ? BIAS_WEIGHT : 1)) / (1 + match.edits)
    }
    const total = matches.reduce((sum, match) => sum + weightOf(match), 0)
    for (const match of matches) {
      const scored =
        (matches.length === 1 ? unique : base + span * (weightOf(match) / total)) *
        (EDIT_FACTORS[match.edits] ?? 0.6) *
        match.factor *
        (reading.isWordSplit ? 0.97 : 1) *
        (hasStreet ? 0.8 : 1)
      const confidence = match.edits > 0 ? CLOSE_SPELLING_MAX_CONFIDENCE * Math.min(1, scored / unique) : scored
      candidates.push(cityCandidate(gazetteer, match.index, confidence, hasStreet))
    }
  }
  return candidates
}
