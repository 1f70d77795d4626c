import { foldPlaceName, normalizePlaceName } from '../normalize-place-name'
import type { Admin1Record, CountryRecord, OfflineGazetteerData, ZipCodeRecord } from './load-data'
import type { CityColumns } from './read-cities-pbf'
import { MIN_POPULATION_FOR_ALTERNATE_NAMES } from './read-alternate-names'
import { COUNTRIES_WITH_LETTER_REGION_CODES, REGION_ALIASES } from './region-aliases'

/** A first-level region (state, province, Land) with a population-weighted point. */
export interface RegionEntry {
  /** `"<ISO alpha-2>.<admin1 code>"`, e.g. `"US.OH"`. */
  key: string
  /** ISO 3166-1 alpha-2 code of its country. */
  countryCode: string
  /** GeoNames admin1 code, e.g. `"OH"` or `"10"`. */
  adminCode: string
  /** English name, e.g. `"Ohio"`. */
  name: string
  /** Population-weighted mean latitude of its cities, degrees. */
  latitude: number
  /** Population-weighted mean longitude of its cities, degrees. */
  longitude: number
  /** Sum of its cities' populations (a lower bound of the real one). */
  population: number
}

/** Feature code given to towns known only from US ZIP codes (not in GeoNames' cities). */
export const ZIP_TOWN_FEATURE = 'ZIP'

/** The offline gazetteer, indexed by normalized name. Built once per process. */
export interface Gazetteer {
  /** Cities: GeoNames first, then US towns known only from ZIP codes (feature code `ZIP`). */
  cities: CityColumns
  /** Normalized city name → indexes into `cities`. */
  cityIndex: Map<string, number[]>
  /**
   * Normalized other name of a larger city ("munchen", "москва", "cologne") → index into `cities`,
   * or indexes when several cities share it (a bare number saves an array for the 9 in 10 names of
   * one city); only names that differ from the city's own. Read it with {@link citiesByAlternateName}.
   */
  alternateNameIndex: Map<string, number | number[]>
  /** ISO alpha-2 → the normalized city names of that country, for fuzzy matching. */
  cityNamesByCountry: Map<string, string[]>
  /** Normalized names of the cities of 15,000+ people: the close spellings suggested when nothing narrows a name down. */
  largeCityNames: string[]
  /** Region key (`"US.OH"`) → the normalized city names of that region: fuzzy matching scans only these when a region is named. */
  cityNamesByRegion: Map<string, string[]>
  /** Region key (`"US.OH"`) → region. */
  regions: Map<string, RegionEntry>
  /** Normalized region name or code → regions it may mean. */
  regionIndex: Map<string, RegionEntry[]>
  /** ISO alpha-2 → country. */
  countries: Map<string, CountryRecord>
  /** Normalized country name or code in any language → countries it may mean. */
  countryIndex: Map<string, CountryRecord[]>
  /** Five-digit US ZIP code → record. */
  zipCodes: Map<string, ZipCodeRecord>
}

function addToIndex<T>(index: Map<string, T[]>, name: string, value: T): void {
  const key = normalizePlaceName(name)
  if (key === '') return
  const list = index.get(key)
  if (list === undefined) index.set(key, [value])
  else if (!list.includes(value)) list.push(value)
}

/**
 * Other keys a GeoNames name is searched by: "Washington, D.C." → "washington". A section's
 * parenthesis stays ("Zürich (Kreis 11)" must not become a second Zürich).
 */
function cityNameAliases(name: string, featureCode = ''): string[] {
  const aliases: string[] = []
  const comma = name.indexOf(',')
  if (comma > 0) aliases.push(name.slice(0, comma))
  const paren = name.indexOf(' (')
  if (paren > 0 && featureCode !== 'PPLX') aliases.push(name.slice(0, paren))
  // "New York City" is written "New York"; two-word names such as "Kansas City" keep their "City".
  const words = name.split(' ')
  if (words.length >= 3 && words[words.length - 1] === 'City') aliases.push(words.slice(0, -1).join(' '))
  return aliases
}

