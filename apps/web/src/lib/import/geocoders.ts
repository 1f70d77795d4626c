/**
 * The geocoding providers an import uses. The offline provider is always there and needs no
 * network; online providers configured in geocoding-providers come first when enabled (a later
 * issue adds them).
 * @module
 */
import { createOfflineProvider, type GeocodingProvider } from '@chronotope/geocoding'

let offline: GeocodingProvider | undefined

/** The providers to try, in priority order. The offline provider loads its data once per process. */
export function importGeocoders(): readonly GeocodingProvider[] {
  offline ??= createOfflineProvider()
  return [offline]
}
