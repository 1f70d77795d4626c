import { describe, expect, it } from 'vitest'

import { FieldColumn } from './field-column'
import { selectRows } from './row-selection'
import {
  decodeFieldSnapshot,
  decodeSegmentSnapshot,
  decodeTextSnapshot,
  encodeFieldSnapshot,
  encodeSegmentSnapshot,
  encodeTextSnapshot,
  SnapshotMismatch,
} from './snapshot-codec'
import { randomEvents, seededRandom, segmentOf } from './test-segments'
import { TextPostings } from './text-postings'
import { parseTextQuery } from './text-query'

/** The chunks as one file's bytes, read back into a fresh buffer as `readFile` gives it. */
const asFile = (chunks: readonly Uint8Array[]): Uint8Array => {
  const bytes = new Uint8Array(chunks.reduce((sum, chunk) => sum + chunk.length, 0))
  let at = 0
  for (const chunk of chunks) {
    bytes.set(chunk, at)
    at += chunk.length
  }
  return bytes
}

const segment = segmentOf(7, randomEvents(2_000, 1, seededRandom(11)))
const key = { datasetId: 7, version: '1', size: segment.size }

describe('segment snapshots', () => {
  it('gives back the same columns, extent and answers', () => {
    const copy = decodeSegmentSnapshot(asFile(encodeSegmentSnapshot(segment)), key)
    expect(copy.ids).toEqual(segment.ids)
    expect(copy.times).toEqual(segment.times)
    expect(copy.longitudes).toEqual(segment.longitudes)
    expect(copy.latitudes).toEqual(segment.latitudes)
    expect(copy.cellY).toEqual(segment.cellY)
    expect(copy.timedCount).toBe(segment.timedCount)
    expect(copy.extent).toEqual(segment.extent)
    const query = { bbox: { west: -30, south: 10, east: 60, north: 70 }, startMs: Date.UTC(1900, 0, 1) }
    expect(selectRows(copy, query).size).toBe(selectRows(segment, query).size)
    expect(selectRows(copy, query).size).toBeGreaterThan(0)
  })

  it('reads its arrays as views of the file, without copying them', () => {
    const file = asFile(encodeSegmentSnapshot(segment))
    const copy = decodeSegmentSnapshot(file, key)
    expect(copy.ids.buffer).toBe(file.buffer)
    expect(copy.longitudes.buffer).toBe(file.buffer)
    expect(copy.timeColumn.parts.offsets.buffer).toBe(file.buffer)
  })

  it('copies arrays that would start unaligned instead of failing', () => {
    const file = asFile(encodeSegmentSnapshot(segment))
    const shifted = new Uint8Array(file.length + 1)
    shifted.set(file, 1)
    const copy = decodeSegmentSnapshot(shifted.subarray(1), key)
    expect(copy.times).toEqual(segment.times)
  })

  it.each([
    ['another version', { ...key, version: '2' }],
    ['another dataset', { ...key, datasetId: 8 }],
    ['another event count', { ...key, size: key.size + 1 }],
  ])('is refused for %s', (_, other) => {
    expect(() => decodeSegmentSnapshot(asFile(encodeSegmentSnapshot(segment)), other)).toThrow(SnapshotMismatch)
  })

  it('refuses a cut file, a longer file and a file that is no snapshot', () => {
    const file = asFile(encodeSegmentSnapshot(segment))
    expect(() => decodeSegmentSnapshot(file.subarray(0, file.length - 8), key)).toThrow(/holds .* bytes/)
    expect(() => decodeSegmentSnapshot(asFile([file, new Uint8Array(8)]), key)).toThrow(SnapshotMismatch)
    expect(() => decodeSegmentSnapshot(new TextEncoder().encode('id,title\n1,flood\n'), key)).toThrow(
      /not an index snapshot/,
    )
    expect(() => decodeSegmentSnapshot(new Uint8Array(0), key)).toThrow(SnapshotMismatch)
  })

  it('refuses a segment snapshot read as a field or as postings', () => {
    const file = asFile(encodeSegmentSnapshot(segment))
    expect(() => decodeFieldSnapshot(file, segment, 'category')).toThrow(/not field/)
    expect(() => decodeTextSnapshot(file, segment)).toThrow(/not text/)
  })
})

