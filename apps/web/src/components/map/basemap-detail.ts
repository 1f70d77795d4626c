/**
 * Keeps a map's offline basemap as detailed as its zoom needs: the style draws Natural Earth's
 * 1:110m data, and from the zoom its metadata names (`@chronotope/basemap/detail`) the sources get
 * their 1:50m data, once. A world view thus never waits for the detailed data, which costs the
 * first marks several hundred milliseconds where WebGL runs on the CPU. Styles without that
 * metadata (an online style) are left as they are.
 * @module
 */
import { basemapDetailOf, sourcesToDetail, type BasemapDetail } from '@chronotope/basemap/detail'
import type { GeoJSONSource, Map as MapLibreMap } from 'maplibre-gl'

/**
 * Follows `map`'s style loads and zooms, swapping in the detailed basemap data when due.
 * @returns a function that stops following
 */
export function keepBasemapDetailed(map: MapLibreMap): () => void {
  let detail: BasemapDetail | null = null
  // The data each source was last given here; a new style starts again from its own data.
  let given = new Map<string, string>()
  const update = () => {
    const due = sourcesToDetail(detail, map.getZoom(), (sourceId) =>
      map.getSource(sourceId)?.type === 'geojson' ? (given.get(sourceId) ?? null) : undefined,
    )
    for (const [sourceId, url] of due) {
      map.getSource<GeoJSONSource>(sourceId)!.setData(url)
      given.set(sourceId, url)
    }
  }
  const onStyleLoad = () => {
    detail = basemapDetailOf(map.getStyle().metadata)
    given = new Map()
    update()
  }
  map.on('style.load', onStyleLoad)
  map.on('zoomend', update)
  if (map.isStyleLoaded()) onStyleLoad()
  return () => {
    map.off('style.load', onStyleLoad)
    map.off('zoomend', update)
  }
}
