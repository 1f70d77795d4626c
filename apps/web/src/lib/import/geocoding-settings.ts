/**
 * The geocoding settings of one import: the instance's defaults, the dataset's overrides, and the
 * upload's choice on top.
 * @module
 */
import type { GeocodingSettings } from '@chronotope/geocoding'

import { settings as appSettings } from '../../config/settings'
import { idOf, type DatasetDoc, type StoredMapping } from './import-documents'
import type { ImportOptions } from './import-options'

/** Which geocoding providers an import may use. */
export interface ProviderChoice {
  /** Ids of the geocoding-providers documents to use; null means every enabled one. */
  readonly providerIds: readonly number[] | null
  /** Whether the offline provider answers what the chosen providers could not. */
  readonly offlineFallback: boolean
}

/** Geocoding settings for an import, and whether it geocodes at all. */
export interface ImportGeocodingSettings extends GeocodingSettings, ProviderChoice {
  /**
   * Whether the sheet's places are geocoded: it has address columns (the location itself, or beside
   * coordinate columns for rows whose coordinate cells are empty) and geocoding is on.
   */
  readonly isEnabled: boolean
}

/** The providers a dataset chose, or every enabled one. */
export function datasetProviderChoice(dataset: DatasetDoc): ProviderChoice {
  const chosen = (dataset.geocoding?.providers ?? [])
    .map((provider) => idOf(provider))
    .filter((id): id is number => id !== undefined)
  return { providerIds: chosen.length > 0 ? chosen : null, offlineFallback: dataset.geocoding?.offlineFallback ?? true }
}

function hasAddressColumns(location: StoredMapping['location']): boolean {
  if (location.kind === 'address') return true
  if (location.kind === 'none' || location.kind === 'geometry') return false
  return Object.values(location.address ?? {}).some((column) => typeof column === 'string' && column !== '')
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
  const minimum = dataset.geocoding?.minimumConfidence
  return {
    isEnabled: wanted && hasAddressColumns(mapping.location),
    minimumConfidence:
      typeof minimum === 'number' && minimum >= 0 && minimum <= 1 ? minimum : appSettings.geocodingMinimumConfidence,
    ...(dataset.geocoding?.countryBias ? { countryBias: dataset.geocoding.countryBias } : {}),
    unplacedRows: dataset.geocoding?.unplacedRows ?? 'event-without-location',
    ...datasetProviderChoice(dataset),
  }
}
