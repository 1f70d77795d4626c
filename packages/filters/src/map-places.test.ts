import { describe, expect, it } from 'vitest'

import { clusterCellSize } from './cluster-grid'
import { PLACE_ZOOM, placeKey, placeOf, placeOfExtent } from './map-places'

describe('places on the map grid', () => {
  it('are the cells of the finest zoom: about 2.4 m at the equator', () => {
    expect(clusterCellSize(PLACE_ZOOM)).toBeCloseTo(2.39, 2)
  })

  it('give one key per place at every zoom', () => {
    expect(placeKey(placeOf([2.3522, 48.8566]))).toBe('place/109620/2616769')
    expect(placeKey(placeOf([2.3522, 48.8566]))).toBe(placeKey(placeOf([2.3522000001, 48.8566000001])))
  })

  it.each<[string, [number, number, number, number], boolean]>([
    ['identical coordinates', [2.3522, 48.8566, 2.3522, 48.8566], true],
    ['coordinates 10 cm apart in one cell', [2.3522, 48.8566, 2.3522009, 48.8566006], true],
    ['two districts of Paris', [2.35, 48.85, 2.41, 48.89], false],
    ['one place on the antimeridian', [180, -17.8, 180, -17.8], true],
    ['the same longitude, 1 km apart', [2.3522, 48.8566, 2.3522, 48.8656], false],
  ])('tell whether an extent is one place: %s', (_, extent, isOnePlace) => {
    expect(placeOfExtent(extent) !== null).toBe(isOnePlace)
  })

  it('split two points a few centimetres apart only when a cell edge runs between them', () => {
    // Longitude 0 is a cell edge at every zoom: x = 0 in Web Mercator.
    expect(placeOfExtent([-0.0000001, 10, 0.0000001, 10])).toBeNull()
    expect(placeOfExtent([0.0000001, 10, 0.0000003, 10])).not.toBeNull()
  })
})