/** US towns that only the ZIP code data knows, one point per town: the mean of its ZIP centres. */
function zipOnlyTowns(cities: CityColumns, zipCodes: readonly ZipCodeRecord[]): Map<string, ZipCodeRecord[]> {
  const known = new Set<string>()
  for (let i = 0; i < cities.count; i++) {
    if (cities.countryCodes[i] !== 'US') continue
    const name = cities.names[i] ?? ''
    known.add(`${cities.admin1Codes[i]}|${normalizePlaceName(name)}`)
    for (const alias of cityNameAliases(name, cities.featureCodes[i]))
      known.add(`${cities.admin1Codes[i]}|${normalizePlaceName(alias)}`)
  }
  const towns = new Map<string, ZipCodeRecord[]>()
  for (const zip of zipCodes) {
    const key = `${zip.state}|${normalizePlaceName(zip.city)}`
    if (known.has(key)) continue
    const list = towns.get(key)
    if (list === undefined) towns.set(key, [zip])
    else list.push(zip)
  }
  return towns
}

function withZipTowns(cities: CityColumns, towns: Map<string, ZipCodeRecord[]>): CityColumns {
  const count = cities.count + towns.size
  const merged: CityColumns = {
    count,
    names: cities.names.slice(),
    countryCodes: cities.countryCodes.slice(),
    admin1Codes: cities.admin1Codes.slice(),
    featureCodes: cities.featureCodes.slice(),
    populations: new Uint32Array(count),
    latitudes: new Float64Array(count),
    longitudes: new Float64Array(count),
    geonameIds: new Int32Array(count),
  }
  merged.populations.set(cities.populations.subarray(0, cities.count))
  merged.latitudes.set(cities.latitudes.subarray(0, cities.count))
  merged.longitudes.set(cities.longitudes.subarray(0, cities.count))
  merged.geonameIds.set(cities.geonameIds.subarray(0, cities.count))
  let i = cities.count
  for (const zips of towns.values()) {
    const first = zips[0]
    if (first === undefined) continue
    merged.names.push(first.city)
    merged.countryCodes.push('US')
    merged.admin1Codes.push(first.state)
    merged.featureCodes.push(ZIP_TOWN_FEATURE)
    merged.latitudes[i] = zips.reduce((sum, zip) => sum + zip.latitude, 0) / zips.length
    merged.longitudes[i] = zips.reduce((sum, zip) => sum + zip.longitude, 0) / zips.length
    merged.geonameIds[i] = Number(first.zip)
    i++
  }
  return merged
}

function indexRegions(cities: CityColumns, admin1: readonly Admin1Record[]): Map<string, RegionEntry> {
  const sums = new Map<string, { lat: number; lon: number; weight: number; population: number }>()
  for (let i = 0; i < cities.count; i++) {
    // Sections of cities (PPLX) would count their people twice.
    if (cities.featureCodes[i] === ZIP_TOWN_FEATURE || cities.featureCodes[i] === 'PPLX') continue
    const key = `${cities.countryCodes[i]}.${cities.admin1Codes[i]}`
    // Weight by population so a state's point sits where its people live; +1 keeps unknown ones.
    const weight = (cities.populations[i] ?? 0) + 1
    const sum = sums.get(key) ?? { lat: 0, lon: 0, weight: 0, population: 0 }
    sum.lat += (cities.latitudes[i] ?? 0) * weight
    sum.lon += (cities.longitudes[i] ?? 0) * weight
    sum.weight += weight
    sum.population += cities.populations[i] ?? 0
    sums.set(key, sum)
  }
  const regions = new Map<string, RegionEntry>()
  for (const { code, name } of admin1) {
    const sum = sums.get(code)
    const dot = code.indexOf('.')
    if (sum === undefined || dot < 0) continue
    regions.set(code, {
      key: code,
      countryCode: code.slice(0, dot),
      adminCode: code.slice(dot + 1),
      name,
      latitude: sum.lat / sum.weight,
      longitude: sum.lon / sum.weight,
      population: sum.population,
    })
  }
  return regions
}

