import { describe, expect, it } from 'vitest'

import { OTHER_COLOR } from './explore-colors'
import {
  mixText,
  placeAriaLabel,
  placeMix,
  ringGradient,
  type ClusterProperties,
  type MixColoring,
} from './map-place-marks'

// Fifteen events at one place: ten of dataset 1, five of dataset 2; by kind 7 march, 6 strike, 2 none.
const paris: ClusterProperties = {
  cluster: true,
  count: 15,
  bounds: [2.3522, 48.8566, 2.3522, 48.8566],
  samePlace: true,
  datasets: [
    { datasetId: 1, count: 10 },
    { datasetId: 2, count: 5 },
  ],
  values: [
    { value: 'march', count: 7 },
    { value: 'strike', count: 6 },
    { value: null, count: 2 },
  ],
}
const colors = {
  datasetColors: new Map([
    [1, '#0072b2'],
    [2, '#e69f00'],
  ]),
  valueColors: new Map([
    ['strike', '#0072b2'],
    ['march', '#e69f00'],
  ]),
  datasetNames: new Map([
    [1, 'Protests'],
    [2, 'Strikes'],
  ]),
}
const byDataset: MixColoring = { colorBy: 'dataset', ...colors }
const byKind: MixColoring = { colorBy: 'kind', ...colors }

describe('placeMix', () => {
  it('splits a place by dataset, with the datasets’ names and colours', () => {
    expect(placeMix(paris, byDataset)).toEqual([
      { label: 'Protests', color: '#0072b2', count: 10 },
      { label: 'Strikes', color: '#e69f00', count: 5 },
    ])
  })

  it('splits a place by the colour field’s values, grey for events without one', () => {
    expect(placeMix(paris, byKind)).toEqual([
      { label: 'march', color: '#e69f00', count: 7 },
      { label: 'strike', color: '#0072b2', count: 6 },
      { label: 'No value', color: OTHER_COLOR, count: 2 },
    ])
  })

  it('is grey for values beyond the palette and empty when the answer lacks the counts', () => {
    expect(placeMix({ ...paris, values: [{ value: 'sit-in', count: 15 }] }, byKind)).toEqual([
      { label: 'sit-in', color: OTHER_COLOR, count: 15 },
    ])
    expect(placeMix({ ...paris, values: undefined }, byKind)).toEqual([])
  })
})

describe('ringGradient', () => {
  it('gives each colour its share of the ring, ending at 100%', () => {
    expect(ringGradient(placeMix(paris, byKind))).toBe(
      `conic-gradient(#e69f00 0% 46.67%, #0072b2 46.67% 86.67%, ${OTHER_COLOR} 86.67% 100%)`,
    )
  })

  it('is one colour for one dataset, grey when the mix is unknown', () => {
    expect(ringGradient([{ label: 'Protests', color: '#0072b2', count: 15 }])).toBe('conic-gradient(#0072b2 0% 100%)')
    expect(ringGradient([])).toBe(`conic-gradient(${OTHER_COLOR} 0% 100%)`)
  })
})

describe('placeAriaLabel and mixText', () => {
  it('say the count, the mix and what a press does', () => {
    expect(placeAriaLabel(15, placeMix(paris, byKind))).toBe(
      '15 events at one place (7 march, 6 strike, 2 No value); list them',
    )
    expect(placeAriaLabel(15, [{ label: 'Protests', color: '#0072b2', count: 15 }])).toBe(
      '15 events at one place (Protests); list them',
    )
  })

  it('sum up the parts beyond the third', () => {
    const many = ['a', 'b', 'c', 'd', 'e'].map((label, index) => ({ label, color: '#000', count: 10 - index }))
    expect(mixText(many)).toBe('10 a, 9 b, 8 c, 13 other')
  })
})
