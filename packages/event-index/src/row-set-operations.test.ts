import { describe, expect, it } from 'vitest'

import { complement, intersect, subtract, unite, uniteAll } from './row-set-operations'
import { seededRandom } from './test-segments'

const rows = (...list: number[]) => Int32Array.from(list)

describe('row set operations', () => {
  it.each([
    ['intersect', intersect(rows(1, 4, 7), rows(4, 7, 9)), [4, 7]],
    ['intersect with nothing', intersect(rows(1, 4), rows()), []],
    ['unite', unite(rows(1, 4), rows(0, 4, 9)), [0, 1, 4, 9]],
    ['subtract', subtract(rows(1, 4, 7), rows(0, 4, 8)), [1, 7]],
    ['unite none', uniteAll([], 10), []],
    ['unite three, sparse', uniteAll([rows(1), rows(0, 1), rows(900)], 1000), [0, 1, 900]],
    ['unite three, dense', uniteAll([rows(1, 3), rows(0, 1), rows(5, 31, 32, 63)], 64), [0, 1, 3, 5, 31, 32, 63]],
    ['complement', complement(rows(1, 2), 4), [0, 3]],
    ['complement of nothing', complement(rows(), 3), [0, 1, 2]],
    ['complement of everything', complement(rows(0, 1, 2), 3), []],
  ])('%s', (_, actual, expected) => {
    expect([...actual]).toEqual(expected)
  })

  it('unites many random lists as a set would, merged or through a bitset', () => {
    const random = seededRandom(17)
    for (let trial = 0; trial < 200; trial++) {
      const size = 1 + Math.floor(random() * 3000)
      const lists = Array.from({ length: 1 + Math.floor(random() * 6) }, () => {
        const density = random() ** 2
        return Int32Array.from(Array.from({ length: size }, (_, row) => row).filter(() => random() < density))
      })
      const expected = [...new Set(lists.flatMap((list) => [...list]))].sort((a, b) => a - b)
      expect([...uniteAll(lists, size)]).toEqual(expected)
      expect([...complement(uniteAll(lists, size), size)]).toEqual(
        Array.from({ length: size }, (_, row) => row).filter((row) => !expected.includes(row)),
      )
    }
  })
})
