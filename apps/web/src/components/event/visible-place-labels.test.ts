import { describe, expect, it } from 'vitest'

import { labelBox, visiblePlaceLabels, type LabelView, type PlaceLabel } from './visible-place-labels'

const label = (name: string, kind: PlaceLabel['kind'], lng: number, lat: number, minZoom = 0): PlaceLabel => ({
  name,
  kind,
  lng,
  lat,
  minZoom,
})

// A flat 400 × 300 px map, a degree per 10 px, west edge at 0°, north edge at 50°; the event at 5°, 45°.
const view = (zoom: number): LabelView => ({
  zoom,
  width: 400,
  height: 300,
  project: (lng, lat) => ({ x: lng * 10, y: (50 - lat) * 10 }),
  mark: { x: 50, y: 50 },
})

describe('labelBox', () => {
  it('centres a country’s name on its point and puts a city’s right of its dot', () => {
    expect(labelBox({ name: 'France', kind: 'country' }, { x: 100, y: 50 })).toEqual({
      left: 76,
      top: 42,
      right: 124,
      bottom: 58,
    })
    expect(labelBox({ name: 'Lyon', kind: 'city' }, { x: 100, y: 50 })).toEqual({
      left: 96,
      top: 42,
      right: 136.4,
      bottom: 58,
    })
  })
})

describe('visiblePlaceLabels', () => {
  const labels = [
    label('France', 'country', 20, 40, 2),
    label('Paris', 'capital', 20, 40.5, 3),
    label('Lyon', 'city', 30, 30, 6),
    label('Geneva', 'city', 31, 30.2, 6),
    label('Close to the event', 'city', 6.2, 45),
    label('Off the map', 'capital', 45, 40),
  ]

  const names = (zoom: number, from = labels) => visiblePlaceLabels(from, view(zoom)).map((shown) => shown.label.name)

  it('shows what the zoom calls for, on screen, without overlaps or covering the event', () => {
    expect(names(6)).toEqual(['France', 'Lyon'])
  })

  it('shows fewer places further out', () => {
    expect(names(2)).toEqual(['France'])
    expect(names(1)).toEqual([])
  })

  it('keeps clear of what covers the map', () => {
    const covered = { ...view(6), reserved: [{ left: 150, top: 50, right: 250, bottom: 150 }] }
    expect(visiblePlaceLabels(labels, covered).map((shown) => shown.label.name)).toEqual(['Lyon'])
  })

  it('names the city the event is in beside its mark, once', () => {
    const atTheEvent = [label('Paris', 'capital', 5, 45), label('Paris again', 'city', 5.02, 45.02), ...labels]
    const shown = visiblePlaceLabels(atTheEvent, view(6))
    expect(shown.map(({ label: { name }, atMark }) => ({ name, atMark }))).toEqual([
      { name: 'Paris', atMark: true },
      { name: 'France', atMark: false },
      { name: 'Lyon', atMark: false },
    ])
  })
})
