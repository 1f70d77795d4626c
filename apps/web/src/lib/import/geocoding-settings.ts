/**
 * The geocoding settings of one import: the dataset's, with the upload's choice on top.
 * @module
 */
import type { GeocodingSettings } from '@chronotope/geocoding'

import type { DatasetDoc, StoredMapping } from './import-documents'
import type { ImportOptions } from './import-options'

/** Results below this confidence do not place an event unless a dataset says otherwise. */
export const DEFAULT_MINIMUM_CONFIDENCE = 0.5

/** Geocoding settings for an import, and whether it geocodes at all. */
export interface ImportGeocodingSettings extends GeocodingSettings {
  /** Whether the sheet's places are geocoded: it has address columns and geocoding is on. */
  readonly isEnabled: boolean
}

/**
 * Resolves the geocoding settings of an import.
 * @example importGeocodingSettings(dataset, {}, mapping).unplacedRows // 'event-without-location'
 */
export function importGeocodingSettings(
  dataset: DatasetDoc,
  options: ImportOptions,
  mapping: StoredMapping,
): ImportGeocodingSettings {
  const wanted = options.geocode ?? dataset.geocoding?.enabled ?? true
  return {
    isEnabled: wanted && mapping.location.kind === 'address',
    minimumConfidence: DEFAULT_MINIMUM_CONFIDENCE,
    ...(dataset.geocoding?.countryBias ? { countryBias: dataset.geocoding.countryBias } : {}),
    unplacedRows: dataset.geocoding?.unplacedRows ?? 'event-without-location',
  }
}
