import { describe, expect, it } from 'vitest'

import {
  DEFAULT_MAP_THEMES,
  eventLayers,
  highlightFilter,
  layerVisibility,
  MAP_LAYERS,
  MAP_SOURCES,
} from './map-layers'

describe('eventLayers', () => {
  const layers = eventLayers(DEFAULT_MAP_THEMES.light)

  it('declares each of the map layers once, on its own sources, with no symbol layer (the basemap has no glyphs)', () => {
    expect(layers.map((layer) => layer.id)).toEqual(Object.values(MAP_LAYERS))
    expect(new Set(layers.map((layer) => layer.id)).size).toBe(layers.length)
    for (const layer of layers) {
      expect(layer.type).not.toBe('symbol')
      expect(Object.values(MAP_SOURCES)).toContain((layer as { source: string }).source)
    }
  })

  it('draws approximate events as a halo and a hollow centre, exact ones as points', () => {
    const filterOf = (id: string) => (layers.find((layer) => layer.id === id) as { filter?: unknown }).filter
    expect(filterOf(MAP_LAYERS.halos)).toEqual(['==', ['get', 'approximate'], true])
    expect(filterOf(MAP_LAYERS.centres)).toEqual(['==', ['get', 'approximate'], true])
    expect(filterOf(MAP_LAYERS.points)).toEqual(['==', ['get', 'approximate'], false])
  })

  it('uses the theme for clusters and outlines', () => {
    const dark = JSON.stringify(eventLayers(DEFAULT_MAP_THEMES.dark))
    expect(dark).toContain(DEFAULT_MAP_THEMES.dark.accent)
    expect(dark).not.toContain(DEFAULT_MAP_THEMES.light.accent)
  })
})

describe('layerVisibility', () => {
  it('shows the heatmap alone in heatmap mode, and everything else in points mode', () => {
    const heatmap = layerVisibility('heatmap')
    expect(
      Object.entries(heatmap)
        .filter(([, v]) => v === 'visible')
        .map(([id]) => id),
    ).toEqual([MAP_LAYERS.heat])
    const points = layerVisibility('points')
    expect(points[MAP_LAYERS.heat]).toBe('none')
    expect(points[MAP_LAYERS.points]).toBe('visible')
  })
})

describe('highlightFilter', () => {
  it('matches the listed event ids', () => {
    expect(highlightFilter([7, 9])).toEqual(['in', ['get', 'eventId'], ['literal', [7, 9]]])
  })
})
