/**
 * One ascending list of rows packed into bytes, whichever of three ways is smallest: the gaps
 * between rows as LEB128 varints (a word in a handful of events: a few bytes each), Elias–Fano
 * (a word in one event of 60 to a few thousand: 1 to 2 bytes a row; see `elias-fano`), or a
 * bitmap over the bytes its rows span (a common word: under a byte a row once more than one row
 * in eight holds it).
 *
 * Layout: a varint header `count × 4 + kind`, then for kind 0 (gaps) `count` varints, the first
 * row and then each row's distance to the one before less one; for kind 1 (bitmap) a varint first
 * byte, a varint byte count and the bitmap bytes, bit `row & 7` of byte `row >> 3` set for each
 * row; for kind 2 (Elias–Fano) a varint of the low bits `l`, `⌈count × l / 8⌉` bytes of low bits,
 * then the upper bits to the list's end. The text postings keep one such list per lexeme (see
 * `text-postings`), and the record around it says where it ends.
 * @module
 */

import {
  eliasFanoBytes,
  eliasFanoLastRow,
  eliasFanoLowBits,
  MAX_LOW_BITS,
  readEliasFano,
  writeEliasFano,
} from './elias-fano'
import { forEachRow } from './gap-varints'

const GAPS = 0
const BITMAP = 1
const ELIAS_FANO = 2
const KINDS = 4

/** Most rows a packed list may count: its header, `count × 4 + kind`, stays a positive int32. */
export const MAX_PACKED_ROWS = 2 ** 29 - 1

/** A packed row list, or postings made of them, that is not what {@link writePackedRows} writes. */
export class InvalidPostings extends Error {
  override readonly name = 'InvalidPostings'
}

/**
 * Bytes the varint of `value` takes, from 1 to 5.
 * @example varintLength(300) // 2
 */
export function varintLength(value: number): number {
  return value < 0x80 ? 1 : value < 0x4000 ? 2 : value < 0x200000 ? 3 : value < 0x10000000 ? 4 : 5
}

/**
 * Writes `value` (0 to 2³¹ − 1) as a LEB128 varint at `at`.
 * @returns where the next byte goes
 */
export function writeVarint(bytes: Uint8Array, at: number, value: number): number {
  while (value >= 0x80) {
    bytes[at++] = (value & 0x7f) | 0x80
    value >>>= 7
  }
  bytes[at++] = value
  return at
}

/** What sizing a packed list takes: how many rows, its first and last, and its gaps' bytes. */
export interface RowShape {
  /** How many rows; at least one. */
  readonly count: number
  readonly firstRow: number
  readonly lastRow: number
  /** Bytes of the gaps as varints: the first row, then each row's distance to the one before less one. */
  readonly gapBytes: number
}

const gapsLength = ({ count, gapBytes }: RowShape): number => varintLength(count * KINDS + GAPS) + gapBytes

const bitmapLength = ({ count, firstRow, lastRow }: RowShape): number => {
  const firstByte = firstRow >> 3
  const byteCount = (lastRow >> 3) - firstByte + 1
  return varintLength(count * KINDS + BITMAP) + varintLength(firstByte) + varintLength(byteCount) + byteCount
}

const eliasFanoLength = ({ count, lastRow }: RowShape): number => {
  const low = eliasFanoLowBits(count, lastRow - (count - 1))
  const { lower, upper } = eliasFanoBytes(count, lastRow, low)
  return varintLength(count * KINDS + ELIAS_FANO) + varintLength(low) + lower + upper
}

/**
 * Bytes {@link writePackedRows} writes for rows of this shape: the least of the three ways.
 * @example packedRowsLength({ count: 2, firstRow: 5, lastRow: 6, gapBytes: 2 }) // 3
 */
export function packedRowsLength(shape: RowShape): number {
  return Math.min(gapsLength(shape), bitmapLength(shape), eliasFanoLength(shape))
}

/**
 * Packs rows at `at` the smallest way (on a tie gaps, then bitmap, then Elias–Fano).
 * @param gaps - the rows as varint gaps, `shape.gapBytes` long
 * @returns where the next byte goes
 */
export function writePackedRows(shape: RowShape, gaps: Uint8Array, bytes: Uint8Array, at: number): number {
  const length = packedRowsLength(shape)
  if (gapsLength(shape) === length) {
    at = writeVarint(bytes, at, shape.count * KINDS + GAPS)
    bytes.set(gaps, at)
    return at + gaps.length
  }
  if (bitmapLength(shape) === length) {
    const firstByte = shape.firstRow >> 3
    const byteCount = (shape.lastRow >> 3) - firstByte + 1
    at = writeVarint(bytes, at, shape.count * KINDS + BITMAP)
    at = writeVarint(bytes, at, firstByte)
    at = writeVarint(bytes, at, byteCount)
    bytes.fill(0, at, at + byteCount)
    const base = at - firstByte
    forEachRow(gaps, (row) => (bytes[base + (row >> 3)]! |= 1 << (row & 7)))
    return at + byteCount
  }
  const low = eliasFanoLowBits(shape.count, shape.lastRow - (shape.count - 1))
  at = writeVarint(bytes, at, shape.count * KINDS + ELIAS_FANO)
  at = writeVarint(bytes, at, low)
  return writeEliasFano(gaps, shape.count, shape.lastRow, low, bytes, at)
}

/**
 * The rows of the packed list at `at`, ascending. Trusts the bytes: lists are checked once, by
 * {@link checkPackedRows}, when the postings are made.
 */
