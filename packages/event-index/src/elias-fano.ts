/**
 * Elias–Fano coding of ascending rows: about `2 + log2(rows spanned / rows listed)` bits a row,
 * where gap varints take 8 or 16. It packs a word in one event of 60 to a few thousand, the
 * words a real text has most of its entries in (see `packed-rows`, which picks it when smaller).
 *
 * Rows `r₀ < r₁ < …` become `xᵢ = rᵢ − i`, which never decrease; each `xᵢ` is split into its
 * low `l` bits, packed one after another from the first byte's low bit on, and its high part,
 * written in unary: bit `(xᵢ >> l) + i` of the upper bytes is set. Rows read back ascend as long
 * as the low bits never fall between two rows of one high part, which a check of the bytes
 * confirms row by row.
 * @module
 */

import { forEachRow } from './gap-varints'

/** Most low bits a row keeps: a row's low bits are then read from 4 bytes at most. */
export const MAX_LOW_BITS = 24

/**
 * The low bits `l` for `count` rows whose last `x` is `top`: ⌊log2((top + 1) / count)⌋, from 0 to
 * {@link MAX_LOW_BITS}, which makes the upper bytes about `2 × count` bits.
 */
export function eliasFanoLowBits(count: number, top: number): number {
  // ⌊log2(a / b)⌋ is ⌊log2(⌊a / b⌋)⌋: powers of two are whole.
  const ratio = Math.floor((top + 1) / count)
  return ratio < 1 ? 0 : Math.min(MAX_LOW_BITS, 31 - Math.clz32(ratio))
}

/** Bytes of the low bits and of the upper bits of `count` rows ending at `lastRow`, with `low` bits. */
export function eliasFanoBytes(count: number, lastRow: number, low: number): { lower: number; upper: number } {
  const top = lastRow - (count - 1)
  return { lower: Math.ceil((count * low) / 8), upper: Math.ceil((Math.floor(top / 2 ** low) + count) / 8) }
}

/**
 * Writes the rows given as varint gaps (see `packed-rows`) as low bits from `at`, then upper bits.
 * @returns where the next byte goes
 */
export function writeEliasFano(
  gaps: Uint8Array,
  count: number,
  lastRow: number,
  low: number,
  bytes: Uint8Array,
  at: number,
): number {
  const { lower, upper } = eliasFanoBytes(count, lastRow, low)
  const upperStart = at + lower
  bytes.fill(0, at, upperStart + upper)
  let lowByte = at
  let lowBit = 0
  let index = 0
  forEachRow(gaps, (row) => {
    const x = row - index
    // The low bits, a byte at a time from bit `lowBit` of byte `lowByte` on.
    let value = x & ((1 << low) - 1)
    for (let left = low; left > 0;) {
      const take = Math.min(8 - lowBit, left)
      bytes[lowByte]! |= (value & ((1 << take) - 1)) << lowBit
      value >>>= take
      left -= take
      lowBit += take
      if (lowBit === 8) {
        lowBit = 0
        lowByte++
      }
    }
    const bit = (x >>> low) + index
    bytes[upperStart + (bit >>> 3)]! |= 1 << (bit & 7)
    index++
  })
  return upperStart + upper
}

/**
 * Reads `rows.length` rows whose low bits start at `at` and upper bits at `upperStart`.
 * Trusts the bytes (see {@link eliasFanoLastRow} for the check).
 */
export function readEliasFano(bytes: Uint8Array, at: number, upperStart: number, low: number, rows: Int32Array): void {
  const mask = (1 << low) - 1
  // Low bits not yet used, from the byte at `lowByte` on, lowest first.
  let buffer = 0
  let buffered = 0
  let lowByte = at
  let index = 0
  for (let byteAt = upperStart; index < rows.length; byteAt++) {
    let bits = bytes[byteAt]!
    const base = (byteAt - upperStart) << 3
    while (bits !== 0) {
      const bit = base + 31 - Math.clz32(bits & -bits)
      // At most 24 bits are taken, so the buffer (at most 31 bits) never overflows.
      while (buffered < low) {
        buffer |= bytes[lowByte++]! << buffered
        buffered += 8
      }
      rows[index] = (((bit - index) << low) | (buffer & mask)) + index
      buffer >>>= low
      buffered -= low
      index++
      bits &= bits - 1
    }
  }
}

/**
 * Checks `count` rows whose low bits start at `at` and upper bits at `upperStart`, the upper
 * bits holding exactly `count` set bits.
 * @returns the last row, or −1 when the rows do not ascend (low bits falling within a high part)
 */
export function eliasFanoLastRow(
  bytes: Uint8Array,
  at: number,
  upperStart: number,
  count: number,
  low: number,
): number {
  // As readEliasFano, in floating point: corrupt bytes may hold parts past 2³¹.
  const mask = (1 << low) - 1
  const scale = 2 ** low
  let buffer = 0
  let buffered = 0
  let lowByte = at
  let index = 0
  let previous = -1
  for (let byteAt = upperStart; index < count; byteAt++) {
    let bits = bytes[byteAt]!
    const base = (byteAt - upperStart) * 8
    while (bits !== 0) {
      const bit = base + 31 - Math.clz32(bits & -bits)
      while (buffered < low) {
        buffer |= bytes[lowByte++]! << buffered
        buffered += 8
      }
      const x = (bit - index) * scale + (buffer & mask)
      if (x < previous) return -1
      previous = x
      buffer >>>= low
      buffered -= low
      index++
      bits &= bits - 1
    }
  }
  return previous + count - 1
}
