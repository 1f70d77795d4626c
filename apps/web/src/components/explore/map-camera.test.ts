import { describe, expect, it } from 'vitest'

import { boundingBoxKey, cameraOfView, clusterZoom, queryBoundingBox, sameCamera, urlCamera } from './map-camera'

const box = (west: number, south: number, east: number, north: number) => ({ west, south, east, north })

describe('queryBoundingBox', () => {
  it.each<[string, ReturnType<typeof box>, ReturnType<typeof box>]>([
    ['an ordinary view', box(-10.5, 35, 30, 60.25), box(-10.5, 35, 30, 60.25)],
    ['a view across the antimeridian', box(170, -10, 190, 10), box(170, -10, 190, 10)],
    ['a view one turn east', box(530, -10, 560, 10), box(170, -10, 200, 10)],
    ['a view three turns east', box(900, -10, 920, 10), box(-180, -10, -160, 10)],
    ['a view one turn west', box(-200, -10, -100, 10), box(160, -10, 260, 10)],
    ['a world wider than the screen', box(-675, -85, 675, 85), box(-180, -85, 180, 85)],
    ['exactly one world', box(-180, -60, 180, 60), box(-180, -60, 180, 60)],
    ['nearly the whole world across the antimeridian', box(-149.6, -76, 207.9, 84), box(-180, -76, 180, 84)],
    ['a wide view short of the whole world', box(100, -60, 300, 60), box(100, -60, 300, 60)],
    ['latitudes beyond Web Mercator', box(0, -89.9, 10, 89.9), box(0, -85.051129, 10, 85.051129)],
  ])('%s', (_name, view, expected) => {
    const query = queryBoundingBox(view)
    expect(query).toEqual(expected)
    // What the read API accepts: longitudes within ±540, west before east.
    expect(Math.abs(query.west)).toBeLessThanOrEqual(540)
    expect(Math.abs(query.east)).toBeLessThanOrEqual(540)
    expect(query.west).toBeLessThan(query.east)
  })
})

describe('clusterZoom', () => {
  it.each<[number, number]>([
    [0, 0],
    [0.99, 0],
    [5.8, 5],
    [22.5, 22],
    [24, 22],
    [-1, 0],
  ])('%d → %d', (zoom, expected) => {
    expect(clusterZoom(zoom)).toBe(expected)
  })
})

describe('urlCamera', () => {
  it('writes 4 decimals of the centre and 2 of the zoom, longitude within ±180', () => {
    expect(urlCamera({ lng: 372.123456, lat: 48.858844, zoom: 11.3333 })).toEqual({
      lng: 12.1235,
      lat: 48.8588,
      zoom: 11.33,
    })
    expect(urlCamera({ lng: -190, lat: -0.00001, zoom: 1 })).toEqual({ lng: 170, lat: 0, zoom: 1 })
    expect(Object.is(urlCamera({ lng: -0.00001, lat: 0, zoom: 0 }).lng, -0)).toBe(false)
  })
})

describe('cameraOfView', () => {
  it('needs all of lng, lat and zoom, within range', () => {
    expect(cameraOfView({ lng: 2.35, lat: 48.85, zoom: 11 })).toEqual({ lng: 2.35, lat: 48.85, zoom: 11 })
    expect(cameraOfView({ lng: 0, lat: 0, zoom: 0 })).toEqual({ lng: 0, lat: 0, zoom: 0 })
    expect(cameraOfView({ lng: 2.35, lat: null, zoom: 11 })).toBeNull()
    expect(cameraOfView({ lng: null, lat: 48, zoom: 11 })).toBeNull()
    expect(cameraOfView({ lng: 2, lat: 48, zoom: null })).toBeNull()
    expect(cameraOfView({ lng: 2, lat: 91, zoom: 3 })).toBeNull()
    expect(cameraOfView({ lng: 2, lat: 48, zoom: 30 })).toBeNull()
    expect(cameraOfView({ lng: Number.NaN, lat: 48, zoom: 3 })).toBeNull()
  })
})

describe('sameCamera', () => {
  it('compares cameras as the URL writes them', () => {
    expect(sameCamera({ lng: 1.00001, lat: 2, zoom: 3.001 }, { lng: 1, lat: 2, zoom: 3 })).toBe(true)
    expect(sameCamera({ lng: 361, lat: 2, zoom: 3 }, { lng: 1, lat: 2, zoom: 3 })).toBe(true)
    expect(sameCamera({ lng: 1.0002, lat: 2, zoom: 3 }, { lng: 1, lat: 2, zoom: 3 })).toBe(false)
    expect(sameCamera({ lng: 1, lat: 2, zoom: 3.01 }, { lng: 1, lat: 2, zoom: 3 })).toBe(false)
  })
})

describe('boundingBoxKey', () => {
  it('is the same for boxes that differ below 4 decimals', () => {
    expect(boundingBoxKey(box(1.234567, 2, 3, 4))).toBe('1.2346,2,3,4')
    expect(boundingBoxKey(box(1.23456, 2, 3, 4))).toBe(boundingBoxKey(box(1.234564, 2, 3, 4)))
  })
})
