import type { SchemaWarning } from './types'

/** What the features of a GeoJSON file hold: counts by geometry type, and those without one. */
export interface GeometryTally {
  features: number
  /** Features by their geometry's GeoJSON type (`Point`, `Polygon`…). */
  byType: Record<string, number>
  /** Features with a null or invalid geometry: they get no place. */
  withoutGeometry: number
}

const TYPE_WORDS: Readonly<Record<string, [one: string, many: string]>> = {
  Point: ['point', 'points'],
  MultiPoint: ['multipoint', 'multipoints'],
  LineString: ['line', 'lines'],
  MultiLineString: ['multiline', 'multilines'],
  Polygon: ['polygon', 'polygons'],
  MultiPolygon: ['multipolygon', 'multipolygons'],
  GeometryCollection: ['geometry collection', 'geometry collections'],
}

/**
 * A fresh, empty tally.
 * @example emptyGeometryTally().features // 0
 */
export function emptyGeometryTally(): GeometryTally {
  return { features: 0, byType: {}, withoutGeometry: 0 }
}

/**
 * Counts one feature by its geometry's type; undefined for a feature without a (valid) geometry.
 * @example countGeometry(tally, 'Polygon')
 */
export function countGeometry(tally: GeometryTally, type: string | undefined): void {
  tally.features++
  if (type === undefined) tally.withoutGeometry++
  else tally.byType[type] = (tally.byType[type] ?? 0) + 1
}

function counted(count: number, [one, many]: readonly [string, string]): string {
  return `${count} ${count === 1 ? one : many}`
}

/**
 * What a GeoJSON import found, in words, for the preview and the import's warnings: the features by
 * geometry type, that shapes are placed at their centre on the sphere, and how many have no
 * geometry (those events get no place).
 * @param isWholeFile - false when only the first features were read (the preview's sample)
 * @example describeGeometries({ features: 4, byType: { Point: 2, Polygon: 1 }, withoutGeometry: 1 }, true).message
 * // '4 features: 2 points, 1 polygon; lines and shapes are placed at their centre on the sphere; 1 without geometry gets no place.'
 */
export function describeGeometries(tally: GeometryTally, isWholeFile: boolean): SchemaWarning {
  const parts = Object.entries(tally.byType)
    .sort(([a], [b]) => Object.keys(TYPE_WORDS).indexOf(a) - Object.keys(TYPE_WORDS).indexOf(b))
    .map(([type, count]) => counted(count, TYPE_WORDS[type] ?? [type, type]))
  const hasShapes = Object.keys(tally.byType).some((type) => type !== 'Point')
  const head = `${isWholeFile ? '' : 'In the first '}${counted(tally.features, ['feature', 'features'])}${parts.length > 0 ? `: ${parts.join(', ')}` : ''}`
  const notes = [
    hasShapes ? 'lines and shapes are placed at their centre on the sphere' : undefined,
    tally.withoutGeometry > 0
      ? `${tally.withoutGeometry} without geometry ${tally.withoutGeometry === 1 ? 'gets' : 'get'} no place`
      : undefined,
  ].filter((note): note is string => note !== undefined)
  return { code: 'geojson-features', message: `${[head, ...notes].join('; ')}.` }
}
