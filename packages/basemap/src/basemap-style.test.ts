import { validateStyleMin } from '@maplibre/maplibre-gl-style-spec'
import { describe, expect, it } from 'vitest'

import { BASEMAP_THEMES, basemapStyle } from './basemap-style'

const PATHS = {
  countries: '/basemap/countries.geojson',
  borders: '/basemap/borders.geojson',
  coastlines: '/basemap/coastlines.geojson',
}

// Relative luminance of a #rrggbb colour (WCAG).
function luminance(hex: string): number {
  const channel = (offset: number) => {
    const value = parseInt(hex.slice(offset, offset + 2), 16) / 255
    return value <= 0.03928 ? value / 12.92 : ((value + 0.055) / 1.055) ** 2.4
  }
  return 0.2126 * channel(1) + 0.7152 * channel(3) + 0.0722 * channel(5)
}

describe('basemapStyle', () => {
  it.each(BASEMAP_THEMES)('is a valid MapLibre style in the %s theme', (theme) => {
    expect(validateStyleMin(basemapStyle(theme, PATHS))).toEqual([])
  })

  it.each(BASEMAP_THEMES)('loads nothing but its own GeoJSON in the %s theme: no tiles, sprite or fonts', (theme) => {
    const style = basemapStyle(theme, PATHS)
    expect(style.sprite).toBeUndefined()
    expect(style.glyphs).toBeUndefined()
    expect(Object.values(style.sources).map((source) => (source as { data?: unknown }).data)).toEqual(
      Object.values(PATHS),
    )
    expect(style.layers.some((layer) => layer.type === 'symbol')).toBe(false)
  })

  it('is dark in the dark theme and light in the light one', () => {
    const background = (theme: 'light' | 'dark') =>
      basemapStyle(theme, PATHS).layers.find((layer) => layer.id === 'sea')!.paint as { 'background-color': string }
    expect(luminance(background('dark')['background-color'])).toBeLessThan(0.05)
    expect(luminance(background('light')['background-color'])).toBeGreaterThan(0.6)
  })
})
