import { describe, expect, it } from 'vitest'

import { eliasFanoBytes, eliasFanoLowBits, MAX_LOW_BITS } from './elias-fano'

describe('eliasFanoLowBits', () => {
  it.each([
    // count, top (the last row less count − 1), low bits
    [1, 0, 0],
    [4, 2, 0],
    [4, 7, 1],
    [4, 8, 1],
    [5, 18, 1],
    [5, 19, 2],
    [1, 2 ** 24 - 1, 24],
    [1, 2 ** 29, MAX_LOW_BITS],
    [1000, 999_999, 9],
    [3, 2 ** 29 - 3, MAX_LOW_BITS],
  ])('keeps %d rows up to %d with %d low bits: ⌊log2((top + 1) / count)⌋', (count, top, low) => {
    expect(eliasFanoLowBits(count, top)).toBe(low)
    expect(low).toBe(Math.min(MAX_LOW_BITS, Math.max(0, Math.floor(Math.log2((top + 1) / count)))))
  })

  it('keeps the upper bits to about two a row', () => {
    for (const [count, lastRow] of [
      [10, 1_000_000],
      [1000, 1_000_000],
      [50_000, 3_000_000],
    ] as const) {
      const { lower, upper } = eliasFanoBytes(count, lastRow, eliasFanoLowBits(count, lastRow - count + 1))
      expect(upper * 8).toBeLessThanOrEqual(3 * count + 8)
      expect(lower + upper).toBeLessThan((count * (2 + Math.log2(lastRow / count))) / 8 + 2)
    }
  })
})
