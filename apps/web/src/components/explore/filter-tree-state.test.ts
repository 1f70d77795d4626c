import { describe, expect, it } from 'vitest'

import type { ExploreCatalog } from './explore-types'
import { catalogCheck, selectedDatasetIds, toggleCatalog, toggleDatasets } from './filter-tree-state'

const dataset = (id: number, catalogId: number | null) => ({ id, name: `d${id}`, catalogId, isPublic: true })
const catalogs: ExploreCatalog[] = [
  { id: 1, name: 'Protests', datasets: [dataset(1, 1), dataset(2, 1)] },
  { id: 2, name: 'Disasters', datasets: [dataset(3, 2), dataset(4, 2)] },
  { id: null, name: 'Without a catalog', datasets: [dataset(5, null)] },
]

describe('selectedDatasetIds', () => {
  it.each<[number[], number[], number[]]>([
    [[], [], []],
    [[], [2, 4], [2, 4]],
    [[2], [], [3, 4]],
    [
      [1, 2],
      [2, 4],
      [2, 4],
    ],
    [[2], [1], []],
    [[], [99], []],
  ])('catalogs %j, datasets %j → %j', (viewCatalogs, viewDatasets, expected) => {
    expect([...selectedDatasetIds(catalogs, { catalogs: viewCatalogs, datasets: viewDatasets })]).toEqual(expected)
  })
})

describe('catalogCheck', () => {
  it.each<[number[], string]>([
    [[], 'unchecked'],
    [[3], 'mixed'],
    [[3, 4], 'checked'],
    [[1, 2], 'unchecked'],
  ])('ticked %j → %s', (ticked, expected) => {
    expect(catalogCheck(catalogs[1] as ExploreCatalog, new Set(ticked))).toBe(expected)
  })
})

describe('toggleDatasets', () => {
  it('ticks one, sorted, and folds catalogs into datasets', () => {
    expect(toggleDatasets(new Set([4]), [2], true)).toEqual({ datasets: [2, 4], catalogs: null })
  })
  it('unticking the last one removes the filter', () => {
    expect(toggleDatasets(new Set([4]), [4], false)).toEqual({ datasets: null, catalogs: null })
  })
})

describe('toggleCatalog', () => {
  it.each<[number[], number[] | null]>([
    [[], [3, 4]],
    [[1], [1, 3, 4]],
    [[3], null],
    [[1, 3, 4], [1]],
  ])('with %j ticked → %j', (ticked, expected) => {
    expect(toggleCatalog(catalogs[1] as ExploreCatalog, new Set(ticked)).datasets).toEqual(expected)
  })
})