describe('field snapshots', () => {
  it('gives back the codes, the dictionary and the numbers', () => {
    const column = segment.field('size')!
    const copy = decodeFieldSnapshot(asFile(encodeFieldSnapshot(segment, 'size', column)), segment, 'size')
    expect(copy.codes).toEqual(column.codes)
    expect(copy.dictionary).toEqual(column.dictionary)
    expect(copy.numbers).toEqual(column.numbers)
    expect(copy.codes).toBeInstanceOf(Int8Array)
  })

  it('reads codes of every width, and the int32 codes of format 1 files narrowed', () => {
    for (const texts of [3, 200, 40_000]) {
      const values = Array.from({ length: segment.size }, (_, row) => (row % 7 === 3 ? null : `v${row % texts}`))
      const column = FieldColumn.fromValues(values)
      const copy = decodeFieldSnapshot(asFile(encodeFieldSnapshot(segment, 'wide', column)), segment, 'wide')
      expect(copy.codes).toEqual(column.codes)
      // As an older Chronotope wrote it: int32 codes.
      const older = { codes: Int32Array.from(column.codes), dictionary: column.dictionary } as unknown as FieldColumn
      const read = decodeFieldSnapshot(asFile(encodeFieldSnapshot(segment, 'wide', older)), segment, 'wide')
      expect(read.codes).toEqual(column.codes)
    }
  })

  it('keeps texts in any script and with JSON-special characters', () => {
    const values = ['東京', 'Zürich "old town"', 'a\\b\nc', null, '\u2028', '😀']
    const small = segmentOf(3, randomEvents(values.length, 1, seededRandom(2)))
    const column = FieldColumn.fromValues(values)
    const copy = decodeFieldSnapshot(asFile(encodeFieldSnapshot(small, 'odd', column)), small, 'odd')
    expect(copy.dictionary).toEqual(column.dictionary)
  })

  it('is refused for another field path', () => {
    const file = asFile(encodeFieldSnapshot(segment, 'size', segment.field('size')!))
    expect(() => decodeFieldSnapshot(file, segment, 'category')).toThrow(/not "category"/)
  })
})

