/**
 * The offline basemap: Natural Earth countries, borders and coastlines (world-atlas) as GeoJSON,
 * and the MapLibre styles, light and dark, that draw them from this server alone.
 * @module
 */
export { BASEMAP_THEMES, basemapDataPaths, basemapStyle, offlineBasemapStyle } from './basemap-style'
export type { BasemapDataPaths, BasemapTheme } from './basemap-style'
export { naturalEarthLayers, readNaturalEarth } from './natural-earth'
export type { NaturalEarthLayers, NaturalEarthScale } from './natural-earth'
export { basemapDetailOf, DETAIL_METADATA_KEY, DETAIL_MINZOOM, sourcesToDetail } from './basemap-detail'
export type { BasemapDetail } from './basemap-detail'
export { basemapFiles } from './basemap-files'
export type { BasemapFile } from './basemap-files'
