import { describe, expect, it } from 'vitest'

import { replicaIsCurrent } from './replica-freshness'

const versions = (entries: Array<[number, string]>) => new Map(entries)

describe('replicaIsCurrent', () => {
  it('lets the replica answer when it holds every dataset at the primary version', () => {
    expect(
      replicaIsCurrent(
        versions([
          [1, '7'],
          [2, '12'],
        ]),
        versions([
          [2, '12'],
          [1, '7'],
        ]),
      ),
    ).toBe(true)
    expect(replicaIsCurrent(versions([]), versions([]))).toBe(true)
  })

  it('sends the read to the primary while the replica is behind on any dataset', () => {
    expect(
      replicaIsCurrent(
        versions([
          [1, '7'],
          [2, '13'],
        ]),
        versions([
          [1, '7'],
          [2, '12'],
        ]),
      ),
    ).toBe(false)
  })

  it('sends it to the primary when the replica lacks a dataset the primary has', () => {
    // A user's first import: the version row exists only on the primary so far.
    expect(
      replicaIsCurrent(
        versions([
          [1, '7'],
          [3, '20'],
        ]),
        versions([[1, '7']]),
      ),
    ).toBe(false)
  })

  it('sends it to the primary when the versions differ either way', () => {
    // Sequence values are taken before commit: the newer write may carry the smaller number.
    expect(replicaIsCurrent(versions([[1, '7']]), versions([[1, '9']]))).toBe(false)
    expect(
      replicaIsCurrent(
        versions([[1, '7']]),
        versions([
          [1, '7'],
          [4, '2'],
        ]),
      ),
    ).toBe(false)
  })
})
