import { describe, expect, it } from 'vitest'

import { crossesAntimeridian, parseBoundingBox, splitBoundingBox } from './bounding-box'
import type { BoundingBox } from './bounding-box'
import { filterError } from './filter-error-matcher'

const box = (west: number, south: number, east: number, north: number): BoundingBox => ({ west, south, east, north })

describe('parseBoundingBox', () => {
  it.each<[string, string, BoundingBox]>([
    ['an ordinary box', '-10.5,35,30,60.25', box(-10.5, 35, 30, 60.25)],
    ['spaces around the numbers', ' 1 , 2 , 3 , 4 ', box(1, 2, 3, 4)],
    ['exponents', '1e1,-2E1,3e+1,4.5e0', box(10, -20, 30, 4.5)],
    ['the antimeridian form, west > east', '170,-10,-170,10', box(170, -10, -170, 10)],
    ['a wrapped map one turn east', '190,-10,200,10', box(-170, -10, -160, 10)],
    ['a wrapped map one turn west', '-200,-10,-190,10', box(160, -10, 170, 10)],
    ['a wrapped view across the antimeridian', '170,-10,190,10', box(170, -10, -170, 10)],
    ['a wrapped view across it from the west', '-190,-10,-170,10', box(170, -10, -170, 10)],
    ['a view starting on the antimeridian', '180,-10,190,10', box(-180, -10, -170, 10)],
    ['a view ending on the antimeridian', '-190,-10,-180,10', box(170, -10, 180, 10)],
    ['exactly the world', '-180,-90,180,90', box(-180, -90, 180, 90)],
    ['360° wide from a wrapped map', '-300,-85,60,85', box(-180, -85, 180, 85)],
    ['more than 360° wide', '-540,-10,540,10', box(-180, -10, 180, 10)],
    ['a nearly-whole-world crossing box', '10,-10,5,10', box(10, -10, 5, 10)],
    ['a point', '5,5,5,5', box(5, 5, 5, 5)],
    ['negative zero', '-0,-0,1,1', box(0, 0, 1, 1)],
  ])('reads %s', (_, text, expected) => {
    const parsed = parseBoundingBox(text)
    expect(parsed).toEqual(expected)
    // Normalising a normalised box changes nothing, so encoded states read back the same.
    expect(parseBoundingBox([parsed.west, parsed.south, parsed.east, parsed.north].join(','))).toEqual(parsed)
  })

  it.each<[string, string]>([
    ['10,abc', 'bbox: must be west,south,east,north in degrees; got "10,abc"'],
    ['', 'bbox: must be west,south,east,north in degrees; got ""'],
    ['1,2,3,4,5', 'bbox: must be west,south,east,north in degrees; got "1,2,3,4,5"'],
    ['10,95,20,96', 'bbox: south (95) must be between -90 and 90'],
    ['10,-10,20,91', 'bbox: north (91) must be between -90 and 90'],
    ['10,20,20,10', 'bbox: south (20) must not be greater than north (10)'],
    ['600,0,610,1', 'bbox: west (600) must be between -180 and 180 (or within ±540 from a map that wraps)'],
    ['0,0,-541,1', 'bbox: east (-541) must be between -180 and 180 (or within ±540 from a map that wraps)'],
    ['500,0,-500,1', 'bbox: west (500) must not be more than 360° east of east (-500)'],
    ['NaN,0,1,1', 'bbox: west must be a finite number of degrees; got "NaN"'],
    ['0,Infinity,1,1', 'bbox: south must be a finite number of degrees; got "Infinity"'],
    ['0,0,1e999,1', 'bbox: east must be a finite number of degrees; got "1e999"'],
    ['0,0,1,0x10', 'bbox: north must be a finite number of degrees; got "0x10"'],
    ["0,0,1,'; drop table", 'bbox: north must be a finite number of degrees; got "\'; drop table"'],
    ['0,,1,1', 'bbox: south must be a finite number of degrees; got ""'],
  ])('refuses %j: %s', (text, message) => {
    expect(() => parseBoundingBox(text)).toThrow(filterError('bbox', message))
  })

  it('names another parameter when asked', () => {
    expect(() => parseBoundingBox('1,2', 'bounds')).toThrow(
      filterError('bounds', 'bounds: must be west,south,east,north in degrees; got "1,2"'),
    )
  })
})

describe('splitBoundingBox', () => {
  it('splits a box across the antimeridian into its two sides', () => {
    const crossing = box(170, -10, -170, 10)
    expect(crossesAntimeridian(crossing)).toBe(true)
    expect(splitBoundingBox(crossing)).toEqual([box(170, -10, 180, 10), box(-180, -10, -170, 10)])
  })

  it.each([box(-10, 35, 30, 60), box(-180, -90, 180, 90), box(5, 5, 5, 5)])('keeps %j whole', (bbox) => {
    expect(crossesAntimeridian(bbox)).toBe(false)
    expect(splitBoundingBox(bbox)).toEqual([bbox])
  })

  it('splits what parseBoundingBox made of a wrapped view', () => {
    expect(splitBoundingBox(parseBoundingBox('175,0,185,5'))).toEqual([box(175, 0, 180, 5), box(-180, 0, -175, 5)])
  })
})
