import { classifyCoordinateOrder } from './coordinate-order'
import type { CoordinateOrder } from './coordinate-order'
import { InvalidCoordinate } from './invalid-coordinate'
import { parseCoordinatePair } from './parse-coordinate-pair'
import { validateImportCoordinates } from './validate-import-coordinates'

function place(latitude: number, longitude: number): string {
  const north = `${Math.abs(latitude)}° ${latitude < 0 ? 'S' : 'N'}`
  const east = `${Math.abs(longitude)}° ${longitude < 0 ? 'W' : 'E'}`
  return `${north}, ${east}`
}

/**
 * How an import reads one value of a "lat, lon" pair column, in words, for the import preview: the
 * place with hemisphere letters, both readings when the column has no order and the value fits
 * both, or why it will be a row error. Never guesses an order.
 * @param order - the column's pair order, if it has one
 * @example formatCoordinateReading('48.85, 2.35', 'lat-lon') // '48.85° N, 2.35° E'
 * @example formatCoordinateReading('48.85, 2.35') // '48.85° N, 2.35° E (latitude first) or 2.35° N, 48.85° E (longitude first)'
 * @example formatCoordinateReading('148.8, 2.35', 'lat-lon') // 'row error: latitude 148.8 is out of range (−90 to 90)…'
 */
export function formatCoordinateReading(raw: string, order?: CoordinateOrder): string {
  try {
    const pair = parseCoordinatePair(raw, order ? { order } : {})
    if (order === undefined && classifyCoordinateOrder(pair) === 'either') {
      return `${place(pair.latitude, pair.longitude)} (latitude first) or ${place(pair.longitude, pair.latitude)} (longitude first)`
    }
    const checked = validateImportCoordinates(pair.latitude, pair.longitude)
    if (!checked.ok) return `row error: ${checked.issues.map((issue) => issue.message).join('; ')}`
    return place(checked.value.latitude, checked.value.longitude)
  } catch (error) {
    if (error instanceof InvalidCoordinate) return `row error: ${error.reason}`
    throw error
  }
}
