/**
 * The files of the offline basemap, as the app serves them under one folder: the styles
 * (`style-light.json`, `style-dark.json`), the GeoJSON they draw, and the place names small maps
 * label (`places.json` and its tiles). Pure, given the data.
 * @module
 */
import { BASEMAP_THEMES, offlineBasemapStyle } from './basemap-style'
import { readNaturalEarth, type NaturalEarthLayers } from './natural-earth'
import { placeFiles, placeLabels, type PlaceLabel } from './place-labels'

/** One served file: its media type and its JSON. */
export interface BasemapFile {
  readonly contentType: 'application/json' | 'application/geo+json'
  readonly json: unknown
}

// The data files of one scale, named with `suffix` (empty for the world view's).
function dataFiles(layers: NaturalEarthLayers, suffix: string): Record<string, BasemapFile> {
  return {
    [`countries${suffix}.geojson`]: { contentType: 'application/geo+json', json: layers.countries },
    [`borders${suffix}.geojson`]: { contentType: 'application/geo+json', json: layers.borders },
    [`coastlines${suffix}.geojson`]: { contentType: 'application/geo+json', json: layers.coastlines },
  }
}

/**
 * Every basemap file by name, for a server that serves them under `folder` (e.g. `/basemap`): the
 * world view's data (1:110m), the detailed data (`-50m`), the place names, and the styles.
 * @param places - the place labels; by default the detailed countries' and GeoNames' cities'
 * @example Object.keys(basemapFiles('/basemap')) // ['countries.geojson', …, 'countries-50m.geojson', …, 'places.json', 'style-light.json', 'style-dark.json']
 */
export function basemapFiles(
  folder: string,
  world: NaturalEarthLayers = readNaturalEarth('110m'),
  detailed: NaturalEarthLayers = readNaturalEarth('50m'),
  places: readonly PlaceLabel[] = placeLabels(detailed.countries),
): Readonly<Record<string, BasemapFile>> {
  const files: Record<string, BasemapFile> = {
    ...dataFiles(world, ''),
    ...dataFiles(detailed, '-50m'),
  }
  for (const [name, labels] of Object.entries(placeFiles(places))) {
    files[name] = { contentType: 'application/json', json: labels }
  }
  for (const theme of BASEMAP_THEMES) {
    files[`style-${theme}.json`] = {
      contentType: 'application/json',
      json: offlineBasemapStyle(theme, folder),
    }
  }
  return files
}
