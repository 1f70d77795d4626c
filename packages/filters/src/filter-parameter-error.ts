/**
 * Thrown when a URL parameter of the events read API cannot be used; the message names the
 * parameter and the reason, e.g. `bbox: south (95) must be between -90 and 90`. Endpoints answer
 * it with a 400 `{ error: message, parameter }`.
 */
export class FilterParameterError extends Error {
  /** The URL parameter at fault, as the caller wrote it: `bbox`, `catalog`, `filters`, `cursor`. */
  readonly parameter: string
  /** Why it cannot be used, e.g. `south (95) must be between -90 and 90`. */
  readonly reason: string

  /**
   * @param parameter - the URL parameter at fault
   * @param reason - why, naming the value and the rule
   */
  constructor(parameter: string, reason: string) {
    super(`${parameter}: ${reason}`)
    this.name = 'FilterParameterError'
    this.parameter = parameter
    this.reason = reason
  }
}

/** Longer values are cut in messages so a hostile parameter cannot flood logs or responses. */
const MAX_QUOTED_LENGTH = 60

/**
 * A value as it appears in an error message: JSON-quoted, cut after 60 characters.
 * @example quoteValue('10,abc') // '"10,abc"'
 */
export function quoteValue(value: string): string {
  const cut = value.length > MAX_QUOTED_LENGTH ? `${value.slice(0, MAX_QUOTED_LENGTH)}…` : value
  return JSON.stringify(cut)
}
