import { InvalidCountryBias, InvalidGeocodingSettings, NoGeocodingProviders } from './errors'
import type { GeocodeOptions, GeocodingProvider, GeocodingQuery, GeocodingResult, GeocodingSettings } from './types'

/**
 * Checks geocoding settings before an import uses them.
 * @throws {@link InvalidGeocodingSettings} when `minimumConfidence` is not a number from 0 to 1 or
 *   `unplacedRows` is unknown
 * @throws {@link InvalidCountryBias} when `countryBias` is not a two-letter code
 * @example validateGeocodingSettings({ minimumConfidence: 2, unplacedRows: 'row-error' }) // throws "minimumConfidence must be a number from 0 to 1; got 2"
 */
export function validateGeocodingSettings(settings: GeocodingSettings): void {
  const { minimumConfidence, countryBias, unplacedRows } = settings
  if (typeof minimumConfidence !== 'number' || !(minimumConfidence >= 0 && minimumConfidence <= 1)) {
    throw new InvalidGeocodingSettings('minimumConfidence', minimumConfidence, 'a number from 0 to 1')
  }
  if (unplacedRows !== 'row-error' && unplacedRows !== 'event-without-location') {
    throw new InvalidGeocodingSettings('unplacedRows', unplacedRows, '"row-error" or "event-without-location"')
  }
  if (countryBias !== undefined && !/^[A-Za-z]{2}$/.test(countryBias)) throw new InvalidCountryBias(countryBias)
}

/**
 * Whether a result places its event under the settings: resolved with at least the minimum confidence.
 * @example isPlaced({ status: 'resolved', best: { confidence: 0.4, ... }, ... }, { minimumConfidence: 0.5, ... }) // false
 */
export function isPlaced(result: GeocodingResult, settings: Pick<GeocodingSettings, 'minimumConfidence'>): boolean {
  return result.status === 'resolved' && (result.best?.confidence ?? 0) >= settings.minimumConfidence
}

function failure(provider: string, error: unknown): GeocodingResult {
  return { status: 'failed', candidates: [], provider, error: error instanceof Error ? error.message : String(error) }
}

/**
 * Geocodes a query with providers in priority order. The first resolved result at or above
 * `minimumConfidence` wins; on failure, not-found or low confidence the next provider is tried, and
 * when none is confident enough the most confident answer seen is returned (check it with
 * {@link isPlaced}). When nothing resolves, the result is `not-found` if any provider answered,
 * else `failed` with every provider's error. `settings.countryBias` applies unless the query has its own.
 * @throws {@link NoGeocodingProviders} for an empty provider list; rethrows when `signal` aborts
 * @example await geocodeWithProviders({ text: 'Dayton, OH' }, [createOfflineProvider()], DEFAULT_GEOCODING_SETTINGS) // resolved by 'offline', confidence 0.95
 */
export async function geocodeWithProviders(
  query: GeocodingQuery,
  providers: readonly GeocodingProvider[],
  settings: GeocodingSettings,
  options: GeocodeOptions = {},
): Promise<GeocodingResult> {
  validateGeocodingSettings(settings)
  if (providers.length === 0) throw new NoGeocodingProviders()
  const biased: GeocodingQuery =
    query.countryBias === undefined && settings.countryBias !== undefined
      ? { ...query, countryBias: settings.countryBias }
      : query
  let bestSeen: GeocodingResult | undefined
  let notFound: GeocodingResult | undefined
  const failures: GeocodingResult[] = []
  for (const provider of providers) {
    let result: GeocodingResult
    try {
      result = await provider.geocode(biased, options)
    } catch (error) {
      // An abort stops the whole chain; any other exception is this provider's failure.
      if (options.signal?.aborted === true) throw error
      result = failure(provider.name, error)
    }
    if (result.status === 'resolved' && result.best !== undefined) {
      if (result.best.confidence >= settings.minimumConfidence) return result
      if (bestSeen?.best === undefined || result.best.confidence > bestSeen.best.confidence) bestSeen = result
    } else if (result.status === 'failed') {
      failures.push(result)
    } else {
      notFound ??= result
    }
  }
  if (bestSeen !== undefined) return bestSeen
  if (notFound !== undefined) return notFound
  const firstProvider = failures[0]?.provider ?? providers[0]?.name ?? 'none'
  return {
    status: 'failed',
    candidates: [],
    provider: firstProvider,
    error: failures.map((result) => `${result.provider}: ${result.error ?? 'failed'}`).join('; '),
  }
}
