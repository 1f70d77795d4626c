import { normalizePlaceName } from '../normalize-place-name'
import type { GeocodingCandidate } from '../types'
import type { Gazetteer, RegionEntry } from './index-places'
import type { CountryRecord } from './load-data'
import { countryName, joinPlaceLabel } from './place-labels'
import type { PlaceReading } from './read-query'
import { OFFLINE_PROVIDER_NAME } from './score-cities'

/** Confidence of a region or country named on its own, when nothing else goes by that name. */
const UNIQUE_REGION_CONFIDENCE = 0.9
const UNIQUE_COUNTRY_CONFIDENCE = 0.95
/** Confidence of the region or country when a city was asked for but not found in it. */
const CITY_NOT_FOUND_REGION_CONFIDENCE = 0.45
const CITY_NOT_FOUND_COUNTRY_CONFIDENCE = 0.3
/** Factor when a big city or (in the bias country) a region goes by the same name: "New York", "Georgia". */
const NAMESAKE_FACTOR = 0.6

function regionCandidate(gazetteer: Gazetteer, region: RegionEntry, confidence: number): GeocodingCandidate {
  const candidate: GeocodingCandidate = {
    latitude: region.latitude,
    longitude: region.longitude,
    label: joinPlaceLabel([region.name, countryName(gazetteer, region.countryCode)]),
    precision: 'region',
    confidence: Math.round(confidence * 1000) / 1000,
    countryCode: region.countryCode,
    region: region.name,
    provider: OFFLINE_PROVIDER_NAME,
    sourceId: `geonames-admin1:${region.key}`,
  }
  if (region.population > 0) candidate.population = region.population
  return candidate
}

function countryCandidate(country: CountryRecord, confidence: number): GeocodingCandidate {
  return {
    latitude: country.latitude,
    longitude: country.longitude,
    label: country.name,
    precision: 'country',
    confidence: Math.round(confidence * 1000) / 1000,
    countryCode: country.alpha2,
    provider: OFFLINE_PROVIDER_NAME,
    sourceId: `iso3166:${country.alpha2}`,
  }
}

/** Population of the largest city of exactly this name; 0 when there is none. */
function largestCityNamed(gazetteer: Gazetteer, names: readonly string[]): number {
  let largest = 0
  for (const name of names) {
    for (const index of gazetteer.cityIndex.get(normalizePlaceName(name)) ?? []) {
      largest = Math.max(largest, gazetteer.cities.populations[index] ?? 0)
    }
  }
  return largest
}

/**
 * Share of a region's population a same-named city must reach to be the likelier meaning of the
 * bare name: "New York" (the city holds half the state) and "Berlin" are cities; "Ohio" (a village
 * in Illinois) and "Ontario" (a city in California) are regions.
 */
const NAMESAKE_CITY_SHARE = 0.2

/**
 * Scores the region or country a reading names when it names no city, or as the fallback when its
 * city is not found ("Smalltown, Iowa" → Iowa, with low confidence). Among several regions of one
 * name the bias country's wins, then the most populous.
 * @example scoreAreas(gazetteer, ohioOnly, undefined)[0]?.label // 'Ohio, United States'
 */
export function scoreAreas(
  gazetteer: Gazetteer,
  reading: PlaceReading,
  countryBias: string | undefined,
  spelledAs: readonly string[],
): GeocodingCandidate[] {
  const isFallback = reading.cityParts.length > 0
  if (reading.regions !== undefined) {
    const regions = reading.regions
    const weightOf = (region: RegionEntry): number =>
      (region.population + 1) * (region.countryCode === countryBias ? 20 : 1)
    const total = regions.reduce((sum, region) => sum + weightOf(region), 0)
    const largestCity = isFallback ? 0 : largestCityNamed(gazetteer, spelledAs)
    return regions.map((region) => {
      const namesake = largestCity > 0 && largestCity >= NAMESAKE_CITY_SHARE * region.population ? NAMESAKE_FACTOR : 1
      const share = weightOf(region) / total
      const confidence = isFallback
        ? CITY_NOT_FOUND_REGION_CONFIDENCE * share
        : (regions.length === 1 ? UNIQUE_REGION_CONFIDENCE : 0.5 + 0.4 * share) * namesake
      return regionCandidate(gazetteer, region, confidence * (reading.isWordSplit ? 0.97 : 1))
    })
  }
  if (reading.countries !== undefined) {
    const countries = reading.countries
    // "Georgia" in a US file means the state: a same-named region of the bias country lowers the country.
    const biasRegionNamesake = spelledAs.some((name) =>
      (gazetteer.regionIndex.get(normalizePlaceName(name)) ?? []).some((r) => r.countryCode === countryBias),
    )
    return countries.map((country) => {
      const confidence = isFallback
        ? CITY_NOT_FOUND_COUNTRY_CONFIDENCE / countries.length
        : (UNIQUE_COUNTRY_CONFIDENCE / countries.length) * (biasRegionNamesake ? NAMESAKE_FACTOR : 1)
      return countryCandidate(country, confidence * (reading.isWordSplit ? 0.97 : 1))
    })
  }
  return []
}

/**
 * Scores a US ZIP code: its centre at precision `'postal'`; more sure when the query's city or
 * state agree with the ZIP's town, less when they contradict it.
 * @example scorePostalCode(gazetteer, '45402', readings)?.label // '45402 Dayton, Ohio, United States'
 */
export function scorePostalCode(
  gazetteer: Gazetteer,
  postalCode: string,
  readings: readonly PlaceReading[],
): GeocodingCandidate | undefined {
  const zip = gazetteer.zipCodes.get(postalCode)
  if (zip === undefined) return undefined
  const town = normalizePlaceName(zip.city)
  const namesCity = readings.some((reading) => reading.cityParts.some((part) => normalizePlaceName(part) === town))
  const withRegion = readings.filter((reading) => reading.regions !== undefined)
  const namesOtherState =
    withRegion.length > 0 &&
    withRegion.every((reading) => !reading.regions?.some((r) => r.countryCode === 'US' && r.adminCode === zip.state))
  const withCountry = readings.filter((reading) => reading.countries !== undefined)
  const countryMismatch =
    withCountry.length > 0 && withCountry.every((reading) => !reading.countries?.some((c) => c.alpha2 === 'US'))
  let confidence = namesCity ? 0.97 : 0.9
  if (namesOtherState || countryMismatch) confidence = 0.4
  const region = gazetteer.regions.get(`US.${zip.state}`)
  const candidate: GeocodingCandidate = {
    latitude: zip.latitude,
    longitude: zip.longitude,
    label: joinPlaceLabel([`${zip.zip} ${zip.city}`, region?.name ?? zip.state, countryName(gazetteer, 'US')]),
    precision: 'postal',
    confidence,
    countryCode: 'US',
    provider: OFFLINE_PROVIDER_NAME,
    sourceId: `us-zip:${zip.zip}`,
  }
  if (region !== undefined) candidate.region = region.name
  return candidate
}
