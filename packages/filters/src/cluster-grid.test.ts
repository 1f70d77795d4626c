import { describe, expect, it } from 'vitest'

import {
  cellOf,
  clusterCellSize,
  finestCellX,
  lngLatToMercator,
  MAX_CLUSTER_ZOOM,
  mercatorToLngLat,
  snapToCells,
  WORLD_WIDTH_M,
} from './cluster-grid'

describe('clusterCellSize', () => {
  it.each([
    [0, 10_018_754.171394622],
    [1, 5_009_377.085697311],
    [10, 9783.93962050256],
    [22, 2.388657133911758],
  ])('at zoom %i a cell is %f m: 64 px of a 256-px tile', (zoom, metres) => {
    expect(clusterCellSize(zoom)).toBe(metres)
    expect((clusterCellSize(zoom) / WORLD_WIDTH_M) * 256 * 2 ** zoom).toBe(64)
  })

  it('floors fractional zooms, as the map reports 5.7 between levels', () => {
    expect(clusterCellSize(5.7)).toBe(clusterCellSize(5))
  })

  it('halves at each zoom, so a cell splits into exactly four', () => {
    for (let zoom = 1; zoom <= 22; zoom++) expect(clusterCellSize(zoom) * 2).toBe(clusterCellSize(zoom - 1))
  })

  it.each([-1, 23, Number.NaN, Number.POSITIVE_INFINITY])('refuses zoom %s', (zoom) => {
    expect(() => clusterCellSize(zoom)).toThrow(RangeError)
  })
})

describe('lngLatToMercator and mercatorToLngLat', () => {
  // Expected metres are PostGIS 3.3's ST_Transform(ST_SetSRID(ST_MakePoint(lng, lat), 4326), 3857)
  // (PROJ 9.1): x bit for bit; y within a micrometre, as C's and JavaScript's asinh may differ in the last bit.
  it.each<[string, [number, number], [number, number]]>([
    ['Paris', [2.3522, 48.8566], [261_845.70624393807, 6_250_564.349543125]],
    ['New York', [-74.006, 40.7128], [-8_238_310.235647004, 4_970_071.579142427]],
    ['Sydney', [151.2093, -33.8688], [16_832_542.27920734, -4_011_198.647307572]],
    ['the origin', [0, 0], [0, 0]],
    ['the antimeridian at the clamp latitude', [-180, 85.05112878], [-20_037_508.342789244, 20_037_508.34303882]],
  ])('projects %s as PostGIS does', (_, lngLat, [x, y]) => {
    const projected = lngLatToMercator(lngLat)
    expect(projected[0]).toBe(x)
    expect(projected[1]).toBeCloseTo(y, 6)
  })

  it('clamps latitudes beyond ±85.05112878 instead of reaching infinity at the poles', () => {
    expect(lngLatToMercator([10, 90])[1]).toBe(lngLatToMercator([10, 85.05112878])[1])
    expect(lngLatToMercator([10, -90])[1]).toBe(-lngLatToMercator([10, 85.05112878])[1])
  })

  it('unprojects back to the same degrees', () => {
    expect(mercatorToLngLat([20_037_508.342789244, 0])).toEqual([180, 0])
    const [lng, lat] = mercatorToLngLat(lngLatToMercator([2.3522, 48.8566]))
    expect(lng).toBeCloseTo(2.3522, 12)
    expect(lat).toBeCloseTo(48.8566, 12)
  })
})