describe('postings snapshots', () => {
  // Words at every density, so the snapshot holds bitmaps and gap lists; some in other scripts.
  const random = seededRandom(23)
  const words = [
    'flood',
    'river',
    '東京',
    'zürich',
    '😀',
    'Ａ',
    'every',
    'rare',
    ...Array.from({ length: 40 }, (_, n) => `w${n}`),
  ]
  const documents = Array.from({ length: segment.size }, (_, row) =>
    words
      .filter(
        (_, index) => index === 6 || random() < 1 / (index + 1) ** 1.5 || (index === 7 && row === segment.size - 1),
      )
      .join(' '),
  )
  const postings = TextPostings.fromRowLexemes(documents)

  it('answers every word and query as the postings it was taken from', () => {
    const copy = decodeTextSnapshot(asFile(encodeTextSnapshot(segment, postings)), segment)
    for (const lexeme of [...words, 'absent'])
      expect(copy.rowsMatching({ kind: 'lexeme', lexeme })).toEqual(postings.rowsMatching({ kind: 'lexeme', lexeme }))
    for (const text of ["'flood' & !'river'", "'w3' | '東京' & !'w1'", "!'every'", "!( 'w0' | 'w1' )"])
      expect(copy.rowsMatching(parseTextQuery(text))).toEqual(postings.rowsMatching(parseTextQuery(text)))
    expect(copy.entries).toBe(postings.entries)
    expect(copy.byteLength).toBe(postings.byteLength)
    expect([...copy.lexemeRows()]).toEqual([...postings.lexemeRows()])
  })

  it('reads the packed postings as views of the file, and copies them from an unaligned Buffer', () => {
    const file = asFile(encodeTextSnapshot(segment, postings))
    const copy = decodeTextSnapshot(file, segment)
    expect(copy.packed.records.buffer).toBe(file.buffer)
    expect(copy.packed.starts.buffer).toBe(file.buffer)
    // A Node Buffer's `slice` is a view: the unaligned starts must still be a copy of the right bytes.
    const shifted = Buffer.alloc(file.length + 1)
    shifted.set(file, 1)
    const unaligned = decodeTextSnapshot(shifted.subarray(1), segment)
    expect(unaligned.packed.starts).toEqual(postings.packed.starts)
    expect(unaligned.rowsMatching({ kind: 'lexeme', lexeme: 'w2' })).toEqual(
      postings.rowsMatching({ kind: 'lexeme', lexeme: 'w2' }),
    )
  })

  it('costs about the packed bytes on disk', () => {
    const bytes = asFile(encodeTextSnapshot(segment, postings)).length
    expect(bytes).toBeLessThan(postings.packed.records.length + postings.packed.starts.byteLength + 400)
  })

  it('refuses rows outside the segment', () => {
    const beyond = TextPostings.fromRowLexemes([...Array.from({ length: segment.size }, () => 'flood'), 'flood'])
    expect(() => decodeTextSnapshot(asFile(encodeTextSnapshot(segment, beyond)), segment)).toThrow(
      /postings are not valid: the rows of "flood": .*reaches row 2000; the segment has 2000 rows/,
    )
  })

  it('refuses packed bytes that do not read as postings', () => {
    const file = asFile(encodeTextSnapshot(segment, postings))
    // The records are the last array, padded to 8 bytes: its last byte ends the last list, its
    // second byte starts the first lexeme (after the lexeme's length).
    const recordsEnd = file.length - ((8 - (postings.packed.records.length % 8)) % 8)
    const recordsStart = recordsEnd - postings.packed.records.length
    const cut = file.slice()
    cut[recordsEnd - 1] = 0xff
    expect(() => decodeTextSnapshot(cut, segment)).toThrow(/postings are not valid/)
    const reordered = file.slice()
    reordered[recordsStart + 1] = 0xf4
    expect(() => decodeTextSnapshot(reordered, segment)).toThrow(/does not sort after/)
  })

  it('refuses segments of format 1, which held a float64 time a row, and time blocks that do not fit', () => {
    const file = asFile(encodeSegmentSnapshot(segment))
    const text = new TextDecoder().decode(file.subarray(24, 24 + 40))
    expect(text).toContain('"format":2')
    const older = file.slice()
    older[24 + text.indexOf('"format":2') + '"format":'.length] = '1'.charCodeAt(0)
    expect(() => decodeSegmentSnapshot(older, key)).toThrow(/snapshot format 1, expected 2/)
    // A block's unit made negative, then its base made NaN: the parts, then the times, are refused.
    const { units, bases } = segment.timeColumn.parts
    const at = (array: Float64Array) =>
      findBytes(file, new Uint8Array(array.buffer, array.byteOffset, array.byteLength))
    const badUnit = file.slice()
    new DataView(badUnit.buffer).setFloat64(at(units), -1, true)
    expect(() => decodeSegmentSnapshot(badUnit, key)).toThrow(/time block 0 has unit -1/)
    const badBase = file.slice()
    new DataView(badBase.buffer).setFloat64(at(bases), Number.NaN, true)
    expect(() => decodeSegmentSnapshot(badBase, key)).toThrow(SnapshotMismatch)
  })

  it('refuses postings of format 1, which listed every row as an int32, and no field of format 1', () => {
    const file = asFile(encodeTextSnapshot(segment, postings))
    const text = new TextDecoder().decode(file.subarray(24, 24 + 40))
    expect(text).toContain('"format":2')
    const older = file.slice()
    older[24 + text.indexOf('"format":2') + '"format":'.length] = '1'.charCodeAt(0)
    expect(() => decodeTextSnapshot(older, segment)).toThrow(/snapshot format 1, expected 2/)
    // Fields kept their layout: their files from before are still read.
    expect(
      new TextDecoder().decode(asFile(encodeFieldSnapshot(segment, 'size', segment.field('size')!)).subarray(24, 64)),
    ).toContain('"format":1')
  })
})

// Where `part` starts in `bytes` (the first match).
function findBytes(bytes: Uint8Array, part: Uint8Array): number {
  for (let at = 0; at + part.length <= bytes.length; at++) {
    let same = true
    for (let index = 0; index < part.length && same; index++) same = bytes[at + index] === part[index]
    if (same) return at
  }
  throw new Error('not found')
}