function indexAlternateNames(
  cities: CityColumns,
  cityIndex: ReadonlyMap<string, number[]>,
  data: OfflineGazetteerData,
): Map<string, number | number[]> {
  const index = new Map<string, number | number[]>()
  const alternates = data.alternateNames
  if (alternates === undefined) return index
  const byGeonameId = new Map<number, number>()
  for (let i = 0; i < data.cities.count; i++) byGeonameId.set(cities.geonameIds[i] ?? 0, i)
  for (let k = 0; k < alternates.names.length; k++) {
    const city = byGeonameId.get(alternates.geonameIds[k] ?? 0)
    if (city === undefined) continue
    const key = foldPlaceName(alternates.names[k] ?? '')
    if (key === '' || cityIndex.get(key)?.includes(city) === true) continue
    const known = index.get(key)
    if (known === undefined) index.set(key, city)
    else if (typeof known === 'number') {
      if (known !== city) index.set(key, [known, city])
    } else if (!known.includes(city)) known.push(city)
  }
  return index
}

/**
 * The cities a normalized name is another name of.
 * @example citiesByAlternateName(gazetteer, 'munchen').map((i) => gazetteer.cities.names[i]) // ['Munich']
 */
export function citiesByAlternateName(gazetteer: Gazetteer, key: string): readonly number[] {
  const found = gazetteer.alternateNameIndex.get(key)
  if (found === undefined) return []
  return typeof found === 'number' ? [found] : found
}

/**
 * Builds the offline gazetteer's indexes from its raw data: city, region and country names in
 * every spelling the data knows (the larger cities' other languages and scripts in an index of their
 * own), normalized with {@link normalizePlaceName}; ZIP codes; and points for regions
 * (population-weighted over their cities).
 * @example indexPlaces(data).cityIndex.get('montreal')?.length // 3 (Canada and two in France)
 */
export function indexPlaces(data: OfflineGazetteerData): Gazetteer {
  const cities = withZipTowns(data.cities, zipOnlyTowns(data.cities, data.zipCodes))
  const cityIndex = new Map<string, number[]>()
  const namesByCountry = new Map<string, Set<string>>()
  const namesByRegion = new Map<string, Set<string>>()
  const addName = (index: Map<string, Set<string>>, key: string, name: string): void => {
    const names = index.get(key) ?? new Set<string>()
    names.add(name)
    index.set(key, names)
  }
  const largeCityNames = new Set<string>()
  for (let i = 0; i < cities.count; i++) {
    const name = cities.names[i] ?? ''
    const country = cities.countryCodes[i] ?? ''
    if ((cities.populations[i] ?? 0) >= MIN_POPULATION_FOR_ALTERNATE_NAMES) largeCityNames.add(normalizePlaceName(name))
    for (const spelling of [name, ...cityNameAliases(name, cities.featureCodes[i])]) {
      addToIndex(cityIndex, spelling, i)
      const normalized = normalizePlaceName(spelling)
      addName(namesByCountry, country, normalized)
      addName(namesByRegion, `${country}.${cities.admin1Codes[i] ?? ''}`, normalized)
    }
  }
  const alternateNameIndex = indexAlternateNames(cities, cityIndex, data)
  const regions = indexRegions(cities, data.admin1)
  const regionIndex = new Map<string, RegionEntry[]>()
  for (const region of regions.values()) {
    addToIndex(regionIndex, region.name, region)
    if (COUNTRIES_WITH_LETTER_REGION_CODES.has(region.countryCode)) addToIndex(regionIndex, region.adminCode, region)
    for (const alias of REGION_ALIASES[region.key] ?? []) addToIndex(regionIndex, alias, region)
  }
  const countries = new Map<string, CountryRecord>()
  const countryIndex = new Map<string, CountryRecord[]>()
  for (const country of data.countries) {
    countries.set(country.alpha2, country)
    for (const name of country.names) addToIndex(countryIndex, name, country)
  }
  return {
    cities,
    cityIndex,
    alternateNameIndex,
    largeCityNames: [...largeCityNames],
    cityNamesByCountry: new Map([...namesByCountry].map(([country, names]) => [country, [...names]])),
    cityNamesByRegion: new Map([...namesByRegion].map(([region, names]) => [region, [...names]])),
    regions,
    regionIndex,
    countries,
    countryIndex,
    zipCodes: new Map(data.zipCodes.map((zip) => [zip.zip, zip])),
  }
}