describe('cellOf', () => {
  // Expected cells are PostGIS's floor(ST_X(ST_Transform(geom, 3857)) / size) and the same for Y.
  const zooms = [0, 3, 5, 10, 16, 22]
  it.each<[string, [number, number], [number, number][]]>([
    [
      'the origin',
      [0, 0],
      [
        [0, 0],
        [0, 0],
        [0, 0],
        [0, 0],
        [0, 0],
        [0, 0],
      ],
    ],
    [
      '180° on the equator',
      [180, 0],
      [
        [2, 0],
        [16, 0],
        [64, 0],
        [2048, 0],
        [131_072, 0],
        [8_388_608, 0],
      ],
    ],
    [
      '-180° on the equator',
      [-180, 0],
      [
        [-2, 0],
        [-16, 0],
        [-64, 0],
        [-2048, 0],
        [-131_072, 0],
        [-8_388_608, 0],
      ],
    ],
    [
      'Paris',
      [2.3522, 48.8566],
      [
        [0, 0],
        [0, 4],
        [0, 19],
        [26, 638],
        [1712, 40_887],
        [109_620, 2_616_769],
      ],
    ],
    [
      'New York',
      [-74.006, 40.7128],
      [
        [-1, 0],
        [-7, 3],
        [-27, 15],
        [-843, 507],
        [-53_890, 32_510],
        [-3_448_930, 2_080_696],
      ],
    ],
    [
      'Tokyo',
      [139.6917, 35.6895],
      [
        [1, 0],
        [12, 3],
        [49, 13],
        [1589, 435],
        [101_720, 27_852],
        [6_510_105, 1_782_583],
      ],
    ],
    [
      'Sydney',
      [151.2093, -33.8688],
      [
        [1, -1],
        [13, -4],
        [53, -13],
        [1720, -410],
        [110_107, -26_239],
        [7_046_864, -1_679_270],
      ],
    ],
    [
      'just south-west of the origin',
      [-0.0001, -0.0001],
      [
        [-1, -1],
        [-1, -1],
        [-1, -1],
        [-1, -1],
        [-1, -1],
        [-5, -5],
      ],
    ],
    [
      'near the north-east corner',
      [179.9999, 85],
      [
        [1, 1],
        [15, 15],
        [63, 63],
        [2047, 2041],
        [131_071, 130_642],
        [8_388_603, 8_361_128],
      ],
    ],
    [
      'near the south-west corner',
      [-179.9999, -85],
      [
        [-2, -2],
        [-16, -16],
        [-64, -64],
        [-2048, -2042],
        [-131_072, -130_643],
        [-8_388_604, -8_361_129],
      ],
    ],
  ])('puts %s in the cells PostGIS computes at zooms 0, 3, 5, 10, 16, 22', (_, lngLat, cells) => {
    expect(zooms.map((zoom) => cellOf(lngLat, zoom))).toEqual(cells.map(([x, y]) => ({ x, y })))
  })

  it('keeps an event in the same cell whatever the viewport: cells depend on the point and zoom only', () => {
    // A cell at zoom z holds the cells of its four children at z + 1.
    const child = cellOf([2.3522, 48.8566], 11)
    expect(cellOf([2.3522, 48.8566], 10)).toEqual({ x: Math.floor(child.x / 2), y: Math.floor(child.y / 2) })
  })

  it.each<[number, number]>([
    [Number.NaN, 0],
    [0, Number.POSITIVE_INFINITY],
  ])('refuses [%s, %s]', (lng, lat) => {
    expect(() => cellOf([lng, lat], 3)).toThrow(/finite coordinates/)
  })
})

describe('finestCellX', () => {
  const finestSize = clusterCellSize(MAX_CLUSTER_ZOOM)
  const expected = (lng: number) => Math.floor(lngLatToMercator([lng, 0])[0] / finestSize)

  it('equals the x of the finest cell for edge longitudes and any latitude', () => {
    const edges = [-180, 180, 0, -0, 1e-300, -1e-300, 179.99999999999997, -179.99999999999997, 90, -90, 2.3522]
    for (const lng of edges) {
      expect(finestCellX(lng)).toBe(expected(lng))
      for (const lat of [-90, -85.05112878, 0, 48.8566, 89.9]) expect(finestCellX(lng)).toBe(cellOf([lng, lat], 22).x)
    }
    expect(finestCellX(180)).toBe(2 ** 23)
    expect(finestCellX(-180)).toBe(-(2 ** 23))
  })

  it('equals the x of the finest cell at random longitudes and next to cell edges', () => {
    let seed = 7
    const random = () => (seed = (seed * 1_103_515_245 + 12_345) % 2_147_483_648) / 2_147_483_648
    const wrong: number[] = []
    for (let trial = 0; trial < 100_000; trial++) {
      const lng = -180 + random() * 360
      // The longitude of the nearest cell edge and its neighbouring doubles, where rounding decides the cell.
      const edge = mercatorToLngLat([Math.round(lng / (360 / 2 ** 24)) * finestSize, 0])[0]
      for (const near of [lng, edge, nextDouble(edge, 1), nextDouble(edge, -1), nextDouble(nextDouble(edge, 1), 1)])
        if (finestCellX(near) !== expected(near)) wrong.push(near)
    }
    expect(wrong).toEqual([])
  })

  it('equals the x of the finest cell for five-decimal longitudes', () => {
    const wrong: number[] = []
    for (let step = -18_000_000; step <= 18_000_000; step += 7) {
      const lng = step / 1e5
      if (finestCellX(lng) !== expected(lng)) wrong.push(lng)
    }
    expect(wrong).toEqual([])
  })
})

