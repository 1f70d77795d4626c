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
    expect(copy.cellX).toEqual(segment.cellX)
    expect(copy.timedCount).toBe(segment.timedCount)
    expect(copy.extent).toEqual(segment.extent)
    const query = { bbox: { west: -30, south: 10, east: 60, north: 70 }, startMs: Date.UTC(1900, 0, 1) }
    expect(selectRows(copy, query).size).toBe(selectRows(segment, query).size)
    expect(selectRows(copy, query).size).toBeGreaterThan(0)
  })

  it('reads its arrays as views of the file, without copying them', () => {
    const file = asFile(encodeSegmentSnapshot(segment))
    const copy = decodeSegmentSnapshot(file, key)
    expect(copy.times.buffer).toBe(file.buffer)
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
  it('answers every word as the postings it was taken from', () => {
    const documents = Array.from({ length: segment.size }, (_, row) =>
      ['flood', row % 3 === 0 ? 'river' : '', row % 7 === 0 ? '東京' : ''].filter(Boolean).join(' '),
    )
    const postings = TextPostings.fromRowLexemes(documents)
    const copy = decodeTextSnapshot(asFile(encodeTextSnapshot(segment, postings)), segment)
    for (const lexeme of ['flood', 'river', '東京', 'absent'])
      expect(copy.rowsMatching({ kind: 'lexeme', lexeme })).toEqual(postings.rowsMatching({ kind: 'lexeme', lexeme }))
    expect(copy.entries).toBe(postings.entries)
  })

  it('refuses rows outside the segment', () => {
    const postings = new TextPostings(segment.size, new Map([['flood', Int32Array.of(0, segment.size)]]))
    expect(() => decodeTextSnapshot(asFile(encodeTextSnapshot(segment, postings)), segment)).toThrow(
      /not ascending rows of the segment/,
    )
  })
})
