/**
 * The basemap's two levels of detail. Natural Earth's 1:110 million countries draw the whole world
 * and its continents (zoom below {@link DETAIL_MINZOOM}) at a tenth of the data; the 1:50 million
 * ones draw closer views. MapLibre reads every GeoJSON source of a style as soon as the style
 * loads, whatever the zoom, so the style names the 1:110m data and keeps where the detailed data
 * is in its `metadata`; the map swaps it in when it is first zoomed in. Safe for the browser.
 * @module
 */

/** The zoom from which the map draws the detailed (1:50m) basemap. */
export const DETAIL_MINZOOM = 2

/** The style metadata key that says where the detailed data is. */
export const DETAIL_METADATA_KEY = 'chronotope:detail'

/** Where a style's detailed data is: per GeoJSON source id, its detailed data's URL. */
export interface BasemapDetail {
  readonly minzoom: number
  readonly data: Readonly<Record<string, string>>
}

/**
 * The detail a style's `metadata` declares, or null for a style without (an online style, say).
 * @example basemapDetailOf({ 'chronotope:detail': { minzoom: 2, data: { countries: '/basemap/countries-50m.geojson' } } })
 * // { minzoom: 2, data: { countries: '/basemap/countries-50m.geojson' } }
 */
export function basemapDetailOf(metadata: unknown): BasemapDetail | null {
  if (typeof metadata !== 'object' || metadata === null) return null
  const detail = (metadata as Record<string, unknown>)[DETAIL_METADATA_KEY]
  if (typeof detail !== 'object' || detail === null) return null
  const { minzoom, data } = detail as Record<string, unknown>
  if (typeof minzoom !== 'number' || typeof data !== 'object' || data === null) return null
  const entries = Object.entries(data as Record<string, unknown>).filter(
    (entry): entry is [string, string] => typeof entry[1] === 'string',
  )
  return { minzoom, data: Object.fromEntries(entries) }
}

/**
 * The sources to give their detailed data at `zoom`: those whose data (as `dataOf` reads it from
 * the map) is not the detailed one yet. Once detailed, a source stays so when zoomed out again.
 * @example sourcesToDetail(detail, 3, () => '/basemap/countries.geojson') // [['countries', '/basemap/countries-50m.geojson']]
 */
export function sourcesToDetail(
  detail: BasemapDetail | null,
  zoom: number,
  dataOf: (sourceId: string) => unknown,
): Array<[sourceId: string, url: string]> {
  if (!detail || zoom < detail.minzoom) return []
  return Object.entries(detail.data).filter(([sourceId, url]) => {
    const current = dataOf(sourceId)
    return current !== undefined && current !== url
  })
}
