import { describe, expect, it } from 'vitest'

import { cellOf, finestCellX, MAX_CLUSTER_ZOOM } from '@chronotope/filters'

import { EventSegment, NO_CELL, SEGMENT_BYTES_PER_EVENT } from './event-segment'
import { FieldColumn } from './field-column'
import { TextPostingsBuilder } from './text-postings'

const columns = (ids: number[], times: number[]) => ({
  ids: Int32Array.from(ids),
  times: Float64Array.from(times),
  longitudes: Float64Array.from(ids, (_, index) => (index === 0 ? Number.NaN : 2.35)),
  latitudes: Float64Array.from(ids, (_, index) => (index === 0 ? Number.NaN : 48.85)),
})

describe('EventSegment', () => {
  it('counts the rows with a time and places events in the finest map-cluster cells', () => {
    const segment = new EventSegment(3, '7', columns([5, 2, 9], [10, 20, Number.NaN]))
    expect(segment.timedCount).toBe(2)
    expect(segment.size).toBe(3)
    expect(segment.cellY[0]).toBe(NO_CELL)
    const cell = cellOf([2.35, 48.85], MAX_CLUSTER_ZOOM)
    const finestX = finestCellX(segment.longitudes[1]!)
    expect([finestX, segment.cellY[1]]).toEqual([cell.x, cell.y])
    // A coarser cell is the finest one shifted: the same as computing it at that zoom.
    const coarse = cellOf([2.35, 48.85], 5)
    expect([finestX >> (MAX_CLUSTER_ZOOM - 5), segment.cellY[1]! >> (MAX_CLUSTER_ZOOM - 5)]).toEqual([
      coarse.x,
      coarse.y,
    ])
  })

  it('refuses rows out of list order', () => {
    expect(() => new EventSegment(1, '1', columns([1, 2], [20, 10]))).toThrow(/row 1/)
    expect(() => new EventSegment(1, '1', columns([2, 1], [10, 10]))).toThrow(/row 1/)
    expect(() => new EventSegment(1, '1', columns([1, 2, 3], [10, Number.NaN, 30]))).toThrow(/row 2/)
  })

  it('finds the rows of given event ids, ascending, and ignores unknown ids', () => {
    const segment = new EventSegment(1, '1', columns([40, 12, 30, 7], [1, 2, 3, Number.NaN]))
    const bytes = segment.byteLength
    expect([...segment.rowsOf([7, 12, 999])]).toEqual([1, 3])
    // The rows by id are kept for the next search, until the postings answer searches.
    expect(segment.byteLength).toBe(bytes + 4 * 4)
    const builder = new TextPostingsBuilder()
    for (let row = 0; row < 4; row++) builder.addRow('flood')
    const postings = builder.build()
    segment.setTextPostings(postings)
    expect(segment.byteLength).toBe(bytes + postings.byteLength)
    expect([...segment.rowsOf([30, 40])]).toEqual([0, 2])
  })

  it('knows the extent and number of its located events', () => {
    const segment = new EventSegment(1, '1', columns([1, 2, 3], [1, 2, 3]))
    expect(segment.locatedCount).toBe(2)
    expect(segment.extent).toEqual([2.35, 48.85, 2.35, 48.85])
  })

  it('accepts only field columns with a value per row', () => {
    const segment = new EventSegment(1, '1', columns([1, 2], [1, 2]))
    expect(() => segment.setField('kind', FieldColumn.fromValues(['a']))).toThrow(/1 rows/)
    segment.setField('kind', FieldColumn.fromValues(['a', 'b']))
    expect(segment.fieldPaths()).toEqual(['kind'])
  })

  it('counts the memory it holds as its columns, lists and loaded fields grow', () => {
    const size = 1000
    const ids = Array.from({ length: size }, (_, row) => row + 1)
    const segment = new EventSegment(1, '1', columns(ids, ids))
    // Ids, cell rows and times: 4 bytes each, and a block's base, unit and start (20) per 256 times;
    // positions: 8 each.
    const columnBytes = size * 28 + Math.ceil(size / 256) * 20
    expect(segment.byteLength).toBe(columnBytes)
    segment.gridRows()
    // The grid lists every located row once (all but the first) in 2 bytes, with a start per grid
    // cell and one run of rows (all in one cell, within 65,536 rows).
    const withGrid = segment.byteLength
    expect(withGrid - columnBytes).toBe(2 * (size - 1) + 4 * (256 * 256 + 1) + 6)
    expect(withGrid / size).toBeLessThan(SEGMENT_BYTES_PER_EVENT + 300)
    segment.setField('kind', FieldColumn.fromValues(ids.map((id) => (id % 2 ? 'odd' : 'even'))))
    // Codes (a byte a row for two texts), two numbers and two short texts.
    expect(segment.byteLength - withGrid).toBe(size + 16 + (32 + 6) + (32 + 8))
    const builder = new TextPostingsBuilder()
    for (let row = 0; row < size; row++) builder.addRow(row === 0 ? 'flood river' : 'river')
    const postings = builder.build()
    // Packed: per lexeme its length, text, list header and rows ('flood' one varint, 'river' in
    // every row a bit a row after a byte of Elias-Fano low bits), a start each, 3 objects.
    expect(postings.byteLength).toBe(1 + 5 + 1 + 1 + (1 + 5 + 2 + 1 + size / 8) + 4 * 3 + 3 * 64)
    segment.setTextPostings(postings)
    expect(segment.byteLength - withGrid - (size + 16 + 78)).toBe(postings.byteLength)
  })
})
