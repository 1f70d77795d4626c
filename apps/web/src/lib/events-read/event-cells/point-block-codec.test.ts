import { describe, expect, it } from 'vitest'

import {
  countPointsByBucket,
  extentOfPoints,
  pointValueFilter,
  POINT_BYTES,
  visitPoints,
  visitPointTimes,
  type PointBlock,
} from './point-block-codec'

// A block as PostgreSQL packs it: float8send of time, longitude and latitude per event.
function blockOf(points: ReadonlyArray<readonly [number, number, number]>, inside = false): PointBlock {
  const bytes = new Uint8Array(points.length * POINT_BYTES)
  const view = new DataView(bytes.buffer)
  points.forEach(([time, longitude, latitude], index) => {
    view.setFloat64(index * POINT_BYTES, time)
    view.setFloat64(index * POINT_BYTES + 8, longitude)
    view.setFloat64(index * POINT_BYTES + 16, latitude)
  })
  return { count: points.length, inside, points: bytes }
}

const EVERY_TIME = { start: -Infinity, end: Infinity }
const timesIn = (blocks: PointBlock[], boxes: Parameters<typeof visitPointTimes>[1], span = EVERY_TIME) => {
  const times: number[] = []
  visitPointTimes(blocks, boxes, span, (time) => times.push(time))
  return times
}

describe('a view as PostGIS tests a block’s events against it', () => {
  it('lets an event a hair outside the view through, as `location && st_makeenvelope` does', () => {
    // select st_setsrid(st_makepoint(2.00000001, 0), 4326) && st_makeenvelope(2.00000002, -1, 3, 1, 4326): true
    const view = [{ west: 2.00000002, south: -1, east: 3, north: 1 }]
    const block = blockOf([
      [1, 2.00000001, 0],
      [2, 1.9999, 0],
      [3, 2.5, 1.0001],
      [4, 2.5, 0.5],
    ])
    expect(timesIn([block], view)).toEqual([1, 4])
  })
})

describe('the events of point blocks', () => {
  const block = blockOf([
    [1000, 2.5, 48.5],
    [2000, 2.9, 48.9],
    [3000, 3.5, 48.5],
    [4000, 2.6, 47.2],
  ])

  it('gives the times of the events in the view and the span only', () => {
    const view = [{ west: 2, south: 48, east: 3, north: 49 }]
    expect(timesIn([block], view)).toEqual([1000, 2000])
    expect(timesIn([block], view, { start: 1001, end: Infinity })).toEqual([2000])
    expect(timesIn([block], view, { start: -Infinity, end: 2000 })).toEqual([1000])
    expect(timesIn([block], [{ west: 0, south: 0, east: 10, north: 60 }])).toEqual([1000, 2000, 3000, 4000])
    // A view split at the antimeridian is two boxes; a point in either counts once.
    expect(timesIn([block], [view[0]!, { west: 3.4, south: 48, east: 3.6, north: 49 }])).toEqual([1000, 2000, 3000])
  })

  it('takes every event of a block inside the view without testing its place', () => {
    const view = [{ west: 2, south: 48, east: 3, north: 49 }]
    expect(timesIn([blockOf([[1000, 2.5, 48.5]], true)], view)).toEqual([1000])
    // Whether a block is inside is the caller's to say, from its extent; its times are still tested.
    expect(timesIn([{ ...block, inside: true }], view, { start: 2000, end: 4000 })).toEqual([2000, 3000])
  })

  it('counts per bucket, the last up to the end given', () => {
    const starts = Float64Array.from([0, 1500, 3000])
    const everywhere = [{ west: -180, south: -90, east: 180, north: 90 }]
    expect([...countPointsByBucket([block], everywhere, EVERY_TIME, starts, 4000)]).toEqual([1, 1, 1])
    expect([...countPointsByBucket([block], everywhere, EVERY_TIME, starts, 4001)]).toEqual([1, 1, 2])
    expect([...countPointsByBucket([block], everywhere, EVERY_TIME, Float64Array.from([1500]), 4001)]).toEqual([3])
  })

  it('gives an undated event (time NaN) only when no time span is asked, and the extent of the events', () => {
    const view = [{ west: 2, south: 48, east: 3, north: 49 }]
    const withUndated = blockOf([
      ...[[NaN, 2.1, 48.1] as const],
      [1000, 2.5, 48.5],
      [2000, 2.9, 48.9],
      [3000, 3.5, 48.5],
    ])
    expect(timesIn([withUndated], view)).toEqual([1000, 2000])
    expect(extentOfPoints([withUndated], view, null)).toEqual({ count: 3, bounds: [2.1, 48.1, 2.9, 48.9] })
    expect(extentOfPoints([withUndated], view, { start: 1500, end: Infinity })).toEqual({
      count: 1,
      bounds: [2.9, 48.9, 2.9, 48.9],
    })
    expect(extentOfPoints([withUndated], view, { start: 5000, end: Infinity })).toEqual({ count: 0, bounds: null })
    const times: number[] = []
    visitPoints([withUndated], view, null, (time) => times.push(time))
    expect(times).toEqual([NaN, 1000, 2000])
  })

  it('refuses a block without its points, or with bytes that are not its events', () => {
    const view = [{ west: 2, south: 48, east: 3, north: 49 }]
    expect(() => timesIn([{ ...block, points: null }], view)).toThrow(/not packed/)
    expect(() => timesIn([{ ...block, count: 5 }], view)).toThrow(/holds 96 bytes/)
  })
})