// The next double up (direction 1) or down (-1).
function nextDouble(value: number, direction: 1 | -1): number {
  if (value === 0) return direction * Number.MIN_VALUE
  const view = new DataView(new ArrayBuffer(8))
  view.setFloat64(0, value)
  const bits = view.getBigInt64(0)
  const up = value > 0 === (direction === 1)
  view.setBigInt64(0, bits + (up ? 1n : -1n))
  return view.getFloat64(0)
}

describe('snapToCells', () => {
  it('widens a nearly world-wide box across the antimeridian to the whole world, never to a narrow box', () => {
    // A map showing 357.5° of longitude: west -149.6, east 207.9 wrapped to -152.1.
    const box = { west: -149.6, south: -76, east: -152.1, north: 84 }
    for (const zoom of [0, 1, 2]) {
      const snapped = snapToCells(box, zoom)
      expect(snapped.west, `zoom ${zoom}`).toBe(-180)
      expect(snapped.east, `zoom ${zoom}`).toBe(180)
    }
    const narrow = snapToCells({ west: 170, south: -10, east: -170, north: 10 }, 5)
    expect(narrow.west).toBeGreaterThan(narrow.east)
  })

  const paris = { west: 1.9, south: 48.72, east: 2.8, north: 49.08 }

  it.each([2, 5, 11])('widens a box to the edges of the cells under it at zoom %i', (zoom) => {
    const snapped = snapToCells(paris, zoom)
    const size = clusterCellSize(zoom)
    const [westX, southY] = lngLatToMercator([snapped.west, snapped.south])
    const [eastX, northY] = lngLatToMercator([snapped.east, snapped.north])
    for (const metres of [westX, southY, eastX, northY])
      expect(Math.abs(metres / size - Math.round(metres / size))).toBeLessThan(1e-6)
    // The cells under the box's corners are the snapped box's corner cells.
    expect(Math.round(westX / size)).toBe(cellOf([paris.west, paris.south], zoom).x)
    expect(Math.round(southY / size)).toBe(cellOf([paris.west, paris.south], zoom).y)
    expect(Math.round(eastX / size)).toBe(cellOf([paris.east, paris.north], zoom).x + 1)
    expect(Math.round(northY / size)).toBe(cellOf([paris.east, paris.north], zoom).y + 1)
  })

  it('gives the same box for views panned within the same cells', () => {
    const panned = {
      west: paris.west + 0.01,
      south: paris.south + 0.01,
      east: paris.east + 0.01,
      north: paris.north + 0.01,
    }
    expect(snapToCells(panned, 5)).toEqual(snapToCells(paris, 5))
  })

  it('stays within ±180° and keeps a view that reaches the poles', () => {
    expect(snapToCells({ west: -180, south: -90, east: 180, north: 90 }, 3)).toEqual({
      west: -180,
      south: -90,
      east: 180,
      north: 90,
    })
    expect(snapToCells({ west: -179.9, south: -80, east: 179.9, north: 84 }, 1)).toEqual({
      west: -180,
      south: expect.closeTo(-85.0511287798, 9),
      east: 180,
      north: expect.closeTo(85.0511287798, 9),
    })
  })
})
