import { describe, expect, it } from 'vitest'

import type { MapClusterFeature } from '../../lib/events-read/read-responses'
import { OTHER_COLOR } from './explore-colors'
import {
  clusterAriaLabel,
  clusterDiameterPx,
  clusterZoomTarget,
  compactCount,
  mapMarksOf,
  markColor,
  type MarkColoring,
} from './map-marks'

function cluster(id: string, count: number, lng = 10, lat = 20): MapClusterFeature {
  return {
    type: 'Feature',
    id,
    geometry: { type: 'Point', coordinates: [lng, lat] },
    properties: { cluster: true, count, bounds: [lng - 1, lat - 1, lng + 1, lat + 1], samePlace: false },
  }
}

function single(
  eventId: number,
  options: { datasetId?: number; value?: string | null; precision?: string | null; lng?: number; lat?: number } = {},
): MapClusterFeature {
  return {
    type: 'Feature',
    id: eventId,
    geometry: { type: 'Point', coordinates: [options.lng ?? 145.2, options.lat ?? -38.2] },
    properties: {
      cluster: false,
      eventId,
      datasetId: options.datasetId ?? 1,
      title: `Event ${eventId}`,
      eventTime: '2022-08-06T14:45:00.000Z',
      timePrecision: 'day',
      locationName: 'Melbourne, AU',
      locationPrecision: options.precision === undefined ? 'street' : options.precision,
      coordinateSource: 'geocoded',
      value: options.value ?? null,
    },
  }
}

const byDataset: MarkColoring = {
  colorBy: 'dataset',
  datasetColors: new Map([
    [1, '#0072b2'],
    [2, '#e69f00'],
  ]),
  valueColors: new Map(),
}
const byKind: MarkColoring = {
  colorBy: 'kind',
  datasetColors: byDataset.datasetColors,
  valueColors: new Map([
    ['Strike', '#0072b2'],
    ['March', '#e69f00'],
  ]),
}

describe('markColor', () => {
  it.each<[string, MarkColoring, number, string | null, string]>([
    ['its dataset', byDataset, 2, null, '#e69f00'],
    ['grey for a dataset without a colour', byDataset, 9, null, OTHER_COLOR],
    ['its value', byKind, 1, 'March', '#e69f00'],
    ['grey for a value beyond the palette', byKind, 1, 'Sit-in', OTHER_COLOR],
    ['grey for a missing value', byKind, 1, null, OTHER_COLOR],
  ])('colours by %s', (_name, coloring, datasetId, value, expected) => {
    expect(markColor({ datasetId, value }, coloring)).toBe(expected)
  })
})

describe('mapMarksOf', () => {
  it('splits clusters and single events, counting every feature drawn', () => {
    const marks = mapMarksOf(
      { features: [cluster('4/1/2', 12), single(7, { datasetId: 2 }), single(8, { precision: 'city', lat: 60 })] },
      byDataset,
    )
    expect(marks.featureCount).toBe(3)
    expect(marks.clusters.features.map((feature) => feature.properties.count)).toEqual([12])
    expect(marks.singles.features.map((feature) => feature.id)).toEqual([7, 8])
    expect(marks.singles.features[0]!.properties).toEqual({
      eventId: 7,
      color: '#e69f00',
      approximate: false,
      haloPx0: 0,
    })
    expect(marks.singleEvents.get(8)).toMatchObject({ eventId: 8, lng: 145.2, lat: 60, locationPrecision: 'city' })
    expect(marks.heat.features.map((feature) => feature.properties.count)).toEqual([12, 1, 1])
  })

  it('marks approximately placed events with a halo sized for their latitude', () => {
    const marks = mapMarksOf({ features: [single(8, { precision: 'city', lat: 60 }), single(9)] }, byDataset)
    const [city, exact] = marks.singles.features
    expect(city!.properties.approximate).toBe(true)
    // 8 km at 60° is twice as many pixels as on the equator.
    expect(city!.properties.haloPx0).toBeCloseTo((2 * 8_000) / 78_271.517, 5)
    expect(exact!.properties.approximate).toBe(false)
    expect(marks.hasApproximate).toBe(true)
    expect(mapMarksOf({ features: [single(9)] }, byDataset).hasApproximate).toBe(false)
  })

  it('says when a single event is grey, so the legend lists "Other"', () => {
    expect(mapMarksOf({ features: [single(1, { value: 'Strike' })] }, byKind).hasOther).toBe(false)
    expect(mapMarksOf({ features: [single(1, { value: 'Sit-in' })] }, byKind).hasOther).toBe(true)
  })

  it('gives buttons to the largest clusters only, and keeps every cluster findable by key', () => {
    const features = [cluster('a', 5), cluster('b', 500), cluster('c', 50), cluster('d', 50)]
    const marks = mapMarksOf({ features }, byDataset, 3)
    expect(marks.clusterButtons.map((button) => button.key)).toEqual(['b', 'c', 'd'])
    expect(marks.clusters.features).toHaveLength(4)
    expect(marks.clusterByKey.get('a')?.count).toBe(5)
    expect(marks.clusterButtons[0]).toMatchObject({ label: '500', ariaLabel: '500 events here; zoom in', diameter: 38 })
    // At the map's closest zoom a cluster is listed, not zoomed into.
    expect(mapMarksOf({ features, zoom: 20 }, byDataset).clusterByKey.get('a')?.ariaLabel).toBe(
      '5 events close together; list them',
    )
  })
})

