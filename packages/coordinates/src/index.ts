/**
 * Coordinates as people write them: decimal degrees (with decimal commas), hemisphere letters,
 * degrees-minutes-seconds, combined "lat, lon" columns, WKT and GeoJSON points; the import coordinate
 * validator; and a column-level check for swapped latitude and longitude. Pure: no I/O.
 * @module
 */
export type { Axis, CoordinateExtraction, CoordinateFormat } from './types'
export { InvalidCoordinate } from './invalid-coordinate'
export { parseCoordinate, tryParseCoordinate } from './parse-coordinate'
export { parseCoordinatePair, tryParseCoordinatePair } from './parse-coordinate-pair'
export type { ParseCoordinatePairOptions } from './parse-coordinate-pair'
export {
  classifyCoordinateOrder,
  COORDINATE_ORDER_WORDS,
  coordinateValuesAgainstOrder,
  countCoordinateOrder,
  decideCoordinateOrder,
  emptyCoordinateOrderTally,
  PROVING_READING,
} from './coordinate-order'
export type {
  CoordinateOrder,
  CoordinateOrderDecision,
  CoordinateOrderReading,
  CoordinateOrderTally,
} from './coordinate-order'
export { checkCoordinateRange, validateImportCoordinates } from './validate-import-coordinates'
export type {
  CoordinateIssue,
  CoordinateIssueCode,
  CoordinateValidation,
  ImportCoordinateOptions,
  ValidatedCoordinates,
} from './validate-import-coordinates'
export { detectSwappedCoordinates } from './detect-swapped-coordinates'
export type { SwapDecision } from './detect-swapped-coordinates'
export { formatCoordinateReading } from './format-coordinate-reading'
