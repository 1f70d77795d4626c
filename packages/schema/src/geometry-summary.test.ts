import { describe, expect, it } from 'vitest'

import { countGeometry, describeGeometries, emptyGeometryTally } from './geometry-summary'

describe('describeGeometries', () => {
  it('says what a GeoJSON file holds', () => {
    const tally = emptyGeometryTally()
    for (const type of ['Point', 'Polygon', 'Point', undefined, 'MultiPolygon', 'LineString'])
      countGeometry(tally, type)
    expect(describeGeometries(tally, true)).toEqual({
      code: 'geojson-features',
      message:
        '6 features: 2 points, 1 line, 1 polygon, 1 multipolygon; lines and shapes are placed at their centre on the sphere; 1 without geometry gets no place.',
    })
  })

  it('says when only the first features were read', () => {
    const tally = emptyGeometryTally()
    countGeometry(tally, 'Point')
    expect(describeGeometries(tally, false).message).toBe('In the first 1 feature: 1 point.')
  })
})
