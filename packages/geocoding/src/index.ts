/**
 * Geocoding for Chronotope imports: turns the places people write ("Springfield, IL", "Montréal",
 * "Deutschland", "45402") into points with a precision and a confidence.
 *
 * - {@link GeocodingProvider} is the seam every geocoder implements; {@link createOfflineProvider}
 *   is the built-in one (no network, no configuration: GeoNames cities, regions, countries, US ZIPs).
 * - {@link geocodeWithProviders} tries providers in priority order under {@link GeocodingSettings}.
 * - {@link createOnlineProvider} speaks Nominatim, LocationIQ, Photon, OpenCage, Google and Pelias
 *   (opt-in, with retries and a {@link RateLimiter} awaited before every request), through
 *   {@link createGuardedFetch}: only http/https to public addresses, unless allow-listed
 *   ({@link checkOutboundUrl}, {@link parseAllowedHosts}).
 * - {@link normalizeGeocodingQuery} gives the cache key of the app's `location-cache`.
 * - {@link summarizeResolution} and {@link inferDatasetCountry} work on a whole import's places.
 *
 * The package is pure apart from the offline provider reading its bundled data files once per process;
 * online providers use the `fetch` they are given (by default one that refuses non-public addresses).
 * @module
 */
export type {
  GeocodeOptions,
  GeocodingCandidate,
  GeocodingProvider,
  GeocodingQuery,
  GeocodingResult,
  GeocodingResultsMap,
  GeocodingSettings,
  LocationPrecision,
} from './types'
export { DEFAULT_GEOCODING_SETTINGS, LOCATION_PRECISIONS } from './types'
export { InvalidCountryBias, InvalidGeocodingSettings, NoGeocodingProviders, OfflineDataUnavailable } from './errors'
export { normalizePlaceName } from './normalize-place-name'
export { normalizeGeocodingQuery } from './normalize-query'
export { isNoPlace, looksLikeStreet, parsePlaceText } from './parse-place-text'
export type { ParsedPlaceText, ParsePlaceTextOptions } from './parse-place-text'
export { isCompoundStreetName, splitStreetAddress } from './split-street-address'
export type { IsKnownPlace, StreetAndPlace } from './split-street-address'
export { geocodeWithProviders, isPlaced, validateGeocodingSettings } from './provider-chain'
export {
  MAX_LOW_CONFIDENCE_PLACES,
  MAX_NOT_PLACED_PLACES,
  MAX_SUGGESTIONS,
  summarizeResolution,
} from './resolution-stats'
export type {
  LowConfidencePlace,
  NotPlacedPlace,
  NotPlacedReason,
  ResolutionStats,
  SuggestedPlace,
} from './resolution-stats'
export { inferDatasetCountry } from './infer-dataset-country'
export { distanceKm } from './distance-km'
export type { LatLng } from './distance-km'
export { createOfflineProvider } from './offline/offline-provider'
export type { OfflineProvider, OfflineProviderOptions } from './offline/offline-provider'
export type { Admin1Record, CountryRecord, OfflineGazetteerData, ZipCodeRecord } from './offline/load-data'
export type { CityColumns } from './offline/read-cities-pbf'
export { OFFLINE_DATA_ATTRIBUTION } from './offline/attribution'
export { OFFLINE_PROVIDER_NAME } from './offline/score-cities'
export {
  createOnlineProvider,
  DEFAULT_USER_AGENT,
  ONLINE_PROVIDER_TYPES,
  UnknownProviderType,
} from './online/create-online-provider'
export type { OnlineProviderConfig, OnlineProviderType } from './online/create-online-provider'
export { createIntervalRateLimiter, InvalidRequestRate, sleepMs } from './online/rate-limiter'
export type { RateLimiter, RateLimiterClock } from './online/rate-limiter'
export { MissingProviderSetting, ProviderRequestFailed } from './online/provider-errors'
export {
  checkOutboundUrl,
  InvalidAllowedHost,
  OutboundRequestRefused,
  parseAllowedHosts,
  refusedAddressReason,
  shownUrl,
} from './online/outbound-policy'
export type { OutboundAllowList } from './online/outbound-policy'
export { createGuardedFetch } from './online/guarded-fetch'
export type { AddressResolver, GuardedFetchOptions } from './online/guarded-fetch'
export { MAX_RETRY_AFTER_MS, parseRetryAfterMs } from './online/retry-after'
