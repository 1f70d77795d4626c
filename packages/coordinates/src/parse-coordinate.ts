import { InvalidCoordinate } from './invalid-coordinate'
import type { Angle } from './read-angle'
import { readAngle } from './read-angle'
import type { Axis } from './types'

/** Longer values are not coordinates; the limit also bounds the work spent on garbage. */
const MAX_LENGTH = 64

/**
 * Reads a decimal number by char codes ('40.7128', '-74.0060', '+40.7', '40,7128'): the hot path of a
 * million-row import, so no regex and no allocation unless there is a decimal comma.
 * @returns the number, or undefined when the text is not a plain decimal
 */
function readDecimal(text: string): number | undefined {
  let index = 0
  const first = text.charCodeAt(0)
  if (first === 43 /* + */ || first === 45 /* - */) index = 1
  let digits = 0
  let separator = -1
  for (; index < text.length; index++) {
    const code = text.charCodeAt(index)
    if (code >= 48 && code <= 57) digits++
    else if ((code === 46 /* . */ || code === 44) /* , */ && separator < 0) separator = index
    else return undefined
  }
  if (digits === 0) return undefined
  return Number(separator >= 0 && text.charCodeAt(separator) === 44 ? text.replace(',', '.') : text)
}

/**
 * Reads a value into an {@link Angle}, for {@link parseCoordinate} and the pair reader.
 * @throws {@link InvalidCoordinate} naming the value and the rule it breaks
 */
export function readCoordinate(value: unknown, axis?: Axis): Angle {
  if (typeof value === 'number') {
    if (!Number.isFinite(value)) throw new InvalidCoordinate(String(value), 'it is not a finite number', axis)
    return { degrees: value, isDms: false }
  }
  if (typeof value !== 'string') {
    throw new InvalidCoordinate(
      String(value),
      `expected text or a number, got ${value === null ? 'null' : typeof value}`,
      axis,
    )
  }
  const text = value.trim()
  if (text === '') throw new InvalidCoordinate(value, 'it is empty', axis)
  if (text.length > MAX_LENGTH)
    throw new InvalidCoordinate(`${text.slice(0, 40)}…`, `it is longer than ${MAX_LENGTH} characters`, axis)
  const decimal = readDecimal(text)
  if (decimal !== undefined) return { degrees: decimal, isDms: false }
  if (!/\d/.test(text)) throw new InvalidCoordinate(text, 'it has no number', axis)
  const angle = readAngle(text)
  if ('reason' in angle) {
    // '1e400' and '1.5E-3' are numbers in scientific notation, which some spreadsheets export.
    const scientific = /^[+-]?\d+(?:\.\d+)?[eE][+-]?\d{1,4}$/.test(text) ? Number(text) : undefined
    if (scientific === undefined) throw new InvalidCoordinate(text, angle.reason, axis)
    if (!Number.isFinite(scientific)) throw new InvalidCoordinate(text, 'it is not a finite number', axis)
    return { degrees: scientific, isDms: false }
  }
  if (axis !== undefined && angle.hemisphereAxis !== undefined && angle.hemisphereAxis !== axis) {
    const letters = axis === 'latitude' ? 'N or S' : 'E or W'
    throw new InvalidCoordinate(
      text,
      `its hemisphere letter is for a ${angle.hemisphereAxis}; a ${axis} takes ${letters}`,
      axis,
    )
  }
  return angle
}

/**
 * Reads one coordinate in decimal degrees: decimals ('40.7128', '-74.0060', '40,7128' with a decimal
 * comma, '+40.7'), hemisphere letters ('40.7 N', 'S 33.9', 'W74'), degrees-minutes-seconds
 * ('40°26′46″N', "40°26'46.3\"N", '40 26 46.3 N', '40d 26m 46s N', '40:26:46N') and
 * degrees-decimal-minutes ('N 40° 26.767′'). S and W are negative. Ranges are not checked here:
 * that is {@link validateImportCoordinates}' job, which can tell a swap from a typo.
 * @param axis - when given, a hemisphere letter for the other axis is an error ('40 E' as a latitude)
 * @throws {@link InvalidCoordinate} for garbage ('N/A', '12abc'), infinity ('1e400'), minutes or
 * seconds of 60 or more ('40°70′N'), and 'O' (east in German, west in Spanish)
 * @example parseCoordinate('40°26′46″N') // 40.446111111111115
 * @example parseCoordinate('40,7128') // 40.7128
 * @example parseCoordinate('W74', 'longitude') // -74
 */
export function parseCoordinate(value: unknown, axis?: Axis): number {
  return readCoordinate(value, axis).degrees
}

/**
 * Like {@link parseCoordinate}, but returns undefined for empty or unreadable values.
 * @example tryParseCoordinate('N/A') // undefined
 * @example tryParseCoordinate('-74.0060') // -74.006
 */
export function tryParseCoordinate(value: unknown, axis?: Axis): number | undefined {
  if (typeof value !== 'string' && typeof value !== 'number') return undefined
  try {
    return readCoordinate(value, axis).degrees
  } catch (error) {
    if (error instanceof InvalidCoordinate) return undefined
    throw error
  }
}
