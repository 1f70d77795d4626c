/**
 * The offline basemap: Natural Earth countries, borders and coastlines (world-atlas) as GeoJSON,
 * the MapLibre styles, light and dark, that draw them from this server alone, and the names of
 * countries and cities that small maps label.
 * @module
 */
export { BASEMAP_THEMES, basemapDataPaths, basemapStyle, offlineBasemapStyle } from './basemap-style'
export type { BasemapDataPaths, BasemapTheme } from './basemap-style'
export { naturalEarthLayers, readNaturalEarth } from './natural-earth'
export type { NaturalEarthLayers, NaturalEarthScale } from './natural-earth'
export { basemapDetailOf, DETAIL_METADATA_KEY, DETAIL_MINZOOM, sourcesToDetail } from './basemap-detail'
export type { BasemapDetail } from './basemap-detail'
export { basemapFiles } from './basemap-files'
export {
  cityLabels,
  cityMinZoom,
  countryLabels,
  countryMinZoom,
  MIN_CITY_POPULATION,
  placeFiles,
  placeLabels,
  ringAreaKm2,
} from './place-labels'
export type { CityRecord, PlaceLabel, PlaceLabelKind } from './place-labels'
export { PLACE_TILE_DEG, PLACE_TILES_FROM_ZOOM, placeTileFile, placeTileKey, placeTilesOfBox } from './place-tiles'
export type { BasemapFile } from './basemap-files'
