import { FilterParameterError, quoteValue } from './filter-parameter-error'

/**
 * The one value of a single-valued parameter, trimmed; undefined when absent or empty (forms send
 * `start=` for an empty field). Repeating it with the same value is harmless; different values
 * are an error rather than a silent pick.
 * @throws {@link FilterParameterError} when it is given twice with different values
 * @example readSingleParameter(new URLSearchParams('q=%20rome%20'), 'q') // 'rome'
 */
export function readSingleParameter(params: URLSearchParams, name: string): string | undefined {
  const values = [
    ...new Set(
      params
        .getAll(name)
        .map((value) => value.trim())
        .filter((value) => value !== ''),
    ),
  ]
  if (values.length > 1) {
    throw new FilterParameterError(
      name,
      `was given ${values.length} different values (${values.map(quoteValue).join(', ')}); give it once`,
    )
  }
  return values[0]
}

/** A plain decimal number: digits with an optional sign, fraction and exponent; no hex, no `Infinity`. */
const DECIMAL = /^[+-]?(?:\d+(?:\.\d*)?|\.\d+)(?:[eE][+-]?\d+)?$/

/**
 * Reads a decimal number as written in a URL; undefined for anything else, including numbers too
 * large for a double (`1e999`). Negative zero becomes zero so states compare equal.
 * @example readDecimal('-12.5') // -12.5
 * @example readDecimal('1e999') // undefined
 */
export function readDecimal(text: string): number | undefined {
  if (!DECIMAL.test(text)) return undefined
  const value = Number(text)
  return Number.isFinite(value) ? value + 0 : undefined
}

/**
 * Reads a whole number written with digits only (no sign, fraction or exponent).
 * @returns undefined when it is not digits or exceeds `max`
 * @example readWholeNumber('042', 100) // 42
 */
export function readWholeNumber(text: string, max: number): number | undefined {
  if (!/^\d{1,16}$/.test(text)) return undefined
  const value = Number(text)
  return value <= max ? value : undefined
}
