/**
 * The files of the offline basemap, as the app serves them under one folder: the styles
 * (`style-light.json`, `style-dark.json`) and the GeoJSON they draw. Pure, given the data.
 * @module
 */
import { BASEMAP_THEMES, basemapStyle, type BasemapDataPaths } from './basemap-style'
import { readNaturalEarth, type NaturalEarthLayers } from './natural-earth'

/** One served file: its media type and its JSON. */
export interface BasemapFile {
  readonly contentType: 'application/json' | 'application/geo+json'
  readonly json: unknown
}

/**
 * Every basemap file by name, for a server that serves them under `folder` (e.g. `/basemap`).
 * @example Object.keys(basemapFiles('/basemap')) // ['countries.geojson', 'borders.geojson', 'coastlines.geojson', 'style-light.json', 'style-dark.json']
 */
export function basemapFiles(
  folder: string,
  layers: NaturalEarthLayers = readNaturalEarth(),
): Readonly<Record<string, BasemapFile>> {
  const paths: BasemapDataPaths = {
    countries: `${folder}/countries.geojson`,
    borders: `${folder}/borders.geojson`,
    coastlines: `${folder}/coastlines.geojson`,
  }
  const files: Record<string, BasemapFile> = {
    'countries.geojson': { contentType: 'application/geo+json', json: layers.countries },
    'borders.geojson': { contentType: 'application/geo+json', json: layers.borders },
    'coastlines.geojson': { contentType: 'application/geo+json', json: layers.coastlines },
  }
  for (const theme of BASEMAP_THEMES) {
    files[`style-${theme}.json`] = { contentType: 'application/json', json: basemapStyle(theme, paths) }
  }
  return files
}