describe('mapMarksOf with events at one place', () => {
  const place: MapClusterFeature = {
    type: 'Feature',
    id: 'place/109620/2616769',
    geometry: { type: 'Point', coordinates: [2.3522, 48.8566] },
    properties: {
      cluster: true,
      count: 15,
      bounds: [2.3522, 48.8566, 2.3522, 48.8566],
      samePlace: true,
      datasets: [
        { datasetId: 1, count: 10 },
        { datasetId: 2, count: 5 },
      ],
      values: [
        { value: 'March', count: 9 },
        { value: 'Sit-in', count: 6 },
      ],
    },
  }

  it('gives the place a button with its count, its ring and a label that says it lists them', () => {
    const marks = mapMarksOf({ features: [place, cluster('4/1/2', 40)] }, byDataset)
    const button = marks.clusterByKey.get('place/109620/2616769')!
    expect(button).toMatchObject({ isPlace: true, count: 15, label: '15' })
    expect(button.ring).toBe('conic-gradient(#0072b2 0% 66.67%, #e69f00 66.67% 100%)')
    expect(button.ariaLabel).toBe('15 events at one place (10 Dataset 1, 5 Dataset 2); list them')
    expect(marks.clusterByKey.get('4/1/2')).toMatchObject({ isPlace: false, ring: null, mix: [] })
    expect(marks.clusters.features.map((feature) => feature.properties.place)).toEqual([true, false])
    expect(marks.hasPlaces).toBe(true)
    expect(marks.hasOther).toBe(false)
  })

  it('colours the ring by the field’s values, and says when part of it is grey', () => {
    const marks = mapMarksOf({ features: [place] }, byKind)
    expect(marks.clusterButtons[0]!.mix.map((slice) => slice.color)).toEqual(['#e69f00', OTHER_COLOR])
    expect(marks.hasOther).toBe(true)
  })
})

describe('compactCount', () => {
  it.each<[number, string]>([
    [1, '1'],
    [999, '999'],
    [1000, '1k'],
    [1234, '1.2k'],
    [9999, '9.9k'],
    [45_300, '45k'],
    [999_499, '999k'],
    [1_250_000, '1.2M'],
    [12_000_000, '12M'],
  ])('%d → %s', (count, expected) => {
    expect(compactCount(count)).toBe(expected)
  })
})

describe('clusterDiameterPx', () => {
  it('grows with the count but stays within 26 to 52 px', () => {
    expect(clusterDiameterPx(0)).toBe(26)
    expect(clusterDiameterPx(2)).toBeGreaterThan(26)
    expect(clusterDiameterPx(1000)).toBe(39)
    expect(clusterDiameterPx(10 ** 9)).toBe(52)
  })
})

describe('clusterAriaLabel', () => {
  it('says how many events and what a press does', () => {
    expect(clusterAriaLabel(12)).toBe('12 events here; zoom in')
    expect(clusterAriaLabel(12_408)).toBe('12,408 events here; zoom in')
    expect(clusterAriaLabel(1)).toBe('1 event here; zoom in')
    expect(clusterAriaLabel(12, true)).toBe('12 events close together; list them')
  })
})

describe('clusterZoomTarget', () => {
  it('fits an extent, or zooms in at a point when the events share one', () => {
    expect(clusterZoomTarget([2, 48, 3, 49])).toEqual({ kind: 'bounds', bounds: [2, 48, 3, 49] })
    expect(clusterZoomTarget([2, 48, 2, 48])).toEqual({ kind: 'point', lng: 2, lat: 48 })
  })
})
