import { describe, expect, it } from 'vitest'

import type { FilterField } from '../../lib/events-read/read-responses'
import { colorsOf, OTHER_COLOR } from './explore-colors'
import type { ExploreDataset } from './explore-types'
import { colorByOptions, legendEntries, selectedDatasets } from './map-legend-entries'

const dataset = (id: number, name: string, catalogId: number | null): ExploreDataset => ({
  id,
  name,
  catalogId,
  isPublic: true,
})
const datasets = new Map([
  [3, dataset(3, 'Wildfires', 2)],
  [1, dataset(1, 'Earthquakes', 1)],
  [2, dataset(2, 'Protests', 1)],
])

describe('selectedDatasets', () => {
  it('lists the chosen datasets, else those of the chosen catalogs, else all, by id', () => {
    const names = (filters: { datasets: number[]; catalogs: number[] }) =>
      selectedDatasets(filters, datasets).map((d) => d.name)
    expect(names({ datasets: [], catalogs: [] })).toEqual(['Earthquakes', 'Protests', 'Wildfires'])
    expect(names({ datasets: [3], catalogs: [] })).toEqual(['Wildfires'])
    expect(names({ datasets: [], catalogs: [1] })).toEqual(['Earthquakes', 'Protests'])
    expect(names({ datasets: [3], catalogs: [1] })).toEqual(['Wildfires'])
  })
})

describe('legendEntries', () => {
  const datasetColors = colorsOf([1, 2, 3])

  it('lists each dataset with its colour', () => {
    expect(legendEntries('dataset', [dataset(2, 'Protests', 1)], datasetColors, new Map(), false)).toEqual([
      { key: 'dataset-2', label: 'Protests', color: '#e69f00' },
    ])
  })

  it('lists the coloured values, then "Other" when events fall outside them', () => {
    const valueColors = colorsOf(['Strike', 'March', ''])
    expect(legendEntries('kind', [], datasetColors, valueColors, false).map((e) => e.label)).toEqual([
      'Strike',
      'March',
      '(empty)',
    ])
    const withOther = legendEntries('kind', [], datasetColors, valueColors, true)
    expect(withOther.at(-1)).toEqual({ key: 'other', label: 'Other or no value', color: OTHER_COLOR })
  })

  it('folds values beyond the palette into "Other"', () => {
    const values = Array.from({ length: 12 }, (_, i) => `v${i}`)
    const entries = legendEntries('kind', [], datasetColors, colorsOf(values), false)
    expect(entries).toHaveLength(9)
    expect(entries.at(-1)!.label).toBe('Other or no value')
    expect(entries.filter((entry) => entry.color === OTHER_COLOR)).toHaveLength(1)
  })
})

describe('colorByOptions', () => {
  const fields: FilterField[] = [
    { path: 'kind', kind: 'values', values: [{ value: 'Strike', count: 3 }], truncated: false },
    { path: 'magnitude', kind: 'range', min: 2, max: 7, count: 10 },
    { path: 'address.city', kind: 'values', values: [], truncated: true },
  ]

  it('offers Dataset and the fields with values, not the numeric ranges', () => {
    expect(colorByOptions(fields, 'dataset')).toEqual([
      { value: 'dataset', label: 'Dataset' },
      { value: 'kind', label: 'kind' },
      { value: 'address.city', label: 'address.city' },
    ])
  })

  it('keeps the current choice when the selection no longer lists it', () => {
    expect(colorByOptions(undefined, 'kind').map((o) => o.value)).toEqual(['dataset', 'kind'])
  })
})
