import { mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'

import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { geometryCentroid } from '../geojson/centroid'
import { validateGeometry } from '../geojson/validate-geometry'
import { readRows } from '../read-rows'
import { detectFileFormat } from '../detect-file-format'
import type { Geometry, SourceRow } from '../types'
import { boundEventData, boundValues, EVENT_BOUNDS } from './bound-event-data'
import { jsonBytes, jsonBytesAtMost, shortenText } from './json-bytes'
import { jsonDepthExceeds } from './json-depth'
import { boundGeometry } from './simplify-geometry'

/** `[[[…]]]` nested `depth` levels, built without recursion. */
function nested(depth: number): unknown {
  let value: unknown = 1
  for (let level = 0; level < depth; level++) value = [value]
  return value
}

/** A closed ring of `count` positions around (10, 50). */
function ring(count: number): number[][] {
  const positions = Array.from({ length: count - 1 }, (_, index) => {
    const angle = (2 * Math.PI * index) / (count - 1)
    return [10 + Math.cos(angle) * 0.123456789, 50 + Math.sin(angle) * 0.123456789]
  })
  return [...positions, positions[0]!]
}

describe('jsonDepthExceeds', () => {
  it('counts arrays and objects, not plain values', () => {
    expect(jsonDepthExceeds('text', 0)).toBe(false)
    expect(jsonDepthExceeds({ a: [1] }, 2)).toBe(false)
    expect(jsonDepthExceeds({ a: [[1]] }, 2)).toBe(true)
    expect(jsonDepthExceeds({ a: { b: {} } }, 2)).toBe(true)
  })

  it('answers for 10,000 levels without overflowing the stack', () => {
    expect(jsonDepthExceeds(nested(10_000))).toBe(true)
    expect(jsonDepthExceeds(nested(32))).toBe(false)
    expect(jsonDepthExceeds(nested(33))).toBe(true)
  })
})

describe('jsonBytesAtMost', () => {
  // Texts whose JSON is longest per UTF-16 unit: control characters, quotes, backslashes, astral
  // characters, lone surrogates and text of other scripts.
  const awkward = ['\u0001\u001f', '"\\', '😀𝄞', '\ud800', 'Grève à Zürich', '東京都', '']

  it('never says less than the exact size, whatever the value', () => {
    let seed = 7
    const random = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31
    const valueOf = (depth: number): unknown => {
      const pick = Math.floor(random() * 8)
      if (pick === 0) return awkward[Math.floor(random() * awkward.length)]! + String(random())
      if (pick === 1) return (random() - 0.5) * 10 ** Math.floor(random() * 40 - 20)
      if (pick === 2) return random() > 0.5
      if (pick === 3) return null
      if (pick === 4 && depth < 4) return Array.from({ length: Math.floor(random() * 4) }, () => valueOf(depth + 1))
      if (pick === 5 && depth < 4)
        return Object.fromEntries(
          Array.from({ length: Math.floor(random() * 4) }, (_, index) => [
            `${awkward[index % awkward.length]}${index}`,
            valueOf(depth + 1),
          ]),
        )
      return -Number.MAX_VALUE * random()
    }
    for (let trial = 0; trial < 2000; trial++) {
      const value = valueOf(0)
      expect(jsonBytesAtMost(value)).toBeGreaterThanOrEqual(jsonBytes(value))
    }
  })

  it('stops at the limit, and leaves objects with their own JSON form to be measured', () => {
    expect(jsonBytesAtMost({ a: 'x'.repeat(1000) }, 100)).toBe(Infinity)
    expect(jsonBytesAtMost({ a: 'x' }, 100)).toBeLessThanOrEqual(100)
    expect(jsonBytesAtMost(new Date(0))).toBe(Infinity)
    expect(jsonBytesAtMost({ when: new Date(0) })).toBe(Infinity)
    expect(jsonBytesAtMost(Object.assign(Object.create(null), { a: 1 }))).toBeGreaterThanOrEqual(7)
  })
})

describe('shortenText', () => {
  it('keeps texts that fit and cuts others to the byte bound with a mark', () => {
    expect(shortenText('abc', 5)).toBe('abc')
    expect(shortenText('abcdefgh', 8)).toBe('abc…')
    for (const text of ['é'.repeat(5000), '😀'.repeat(5000), '\u0001'.repeat(5000), 'a"b'.repeat(5000)]) {
      const cut = shortenText(text, 1000)
      expect(jsonBytes(cut)).toBeLessThanOrEqual(1000)
      expect(jsonBytes(cut)).toBeGreaterThan(900)
      expect(cut.endsWith('…')).toBe(true)
      // No lone surrogate: the text survives a UTF-8 round trip.
      expect(Buffer.from(cut, 'utf8').toString('utf8')).toBe(cut)
    }
  })
})

describe('boundValues', () => {
  it('keeps small values whole and gives the rest what is left', () => {
    const record = { small: 'x', big: 'y'.repeat(10_000), other: 'z'.repeat(10_000), n: 42 }
    const { values, cut } = boundValues(record, 4000)
    expect(jsonBytes(values)).toBeLessThanOrEqual(4000)
    expect(values.small).toBe('x')
    expect(values.n).toBe(42)
    expect(cut).toEqual(['big', 'other'])
    expect(String(values.big).length).toBeGreaterThan(1800)
    expect(Object.keys(values)).toEqual(['small', 'big', 'other', 'n'])
  })

  it('keeps "__proto__" a plain key', () => {
    const record = JSON.parse('{"__proto__": "p", "a": 1}') as Record<string, unknown>
    expect(Object.keys(boundValues(record, 100).values)).toEqual(['__proto__', 'a'])
  })

  it('keeps whole a record that fits although a quick size bound says it might not', () => {
    // 1,000 "é" take 2,000 bytes, but could take 6,000 as far as the quick bound knows.
    const record = { place: 'é'.repeat(1000) }
    expect(jsonBytes(record)).toBeLessThanOrEqual(2100)
    expect(boundValues(record, 2100)).toEqual({ values: record, cut: [] })
    expect(boundValues(record, 1000).cut).toEqual(['place'])
  })
})

describe('boundGeometry', () => {
  it('keeps a geometry that fits as it is', () => {
    const polygon: Geometry = { type: 'Polygon', coordinates: [ring(10)] }
    expect(boundGeometry(polygon, 32 * 1024)).toMatchObject({ geometry: polygon, method: 'kept', positions: 10 })
  })

  it('thins a million-coordinate polygon to a valid one with nearly the same centre', () => {
    const polygon: Geometry = { type: 'Polygon', coordinates: [ring(1_000_000)] }
    const bounded = boundGeometry(polygon, 32 * 1024)
    expect(bounded.method).toBe('thinned')
    expect(bounded.positions).toBe(1_000_000)
    expect(jsonBytes(bounded.geometry)).toBeLessThanOrEqual(32 * 1024)
    expect(bounded.keptPositions).toBeGreaterThan(200)
    expect(validateGeometry(bounded.geometry).problem).toBeUndefined()
    const kept = (bounded.geometry as { coordinates: number[][][] }).coordinates[0]!
    expect(kept[0]).toEqual(kept.at(-1))
    const before = geometryCentroid(polygon)!
    const after = geometryCentroid(bounded.geometry)!
    expect(Math.abs(before.longitude - after.longitude)).toBeLessThan(1e-3)
    expect(Math.abs(before.latitude - after.latitude)).toBeLessThan(1e-3)
  })

  it('falls back to the bounding box when thinning cannot make a great many parts fit', () => {
    const squares = Array.from({ length: 5000 }, (_, index) => {
      const x = (index % 100) * 0.01
      const y = Math.floor(index / 100) * 0.01
      return [
        [
          [x, y],
          [x + 0.005, y],
          [x + 0.005, y + 0.005],
          [x, y],
        ],
      ]
    })
    const bounded = boundGeometry({ type: 'MultiPolygon', coordinates: squares }, 32 * 1024)
    expect(bounded.method).toBe('bounding-box')
    expect(bounded.geometry).toEqual({
      type: 'Polygon',
      coordinates: [
        [
          [0, 0],
          [0.995, 0],
          [0.995, 0.495],
          [0, 0.495],
          [0, 0],
        ],
      ],
    })
  })
})

describe('boundEventData', () => {
  it('leaves data that fits untouched, without a record of cuts', () => {
    const data = {
      name: 'Rally',
      count: 3,
      _geometry: {
        type: 'LineString',
        coordinates: [
          [1, 2],
          [3, 4],
        ],
      },
    }
    expect(boundEventData(data)).toEqual({ data })
  })

  it('bounds data to 64 KB and records what was cut', () => {
    const data: Record<string, unknown> = {
      notes: 'n'.repeat(1_000_000),
      name: 'Rally',
      _geometry: { type: 'Polygon', coordinates: [ring(1_000_000)] },
    }
    for (let index = 0; index < 2000; index++) data[`column ${index}`] = 'c'.repeat(1000)
    const { data: bounded, cuts } = boundEventData(data, ['title'])
    expect(jsonBytes(bounded)).toBeLessThanOrEqual(EVENT_BOUNDS.maxDataBytes)
    expect(bounded.name).toBe('Rally')
    expect(bounded._cut).toEqual(cuts)
    expect(cuts?.shortened?.slice(0, 3)).toEqual(['title', 'notes', 'column 0'])
    expect(cuts?.moreShortened).toBe(2001 + 1 - 50)
    expect(cuts?.geometry).toMatchObject({ method: 'thinned', positions: 1_000_000 })
    expect(cuts?.note).toMatch(/64 KB/)
  })
})

describe('the JSON and GeoJSON readers', () => {
  let directory: string
  beforeAll(async () => {
    directory = await mkdtemp(path.join(tmpdir(), 'bounds-'))
  })
  afterAll(async () => {
    await rm(directory, { recursive: true, force: true })
  })

  async function rowsOf(name: string, text: string): Promise<SourceRow[]> {
    const file = path.join(directory, name)
    await writeFile(file, text)
    const rows: SourceRow[] = []
    for await (const batch of readRows(file, await detectFileFormat(file))) rows.push(...batch)
    return rows
  }

  const deep = `${'['.repeat(10_000)}${']'.repeat(10_000)}`

  it.each([
    ['records.json', `[{"title":"ok"},{"title":"deep","v":${deep}}]`, 'Record 2'],
    ['records.ndjson', `{"title":"ok"}\n{"title":"deep","v":${deep}}\n`, 'Record 2'],
    [
      'features.geojson',
      `{"type":"FeatureCollection","features":[{"type":"Feature","properties":{},"geometry":{"type":"Point","coordinates":[1,2]}},{"type":"Feature","properties":{"v":${deep}},"geometry":null}]}`,
      'Feature 2',
    ],
  ])('give %s a too-deep issue naming its row, not a stack overflow', async (name, text, what) => {
    const rows = await rowsOf(name, text)
    expect(rows).toHaveLength(2)
    expect(rows[0]!.issues).toBeUndefined()
    expect(rows[1]!.issues).toEqual([
      {
        code: 'too-deep',
        message: `${what} is nested more than 32 levels deep; store the deep part as text or flatten it`,
      },
    ])
  })
})
