import { describe, expect, it } from 'vitest'

import type { ExploreCatalog } from './explore-types'
import { privateDataWarning } from './share-warning'

const CATALOGS: ExploreCatalog[] = [
  {
    id: 1,
    name: 'Protests',
    datasets: [
      { id: 2, name: 'Mine', catalogId: 1, isPublic: false },
      { id: 3, name: 'Open', catalogId: 1, isPublic: true },
    ],
  },
  { id: 4, name: 'Elections', datasets: [{ id: 5, name: 'Votes', catalogId: 4, isPublic: true }] },
]

describe('privateDataWarning', () => {
  it.each<[string, { catalogs: number[]; datasets: number[] }, RegExp | null]>([
    ['public datasets only', { catalogs: [], datasets: [3, 5] }, null],
    ['a public catalog', { catalogs: [4], datasets: [] }, null],
    ['one private dataset', { catalogs: [], datasets: [2] }, /^Only you can see this view: dataset "Mine" is private/],
    [
      'a catalog with a private dataset',
      { catalogs: [1], datasets: [] },
      /^Part of this view is private: 1 of its 2 datasets \("Mine"\)/,
    ],
    ['everything visible', { catalogs: [], datasets: [] }, /1 of its 3 datasets/],
  ])('%s', (_name, selection, expected) => {
    const warning = privateDataWarning(selection, CATALOGS)
    if (expected === null) expect(warning).toBeNull()
    else expect(warning).toMatch(expected)
  })
})
