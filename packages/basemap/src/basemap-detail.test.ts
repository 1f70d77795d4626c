import { validateStyleMin } from '@maplibre/maplibre-gl-style-spec'
import { describe, expect, it } from 'vitest'

import { basemapDetailOf, DETAIL_MINZOOM, sourcesToDetail } from './basemap-detail'
import { basemapFiles } from './basemap-files'
import type { NaturalEarthLayers } from './natural-earth'

const empty: NaturalEarthLayers = {
  countries: { type: 'FeatureCollection', features: [] },
  borders: { type: 'Feature', properties: {}, geometry: { type: 'MultiLineString', coordinates: [] } },
  coastlines: { type: 'Feature', properties: {}, geometry: { type: 'MultiLineString', coordinates: [] } },
}

describe('the basemap styles’ two levels of detail', () => {
  const files = basemapFiles('/basemap', empty, empty, [])
  const style = files['style-light.json']!.json as { sources: Record<string, { data: string }>; metadata: unknown }

  it('draw the world view’s data and name the detailed data of every source in their metadata', () => {
    expect(validateStyleMin(style as never)).toEqual([])
    expect(style.sources.countries!.data).toBe('/basemap/countries.geojson')
    const detail = basemapDetailOf(style.metadata)!
    expect(detail.minzoom).toBe(DETAIL_MINZOOM)
    expect(detail.data).toEqual({
      countries: '/basemap/countries-50m.geojson',
      borders: '/basemap/borders-50m.geojson',
      coastlines: '/basemap/coastlines-50m.geojson',
    })
    for (const url of Object.values(detail.data)) expect(files).toHaveProperty(url.replace('/basemap/', ''))
  })

  it('swap in the detailed data once zoomed in, only for sources that lack it', () => {
    const detail = basemapDetailOf(style.metadata)
    const current: Record<string, string> = {
      countries: '/basemap/countries.geojson',
      borders: '/basemap/borders-50m.geojson',
      coastlines: '/basemap/coastlines.geojson',
    }
    expect(sourcesToDetail(detail, DETAIL_MINZOOM - 0.5, (id) => current[id])).toEqual([])
    expect(sourcesToDetail(detail, DETAIL_MINZOOM, (id) => current[id])).toEqual([
      ['countries', '/basemap/countries-50m.geojson'],
      ['coastlines', '/basemap/coastlines-50m.geojson'],
    ])
    // A source the map does not have (a style changed meanwhile) is left alone.
    expect(sourcesToDetail(detail, 5, () => undefined)).toEqual([])
  })

  it('read no detail from a style without it, such as an online style', () => {
    for (const metadata of [undefined, null, 'x', {}, { 'chronotope:detail': { minzoom: '2', data: {} } }])
      expect(basemapDetailOf(metadata)).toBeNull()
    expect(sourcesToDetail(null, 10, () => 'anything')).toEqual([])
  })
})
