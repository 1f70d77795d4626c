import type { Axis } from './types'

/**
 * Thrown when a value cannot be read as a coordinate; the message names the value and the rule,
 * e.g. `40°70′N is not a valid latitude: the minutes 70 must be less than 60`.
 */
export class InvalidCoordinate extends Error {
  /** The value as written (numbers and objects converted to strings). */
  readonly value: string
  /** Why it is not a coordinate, e.g. `the minutes 70 must be less than 60`. */
  readonly reason: string

  /**
   * @param value - the value as written
   * @param reason - why it is not a coordinate
   * @param axis - the axis it was read for, if known
   */
  constructor(value: string, reason: string, axis?: Axis | 'coordinate pair') {
    super(`${value === '' ? 'an empty value' : value} is not a valid ${axis ?? 'coordinate'}: ${reason}`)
    this.name = 'InvalidCoordinate'
    this.value = value
    this.reason = reason
  }
}
