/**
 * How exactly a geocoded point locates a place, from coarsest to finest.
 * The offline provider never returns `'street'` or `'rooftop'`: it places a street address at its city.
 */
export type LocationPrecision = 'country' | 'region' | 'city' | 'postal' | 'street' | 'rooftop'

/** Every {@link LocationPrecision}, coarsest first; useful for ordering and validation. */
export const LOCATION_PRECISIONS: readonly LocationPrecision[] = [
  'country',
  'region',
  'city',
  'postal',
  'street',
  'rooftop',
]

/**
 * What the app knows about one place: free text and/or structured parts (other columns of the row).
 * Structured parts win over what the free text says.
 */
export interface GeocodingQuery {
  /** Free text as written in the file, e.g. `"Springfield, IL"` or `"12 Main St, Dayton, OH 45402"`. */
  text?: string
  /** Street address, e.g. `"300 block Iris Park Dr"`. */
  street?: string
  /** City, town or village name. */
  city?: string
  /** First-level region: a state, province or Land, by name or code (`"Ohio"`, `"OH"`). */
  region?: string
  /** Country by name in any common language, ISO 3166-1 alpha-2 or alpha-3 code. */
  country?: string
  /** Postal code, e.g. a US ZIP code `"45402"`. */
  postalCode?: string
  /** ISO 3166-1 alpha-2 code of the country to prefer when the query names none, e.g. `"US"`. */
  countryBias?: string
}

/** Product type "geocoding candidate": one place a query may mean, with a point in WGS 84 degrees. */
export interface GeocodingCandidate {
  /** Latitude in decimal degrees (WGS 84), -90..90. */
  latitude: number
  /** Longitude in decimal degrees (WGS 84), -180..180. */
  longitude: number
  /** Human-readable name of the place, e.g. `"Springfield, Illinois, United States"`. */
  label: string
  /** How exactly the point locates the place. */
  precision: LocationPrecision
  /** How sure the provider is that this is the place meant, 0 (guess) to 1 (certain). */
  confidence: number
  /** ISO 3166-1 alpha-2 code of the place's country. */
  countryCode?: string
  /** Name of the place's first-level region (state, province, Land). */
  region?: string
  /** Number of inhabitants, when known. */
  population?: number
  /** Name of the provider that found the candidate, e.g. `"offline"`. */
  provider: string
  /** The provider's identifier of the place, e.g. `"geonames:4250542"`. */
  sourceId?: string
}

/** Product type "geocoding result": the outcome of geocoding one query with one provider or a chain. */
export interface GeocodingResult {
  /** `'resolved'`: `best` is set; `'not-found'`: nothing matched; `'failed'`: the provider errored. */
  status: 'resolved' | 'not-found' | 'failed'
  /** The chosen candidate, when resolved. */
  best?: GeocodingCandidate
  /** Ranked candidates, best first (so `candidates[0]` is `best` when resolved), at most 5. */
  candidates: GeocodingCandidate[]
  /** Name of the provider that produced this result. */
  provider: string
  /** Why the provider failed (status `'failed'`), or why nothing was found. */
  error?: string
}

/** Product type "geocoding results map": normalized query key ({@link normalizeGeocodingQuery}) → result. */
export type GeocodingResultsMap = Map<string, GeocodingResult>

/** Per-call options of {@link GeocodingProvider.geocode}. */
export interface GeocodeOptions {
  /** Aborts the call; the promise then rejects with the signal's reason. */
  signal?: AbortSignal
}

/**
 * A source of geocoding results: the offline gazetteer or an online service.
 * Online providers receive their `fetch` and rate limits when they are created.
 */
export interface GeocodingProvider {
  /** Stable name recorded on every event it places, e.g. `"offline"`, `"nominatim"`. */
  readonly name: string
  /** Whether the provider sends queries over the network. */
  readonly isOnline: boolean
  /**
   * Geocodes one query. Resolves `not-found` when nothing matches and `failed` when the provider
   * could not answer (network, quota); rejects only when aborted.
   */
  geocode(query: GeocodingQuery, options?: GeocodeOptions): Promise<GeocodingResult>
}

/** Product type "geocoding settings": how an import geocodes its places. */
export interface GeocodingSettings {
  /** Results below this confidence (0..1) make the chain try the next provider; default 0.5. */
  minimumConfidence: number
  /** ISO 3166-1 alpha-2 code to prefer when a place names no country, e.g. `"US"`. */
  countryBias?: string
  /** What a row whose place cannot be resolved becomes: a row error or an event without location. */
  unplacedRows: 'row-error' | 'event-without-location'
}

/** The settings an import uses when nobody changed them: offline-friendly and forgiving. */
export const DEFAULT_GEOCODING_SETTINGS: Readonly<GeocodingSettings> = Object.freeze({
  minimumConfidence: 0.5,
  unplacedRows: 'event-without-location',
})
