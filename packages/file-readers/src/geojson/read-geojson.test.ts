import { afterAll, describe, expect, it } from 'vitest'

import { detectFileFormat } from '../detect-file-format'
import { MalformedFile } from '../errors'
import { readHeaders } from '../read-rows'
import { collectRows } from '../testing/collect-rows'
import { createTempFiles } from '../testing/temp-files'

const files = createTempFiles()
afterAll(() => files.remove())

const point = (longitude: number, latitude: number) => ({ type: 'Point', coordinates: [longitude, latitude] })
const collection = {
  type: 'FeatureCollection',
  features: [
    {
      type: 'Feature',
      id: 'us7000abcd',
      properties: { mag: 4.5, place: { name: 'Ridgecrest', state: 'CA' } },
      geometry: point(-117.6, 35.7),
    },
    {
      type: 'Feature',
      id: 2,
      properties: { id: 'own', mag: 2.1 },
      geometry: {
        type: 'LineString',
        coordinates: [
          [0, 0],
          [2, 0],
        ],
      },
    },
    { type: 'Feature', properties: { mag: 1 }, geometry: null },
    { type: 'Feature', properties: null, geometry: { type: 'Point', coordinates: [500000, 4649776] } },
  ],
}

describe('GeoJSON', () => {
  it('streams a FeatureCollection with values, ids, geometry, centroid and issues', async () => {
    const path = files.write('quakes.geojson', JSON.stringify(collection, null, 2))
    const detection = await detectFileFormat(path)
    expect(detection).toMatchObject({ format: 'geojson', mimeType: 'application/geo+json' })
    expect(await readHeaders(path, detection)).toEqual(['mag', 'place.name', 'place.state', 'id'])
    const rows = await collectRows(path, detection)
    expect(rows[0]).toEqual({
      rowNumber: 1,
      values: { mag: 4.5, 'place.name': 'Ridgecrest', 'place.state': 'CA', id: 'us7000abcd' },
      geometry: point(-117.6, 35.7),
      centroid: { longitude: -117.6, latitude: 35.7 },
    })
    expect(rows[1]?.values).toEqual({ id: 'own', mag: 2.1 })
    expect(rows[1]?.centroid).toEqual({ longitude: 1, latitude: 0 })
    expect(rows[2]?.issues).toEqual([{ code: 'invalid-geometry', message: 'Feature 3: the geometry is null' }])
    expect(rows[3]?.issues?.[0]?.message).toContain('projected coordinates?')
    expect(rows[3]?.geometry).toBeUndefined()
  })

  it('reads a FeatureCollection whose "type" comes after its features', async () => {
    const path = files.write(
      'late-type.geojson',
      JSON.stringify({ features: collection.features.slice(0, 1), bbox: [0, 0, 1, 1], type: 'FeatureCollection' }),
    )
    expect(await collectRows(path, await detectFileFormat(path))).toHaveLength(1)
  })

  it('reads a single Feature as one row', async () => {
    const path = files.write(
      'one.json',
      JSON.stringify({ type: 'Feature', id: 9, bbox: [0, 0, 0, 0], geometry: point(1, 2), properties: { name: 'A' } }),
    )
    const rows = await collectRows(path, await detectFileFormat(path))
    expect(rows).toEqual([
      { rowNumber: 1, values: { name: 'A', id: 9 }, geometry: point(1, 2), centroid: { longitude: 1, latitude: 2 } },
    ])
  })

  it('reads newline-delimited Features', async () => {
    const lines = collection.features
      .slice(0, 2)
      .map((feature) => JSON.stringify(feature))
      .join('\n')
    const rows = await collectRows(
      files.write('seq.geojson', lines),
      await detectFileFormat(files.write('seq.geojson', lines)),
    )
    expect(rows.map((row) => [row.sourceRow, row.values.mag])).toEqual([
      [1, 4.5],
      [2, 2.1],
    ])
  })

  it('gives non-Feature members a not-a-feature issue', async () => {
    const path = files.write(
      'odd.geojson',
      JSON.stringify({ type: 'FeatureCollection', features: [{ type: 'Point', coordinates: [0, 0] }] }),
    )
    expect((await collectRows(path, await detectFileFormat(path)))[0]?.issues?.[0]?.code).toBe('not-a-feature')
  })

  it('throws MalformedFile for a GeoJSON object without features', async () => {
    const path = files.write('geometry-only.geojson', JSON.stringify({ type: 'FeatureCollection', feature: [] }))
    await expect(collectRows(path, await detectFileFormat(path))).rejects.toThrow(
      new MalformedFile('The JSON object has no records; expected a "features" array'),
    )
  })
})
