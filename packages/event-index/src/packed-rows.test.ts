import { describe, expect, it } from 'vitest'

import {
  checkPackedRows,
  InvalidPostings,
  packedRowsLength,
  readPackedRows,
  VarintReader,
  varintLength,
  writePackedRows,
  writeVarint,
  type RowShape,
} from './packed-rows'
import { seededRandom } from './test-segments'

/** The rows' shape and gaps, written the plain way. */
function gapsOf(rows: readonly number[]): { shape: RowShape; gaps: Uint8Array } {
  const gaps = new Uint8Array(rows.length * 5)
  let at = 0
  rows.forEach((row, index) => (at = writeVarint(gaps, at, index === 0 ? row : row - rows[index - 1]! - 1)))
  const shape = { count: rows.length, firstRow: rows[0]!, lastRow: rows.at(-1)!, gapBytes: at }
  return { shape, gaps: gaps.subarray(0, at) }
}

/** The rows packed on their own, with a byte before them so offsets are exercised. */
function pack(rows: readonly number[]): Uint8Array {
  const { shape, gaps } = gapsOf(rows)
  const bytes = new Uint8Array(1 + packedRowsLength(shape)).fill(0xee)
  expect(writePackedRows(shape, gaps, bytes, 1)).toBe(bytes.length)
  return bytes
}

const isBitmap = (packed: Uint8Array) => (packed[1]! & 1) === 1

describe('varints', () => {
  it.each([
    [0, 1],
    [127, 1],
    [128, 2],
    [16_383, 2],
    [16_384, 3],
    [2 ** 21 - 1, 3],
    [2 ** 21, 4],
    [2 ** 28 - 1, 4],
    [2 ** 28, 5],
    [2 ** 31 - 1, 5],
  ])('writes %d in %d bytes and reads it back', (value, length) => {
    const bytes = new Uint8Array(8)
    expect(writeVarint(bytes, 2, value)).toBe(2 + length)
    expect(varintLength(value)).toBe(length)
    const reader = new VarintReader(bytes, 2, 2 + length)
    expect(reader.next()).toBe(value)
    expect(reader.at).toBe(2 + length)
  })

  it.each([
    ['past its end', [0x80, 0x80], /runs past/],
    ['above 2^31 - 1', [0x80, 0x80, 0x80, 0x80, 0x08], /exceeds/],
    ['of six bytes', [0x80, 0x80, 0x80, 0x80, 0x80, 0x01], /exceeds/],
  ])('refuses a varint %s', (_, bytes, message) => {
    expect(() => new VarintReader(Uint8Array.from(bytes), 0, bytes.length).next()).toThrow(message)
  })
})

describe('packed rows', () => {
  it.each([
    ['one row, the first', [0], 1],
    ['one row far away', [3_000_000], 3_000_001],
    ['every row', Array.from({ length: 100 }, (_, row) => row), 100],
    ['every 7th row', Array.from({ length: 50 }, (_, index) => 5 + index * 7), 400],
    ['every 8th row', Array.from({ length: 50 }, (_, index) => index * 8), 400],
    ['every 9th row', Array.from({ length: 50 }, (_, index) => index * 9), 450],
    ['a dense run far in', Array.from({ length: 40 }, (_, index) => 1_000_000 + index), 1_000_040],
    ['gaps of every varint length', [0, 1, 200, 20_000, 3_000_000, 300_000_000], 300_000_001],
  ])('reads back %s, packed as the smaller of gaps and bitmap', (_, rows, size) => {
    const packed = pack(rows)
    expect([...readPackedRows(packed, 1)]).toEqual(rows)
    expect(checkPackedRows(packed, 1, packed.length, size)).toBe(rows.length)
    const { shape } = gapsOf(rows)
    const byteCount = (shape.lastRow >> 3) - (shape.firstRow >> 3) + 1
    const bitmapBytes =
      varintLength(rows.length * 2 + 1) + varintLength(shape.firstRow >> 3) + varintLength(byteCount) + byteCount
    const gapBytes = varintLength(rows.length * 2) + shape.gapBytes
    expect(isBitmap(packed)).toBe(bitmapBytes < gapBytes)
    expect(packed.length - 1).toBe(Math.min(bitmapBytes, gapBytes))
  })

  it('packs a list denser than one row in eight as a bitmap and a sparser one as gaps', () => {
    expect(isBitmap(pack(Array.from({ length: 50 }, (_, index) => index * 7)))).toBe(true)
    expect(isBitmap(pack(Array.from({ length: 50 }, (_, index) => index * 9)))).toBe(false)
  })

  it('reads back random lists of every density', () => {
    const random = seededRandom(5)
    for (let trial = 0; trial < 300; trial++) {
      const size = 1 + Math.floor(random() * 5000)
      const density = random() ** 3
      const rows = Array.from({ length: size }, (_, row) => row).filter(() => random() < density)
      if (rows.length === 0) continue
      const packed = pack(rows)
      expect([...readPackedRows(packed, 1)]).toEqual(rows)
      expect(checkPackedRows(packed, 1, packed.length, size)).toBe(rows.length)
    }
  })
})

describe('checkPackedRows', () => {
  const gaps = pack([3, 9, 40])
  const bitmap = pack(Array.from({ length: 30 }, (_, index) => 8 + index))
  const changed = (bytes: Uint8Array, at: number, value: number) => {
    const copy = bytes.slice()
    copy[at] = value
    return copy
  }

  it.each([
    ['a row at the segment size', gaps, 40, /reaches row 40; the segment has 40 rows/],
    ['a list cut short', gaps.subarray(0, gaps.length - 1), 100, /runs past/],
    ['a list with a byte more', Uint8Array.from([...gaps, 0]), 100, /ends at byte/],
    ['an empty list', Uint8Array.of(0xee, 0), 100, /empty/],
    ['a count above the bits set', changed(bitmap, 1, bitmap[1]! + 2), 100, /holds 30 rows/],
    ['a bitmap starting empty', changed(bitmap, 4, 0), 100, /holds/],
    ['a bitmap of 0 bytes', Uint8Array.of(0xee, 3, 0, 0), 100, /of 0 bytes/],
    ['a bitmap past the segment', bitmap, 37, /reaches row 37/],
  ])('refuses %s', (_, bytes, size, message) => {
    expect(() => checkPackedRows(bytes, 1, bytes.length, size)).toThrow(InvalidPostings)
    expect(() => checkPackedRows(bytes, 1, bytes.length, size)).toThrow(message)
  })
})
