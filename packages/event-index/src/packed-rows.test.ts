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

const KINDS = ['gaps', 'bitmap', 'Elias-Fano'] as const
const kindOf = (packed: Uint8Array) => KINDS[packed[1]! & 3]

/** The bytes of each way to pack the rows, worked out independently of the code under test. */
function lengthsOf(rows: readonly number[]): Record<(typeof KINDS)[number], number> {
  const count = rows.length
  const first = rows[0]!
  const last = rows.at(-1)!
  const byteCount = (last >> 3) - (first >> 3) + 1
  const top = last - (count - 1)
  const low = Math.min(24, Math.max(0, Math.floor(Math.log2((top + 1) / count))))
  return {
    gaps: varintLength(count * 4) + gapsOf(rows).shape.gapBytes,
    bitmap: varintLength(count * 4 + 1) + varintLength(first >> 3) + varintLength(byteCount) + byteCount,
    'Elias-Fano':
      varintLength(count * 4 + 2) +
      1 +
      Math.ceil((count * low) / 8) +
      Math.ceil((Math.floor(top / 2 ** low) + count) / 8),
  }
}

const everyNth = (n: number, count: number, from = 0) => Array.from({ length: count }, (_, index) => from + index * n)

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
    ['every row', everyNth(1, 100), 100],
    ['every 7th row', everyNth(7, 50, 5), 400],
    ['every 8th row', everyNth(8, 50), 400],
    ['every 40th row', everyNth(40, 50), 2000],
    ['every 300th row', everyNth(300, 50, 299), 15_300],
    ['a dense run far in', everyNth(1, 40, 1_000_000), 1_000_040],
    ['gaps of every varint length', [0, 1, 200, 20_000, 3_000_000, 300_000_000], 300_000_001],
    ['rows whose low bits are the most kept', [2 ** 28, 2 ** 28 + 2 ** 26, 2 ** 29 - 1], 2 ** 29],
  ])('reads back %s, packed the smallest way', (_, rows, size) => {
    const packed = pack(rows)
    expect([...readPackedRows(packed, 1)]).toEqual(rows)
    expect(checkPackedRows(packed, 1, packed.length, size)).toBe(rows.length)
    const lengths = lengthsOf(rows)
    expect(packed.length - 1).toBe(Math.min(...Object.values(lengths)))
    expect(lengths[kindOf(packed)!]).toBe(packed.length - 1)
  })

  it.each([
    ['every other row, far in', 'bitmap', everyNth(2, 200, 1001)],
    ['a run of rows far in', 'bitmap', everyNth(1, 100, 1000)],
    ['one row in 40, evenly', 'Elias-Fano', everyNth(40, 200)],
    ['one row in 1,000, evenly', 'Elias-Fano', everyNth(1000, 200)],
    ['three rows far apart', 'gaps', [7, 90_000, 2_000_000]],
    ['a run of rows after row 0', 'gaps', [0, ...everyNth(1, 20, 3000)]],
  ])('packs %s as %s', (_, kind, rows) => {
    expect(kindOf(pack(rows))).toBe(kind)
  })

  it('reads back random lists of every density', () => {
    const random = seededRandom(5)
    const kinds = new Set<string>()
    for (let trial = 0; trial < 300; trial++) {
      const size = 1 + Math.floor(random() * 5000)
      const density = random() ** 3
      // Rows drawn evenly, or bunched in a stretch of the segment.
      const from = random() < 0.3 ? Math.floor(random() * size) : 0
      const rows = Array.from({ length: size }, (_, row) => row).filter((row) => row >= from && random() < density)
      if (rows.length === 0) continue
      const packed = pack(rows)
      kinds.add(kindOf(packed)!)
      expect([...readPackedRows(packed, 1)]).toEqual(rows)
      expect(checkPackedRows(packed, 1, packed.length, size)).toBe(rows.length)
      expect(packed.length - 1).toBe(Math.min(...Object.values(lengthsOf(rows))))
    }
    expect([...kinds].sort()).toEqual(['Elias-Fano', 'bitmap', 'gaps'])
  })
})

describe('checkPackedRows', () => {
  const gaps = pack([3, 9, 40])
  // Header (2 bytes), first byte 125, 13 bytes, then the bitmap from byte 5 on.
  const bitmap = pack(everyNth(1, 100, 1000))
  // Header (2 bytes), 2 low bits a row (byte 3 says so; 13 bytes), then the upper bits.
  const eliasFano = pack(everyNth(8, 50))
  const changed = (bytes: Uint8Array, at: number, value: number) => {
    const copy = bytes.slice()
    copy[at] = value
    return copy
  }

  it('reads the fixtures as the kinds they stand for', () => {
    expect([kindOf(gaps), kindOf(bitmap), kindOf(eliasFano)]).toEqual(['gaps', 'bitmap', 'Elias-Fano'])
  })

  it.each([
    ['a row at the segment size', gaps, 40, /reaches row 40; the segment has 40 rows/],
    ['a list cut short', gaps.subarray(0, gaps.length - 1), 100, /runs past/],
    ['a list with a byte more', Uint8Array.from([...gaps, 0]), 100, /ends at byte/],
    ['an empty list', Uint8Array.of(0xee, 0), 100, /empty/],
    ['a list of an unknown kind', Uint8Array.of(0xee, 7, 0), 100, /kind 3/],
    ['a bitmap whose count is above its bits', changed(bitmap, 1, bitmap[1]! + 4), 2000, /holds 100 rows/],
    ['a bitmap starting empty', changed(bitmap, 5, 0), 2000, /holds/],
    ['a bitmap of 0 bytes', Uint8Array.of(0xee, 5, 0, 0), 100, /of 0 bytes/],
    ['a bitmap past the segment', bitmap, 1099, /reaches row 1099/],
    ['an Elias-Fano list past the segment', eliasFano, 392, /reaches row 392/],
    ['an Elias-Fano list with a bit more', changed(eliasFano, eliasFano.length - 2, 0xff), 400, /holds 5\d rows/],
    ['an Elias-Fano list ending empty', Uint8Array.from([...eliasFano, 0]), 400, /ends empty/],
    ['an Elias-Fano list of 25 low bits', changed(eliasFano, 3, 25), 400, /25 low bits/],
    ['an Elias-Fano list without upper bits', eliasFano.subarray(0, 16), 400, /no upper bits/],
  ])('refuses %s', (_, bytes, size, message) => {
    expect(() => checkPackedRows(bytes, 1, bytes.length, size)).toThrow(InvalidPostings)
    expect(() => checkPackedRows(bytes, 1, bytes.length, size)).toThrow(message)
  })
})