describe('a value filter on point blocks', () => {
  // Two fields coded per event: `category` (fire 0, quake 1) and `country` (FR 0); 255 for none.
  const fields = ['category', 'country']
  const valueCodes = { category: ['fire', 'quake'], country: ['FR'] }
  const world = [{ west: -180, south: -90, east: 180, north: 90 }]
  const points = blockOf([
    [1000, 2.5, 48.5],
    [2000, 2.6, 48.6],
    [3000, 2.7, 48.7],
    [4000, 2.8, 48.8],
  ])
  const codes = Uint8Array.from([1, 0, 0, 255, 255, 0, 1, 255])

  it('keeps the events whose code of the field is one of the values', () => {
    const quakes = pointValueFilter(codes, fields, valueCodes, { field: 'category', values: ['quake'] })!
    expect(quakes).toMatchObject({ stride: 2, offset: 0 })
    expect(timesIn([{ ...points, values: quakes }], world)).toEqual([1000, 4000])
    const either = pointValueFilter(codes, fields, valueCodes, { field: 'category', values: ['fire', 'quake', 'x'] })!
    expect(timesIn([{ ...points, values: either }], world)).toEqual([1000, 2000, 4000])
    const french = pointValueFilter(codes, fields, valueCodes, { field: 'country', values: ['FR'] })!
    expect(timesIn([{ ...points, values: french }], world)).toEqual([1000, 3000])
    // No value (255) is never kept, and a value the build never saw keeps nothing.
    const unseen = pointValueFilter(codes, fields, valueCodes, { field: 'country', values: ['DE'] })!
    expect(timesIn([{ ...points, values: unseen }], world)).toEqual([])
    expect(extentOfPoints([{ ...points, values: french }], world, null)).toEqual({
      count: 2,
      bounds: [2.5, 48.5, 2.7, 48.7],
    })
  })

  it('has no filter for a field the build did not code, and refuses codes that are not whole events', () => {
    expect(pointValueFilter(codes, fields, valueCodes, { field: 'magnitude', values: ['5'] })).toBeNull()
    expect(pointValueFilter(codes, ['magnitude'], {}, { field: 'magnitude', values: ['5'] })).toBeNull()
    const short = pointValueFilter(codes.subarray(1), fields, valueCodes, { field: 'category', values: ['quake'] })!
    expect(() => timesIn([{ ...points, values: short }], world)).toThrow(/7 bytes of codes/)
  })
})
