/**
 * The MapLibre styles of the offline basemap, light and dark: a sea-coloured background, land
 * from the countries, borders and coastlines as lines. Only GeoJSON sources on this server: no
 * tiles, no sprite, no glyphs (so no text labels), nothing fetched from the internet. Pure.
 * @module
 */
import type { StyleSpecification } from '@maplibre/maplibre-gl-style-spec'

import { DETAIL_METADATA_KEY, DETAIL_MINZOOM } from './basemap-detail'

/** The basemap's themes, as the site's light and dark themes. */
export const BASEMAP_THEMES = ['light', 'dark'] as const
/** A basemap theme. */
export type BasemapTheme = (typeof BASEMAP_THEMES)[number]

/** Where the style finds its data: paths on the same server as the page. */
export interface BasemapDataPaths {
  readonly countries: string
  readonly borders: string
  readonly coastlines: string
}

/** The colours of one theme. */
interface BasemapColours {
  readonly sea: string
  readonly land: string
  readonly border: string
  readonly coast: string
}

// Muted, so the events drawn over them stand out; the dark theme keeps the same contrasts.
const COLOURS: Readonly<Record<BasemapTheme, BasemapColours>> = {
  light: { sea: '#dbe7ef', land: '#f7f6f2', border: '#b9b4a8', coast: '#9fb4c2' },
  dark: { sea: '#0f1a24', land: '#1f262d', border: '#4a525a', coast: '#2f4657' },
}

/**
 * The style of a theme over the given data paths; `detailPaths`, when given, name the detailed
 * data the map swaps in from {@link DETAIL_MINZOOM} (see `basemap-detail.ts`).
 * @example basemapStyle('dark', { countries: '/basemap/countries.geojson', ... }).layers[0].id // 'sea'
 */
export function basemapStyle(
  theme: BasemapTheme,
  paths: BasemapDataPaths,
  detailPaths?: BasemapDataPaths,
): StyleSpecification {
  const colours = COLOURS[theme]
  return {
    version: 8,
    name: `Chronotope ${theme}`,
    ...(detailPaths
      ? { metadata: { [DETAIL_METADATA_KEY]: { minzoom: DETAIL_MINZOOM, data: { ...detailPaths } } } }
      : {}),
    sources: {
      countries: { type: 'geojson', data: paths.countries, attribution: 'Natural Earth' },
      borders: { type: 'geojson', data: paths.borders },
      coastlines: { type: 'geojson', data: paths.coastlines },
    },
    layers: [
      { id: 'sea', type: 'background', paint: { 'background-color': colours.sea } },
      // No antialiased edge: the coastlines are drawn over it, and it would cost a second shader.
      {
        id: 'land',
        type: 'fill',
        source: 'countries',
        paint: { 'fill-color': colours.land, 'fill-antialias': false },
      },
      {
        id: 'coastlines',
        type: 'line',
        source: 'coastlines',
        paint: { 'line-color': colours.coast, 'line-width': ['interpolate', ['linear'], ['zoom'], 0, 0.5, 6, 1.5] },
      },
      {
        id: 'borders',
        type: 'line',
        source: 'borders',
        paint: {
          'line-color': colours.border,
          // Solid, not dashed: a dashed line needs a shader of its own, compiled before the first
          // frame (about 100 ms where WebGL is drawn in software); the colour sets borders apart.
          'line-width': ['interpolate', ['linear'], ['zoom'], 0, 0.4, 6, 1.2],
        },
      },
    ],
  }
}

/**
 * Where a server that serves the basemap under `folder` keeps the data of a scale: `''` for the
 * world view's (1:110m), `'-50m'` for the detailed.
 * @example basemapDataPaths('/basemap', '-50m').countries // '/basemap/countries-50m.geojson'
 */
export function basemapDataPaths(folder: string, suffix: '' | '-50m'): BasemapDataPaths {
  return {
    countries: `${folder}/countries${suffix}.geojson`,
    borders: `${folder}/borders${suffix}.geojson`,
    coastlines: `${folder}/coastlines${suffix}.geojson`,
  }
}

/**
 * The offline style of a theme for a server that serves the basemap under `folder`: exactly what
 * its `style-{theme}.json` holds, so a page can start the map without fetching it.
 * @example offlineBasemapStyle('dark', '/basemap').sources.countries // { type: 'geojson', data: '/basemap/countries.geojson', ... }
 */
export function offlineBasemapStyle(theme: BasemapTheme, folder: string): StyleSpecification {
  return basemapStyle(theme, basemapDataPaths(folder, ''), basemapDataPaths(folder, '-50m'))
}
