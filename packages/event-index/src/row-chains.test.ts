import { describe, expect, it } from 'vitest'

import { packedRowsLength, readPackedRows, writePackedRows } from './packed-rows'
import { RowChains } from './row-chains'
import { seededRandom } from './test-segments'

/** The slot's rows as the chains give them back, through a packed list. */
function rowsOf(chains: RowChains, slot: number): number[] {
  const shape = chains.shapeOf(slot)
  const packed = new Uint8Array(packedRowsLength(shape))
  writePackedRows(shape, chains.gapsOf(slot, new Uint8Array(chains.maxGapBytes)), packed, 0)
  return [...readPackedRows(packed, 0)]
}

describe('RowChains', () => {
  it('gives back interleaved slots whose chunks fill several blocks', () => {
    const random = seededRandom(9)
    const chains = new RowChains()
    const expected: number[][] = []
    for (let slot = 0; slot < 2000; slot++) {
      expect(chains.addSlot()).toBe(slot)
      expected.push([])
    }
    // Slot 0 in every row (a byte a row: over a block of its own), the others now and then.
    const rows = 1_200_000
    for (let row = 0; row < rows; row++) {
      chains.append(0, row)
      if (random() < 0.01) {
        const slot = 1 + Math.floor(random() ** 2 * 1999)
        chains.append(slot, row)
        expected[slot]!.push(row)
      }
    }
    expect(chains.size).toBe(2000)
    const first = rowsOf(chains, 0)
    expect(first.length).toBe(rows)
    expect(first.every((row, index) => row === index)).toBe(true)
    for (let slot = 1; slot < 2000; slot++) {
      if (expected[slot]!.length === 0) continue
      expect(chains.shapeOf(slot).count).toBe(expected[slot]!.length)
      expect(rowsOf(chains, slot)).toEqual(expected[slot])
    }
  })

  it('lists a row appended twice once, and keeps long gaps', () => {
    const chains = new RowChains()
    const slot = chains.addSlot()
    for (const row of [0, 0, 5, 5, 5, 300_000_000]) chains.append(slot, row)
    expect(rowsOf(chains, slot)).toEqual([0, 5, 300_000_000])
    expect(chains.shapeOf(slot)).toEqual({ count: 3, firstRow: 0, lastRow: 300_000_000, gapBytes: 1 + 1 + 5 })
  })
})