export function readPackedRows(bytes: Uint8Array, at: number): Int32Array {
  let header = 0
  for (let shift = 0; ; shift += 7) {
    const byte = bytes[at++]!
    header |= (byte & 0x7f) << shift
    if (byte < 0x80) break
  }
  const rows = new Int32Array(header >>> 2)
  const kind = header & 3
  if (kind === GAPS) {
    let row = -1
    for (let index = 0; index < rows.length; index++) {
      let gap = 0
      for (let shift = 0; ; shift += 7) {
        const byte = bytes[at++]!
        gap |= (byte & 0x7f) << shift
        if (byte < 0x80) break
      }
      row += gap + 1
      rows[index] = row
    }
    return rows
  }
  const reader = new VarintReader(bytes, at, bytes.length)
  if (kind === ELIAS_FANO) {
    const low = reader.next()
    readEliasFano(bytes, reader.at, reader.at + Math.ceil((rows.length * low) / 8), low, rows)
    return rows
  }
  const firstByte = reader.next()
  const byteCount = reader.next()
  const start = reader.at
  let index = 0
  for (let offset = 0; offset < byteCount; offset++) {
    let bits = bytes[start + offset]!
    const base = (firstByte + offset) << 3
    while (bits !== 0) {
      // The lowest set bit, then clear it.
      rows[index++] = base + 31 - Math.clz32(bits & -bits)
      bits &= bits - 1
    }
  }
  return rows
}

/** Reads varints of at most 2³¹ − 1 from `bytes[at … end - 1]`, refusing what runs past `end`. */
export class VarintReader {
  constructor(
    private readonly bytes: Uint8Array,
    public at: number,
    private readonly end: number,
  ) {}

  /**
   * The next varint.
   * @throws InvalidPostings when it runs past the end or exceeds 2³¹ − 1
   */
  next(): number {
    let value = 0
    for (let shift = 0; shift < 35; shift += 7) {
      if (this.at >= this.end) throw new InvalidPostings(`a varint runs past byte ${this.end}`)
      const byte = this.bytes[this.at++]!
      if (shift === 28 && byte > 0x07) throw new InvalidPostings(`a varint at byte ${this.at - 1} exceeds 2^31 - 1`)
      value |= (byte & 0x7f) << shift
      if (byte < 0x80) return value
    }
    throw new InvalidPostings(`a varint at byte ${this.at - 1} exceeds 2^31 - 1`)
  }
}

// Set bits per byte value, for counting a bitmap's rows a byte at a time.
const BITS_SET = Uint8Array.from({ length: 256 }, (_, byte) => {
  let count = 0
  for (let bits = byte; bits !== 0; bits &= bits - 1) count++
  return count
})

/**
 * Checks that `bytes[at … end - 1]` is exactly one packed list of at least one row, all below
 * `size`, without building the rows (a few nanoseconds a byte).
 * @returns how many rows it holds
 * @throws InvalidPostings naming what is wrong
 */
export function checkPackedRows(bytes: Uint8Array, at: number, end: number, size: number): number {
  const reader = new VarintReader(bytes, at, end)
  const header = reader.next()
  const count = header >>> 2
  const kind = header & 3
  if (count === 0) throw new InvalidPostings('a row list is empty')
  let lastRow: number
  if (kind === GAPS) {
    // One flat loop over the bytes, not a varint at a time: a snapshot's millions of rows are
    // checked on load.
    let rows = 0
    let gap = 0
    let shift = 0
    lastRow = -1
    let at = reader.at
    for (; at < end && rows < count; at++) {
      const byte = bytes[at]!
      gap |= (byte & 0x7f) << shift
      if (byte < 0x80) {
        lastRow += gap + 1
        rows++
        gap = 0
        shift = 0
      } else if ((shift += 7) > 28 || (shift === 28 && bytes[at + 1]! > 0x07))
        throw new InvalidPostings(`a gap at byte ${at} exceeds 2^31 - 1`)
    }
    if (rows < count) throw new InvalidPostings(`${rows} of ${count} gaps end before byte ${end}; the list runs past`)
    reader.at = at
  } else if (kind === ELIAS_FANO) {
    const low = reader.next()
    const upperStart = reader.at + Math.ceil((count * low) / 8)
    if (low > MAX_LOW_BITS || upperStart >= end)
      throw new InvalidPostings(`an Elias-Fano list of ${low} low bits a row leaves no upper bits`)
    let bits = 0
    for (let byteAt = upperStart; byteAt < end; byteAt++) bits += BITS_SET[bytes[byteAt]!]!
    if (bits !== count || bytes[end - 1] === 0)
      throw new InvalidPostings(`an Elias-Fano list holds ${bits} rows, its header says ${count}, or ends empty`)
    lastRow = eliasFanoLastRow(bytes, reader.at, upperStart, count, low)
    if (lastRow < 0) throw new InvalidPostings(`an Elias-Fano list's rows do not ascend`)
    reader.at = end
  } else if (kind === BITMAP) {
    const firstByte = reader.next()
    const byteCount = reader.next()
    if (byteCount === 0 || reader.at + byteCount !== end)
      throw new InvalidPostings(`a bitmap of ${byteCount} bytes does not fill its ${end - reader.at} bytes`)
    let bits = 0
    for (let offset = 0; offset < byteCount; offset++) bits += BITS_SET[bytes[reader.at + offset]!]!
    const last = bytes[end - 1]!
    if (bits !== count || bytes[reader.at] === 0 || last === 0)
      throw new InvalidPostings(`a bitmap holds ${bits} rows, its header says ${count}, or starts or ends empty`)
    reader.at = end
    lastRow = (firstByte + byteCount - 1) * 8 + 31 - Math.clz32(last)
  } else throw new InvalidPostings(`a row list of kind ${kind}`)
  if (reader.at !== end) throw new InvalidPostings(`a row list ends at byte ${reader.at}, not ${end}`)
  if (lastRow >= size) throw new InvalidPostings(`a row list reaches row ${lastRow}; the segment has ${size} rows`)
  return count
}
