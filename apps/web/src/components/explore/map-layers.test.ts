import { describe, expect, it } from 'vitest'

import type { MapClusterFeature } from '../../lib/events-read/read-responses'
import {
  DEFAULT_MAP_THEMES,
  eventLayers,
  highlightFilter,
  layerVisibility,
  MAP_LAYERS,
  MAP_SOURCES,
  marksCollection,
  perFeature,
} from './map-layers'
import { mapMarksOf } from './map-marks'
import { BY_DATASET } from './view-state'

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

describe('one circle shader', () => {
  // MapLibre compiles a shader per combination of constant (u), per-feature (a) and per-feature
  // zoom curve (z) paint properties; the layers must all have the same combination.
  const binding = (value: unknown): string => {
    const text = JSON.stringify(value)
    if (!Array.isArray(value) || !text.includes('["get"')) return 'u'
    return text.includes('["zoom"]') ? 'z' : 'a'
  }

  it('binds every circle paint property the same way in every circle layer', () => {
    const circles = eventLayers(DEFAULT_MAP_THEMES.light).filter((layer) => layer.type === 'circle')
    expect(circles.length).toBe(5)
    const combinations = circles.map((layer) =>
      Object.entries((layer as { paint: Record<string, unknown> }).paint)
        .map(([property, value]) => `${property}:${binding(value)}`)
        .sort()
        .join(' '),
    )
    expect(new Set(combinations).size).toBe(1)
    expect(combinations[0]).toContain('circle-radius:z')
  })

  it('writes constants so that they always give their value', () => {
    expect(perFeature(0.5)).toEqual(['coalesce', ['get', 'chronotope-unset'], 0.5])
  })
})

describe('marksCollection', () => {
  it('puts clusters and single events in one collection, clusters first', () => {
    const cluster: MapClusterFeature = {
      type: 'Feature',
      id: '3/1/2',
      geometry: { type: 'Point', coordinates: [1, 2] },
      properties: { cluster: true, count: 5, bounds: [0, 1, 2, 3], samePlace: false },
    }
    const single: MapClusterFeature = {
      type: 'Feature',
      id: 9,
      geometry: { type: 'Point', coordinates: [3, 4] },
      properties: {
        cluster: false,
        eventId: 9,
        datasetId: 1,
        title: 'Flood',
        eventTime: null,
        timePrecision: null,
        locationName: null,
        locationPrecision: null,
        coordinateSource: null,
        value: null,
      },
    }
    const marks = mapMarksOf(
      { features: [single, cluster] },
      { colorBy: BY_DATASET, datasetColors: new Map([[1, '#123456']]), valueColors: new Map() },
    )
    const features = marksCollection(marks).features as Array<{ properties: Record<string, unknown> }>
    expect(features.map((feature) => Object.keys(feature.properties).sort())).toEqual([
      ['count', 'diameter', 'key', 'place'],
      ['approximate', 'color', 'eventId', 'haloPx0'],
    ])
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
