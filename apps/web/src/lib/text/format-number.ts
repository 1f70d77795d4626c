/**
 * Numbers as the app writes them for people: English, thousands separated by commas
 * ("12,408 events"). Written out rather than with `Intl.NumberFormat`: a page's first Intl
 * formatter loads the locale data, 15–25 ms of main-thread time in the explore view's first load
 * (measured in Chromium on this project's CI machines), for an output this module gives alike.
 * @module
 */

/** Beyond this numbers print with exponents; they go to `Intl.NumberFormat`. */
const PLAIN_LIMIT = 1e21

/**
 * The digits of a non-negative number rounded half up to `fractionDigits` decimals, as a whole
 * part and a fraction part. Rounded on its shortest decimal form (1.005 → 1.01), as Intl does,
 * not on its binary value as `toFixed` does (1.005 → 1.00).
 */
function roundedDigits(value: number, fractionDigits: number): { whole: string; fraction: string } {
  const shortest = String(value)
  if (shortest.includes('e')) {
    // Below 1e-6: the binary and the decimal form round alike at the few decimals asked for.
    const [whole = '0', fraction = ''] = value.toFixed(fractionDigits).split('.')
    return { whole, fraction }
  }
  const [whole = '0', fraction = ''] = shortest.split('.')
  if (fraction.length <= fractionDigits) return { whole, fraction }
  const roundUp = fraction[fractionDigits]! >= '5'
  const digits = (BigInt(whole + fraction.slice(0, fractionDigits)) + (roundUp ? 1n : 0n))
    .toString()
    .padStart(fractionDigits + 1, '0')
  return {
    whole: digits.slice(0, digits.length - fractionDigits),
    fraction: digits.slice(digits.length - fractionDigits),
  }
}

/**
 * A number with thousands separators and at most `maxFractionDigits` decimals (rounded half up,
 * trailing zeros dropped): what `new Intl.NumberFormat('en', { maximumFractionDigits })` writes.
 * @example formatNumber(1234567.891) // '1,234,567.891'
 * @example formatNumber(2.5, 0) // '3'
 * @example formatNumber(0.1234567, 6) // '0.123457'
 */
export function formatNumber(value: number, maxFractionDigits = 3): string {
  if (!Number.isFinite(value) || Math.abs(value) >= PLAIN_LIMIT) {
    return new Intl.NumberFormat('en', { maximumFractionDigits: maxFractionDigits }).format(value)
  }
  const { whole, fraction } = roundedDigits(Math.abs(value), maxFractionDigits)
  const grouped = whole.replace(/\B(?=(\d{3})+(?!\d))/g, ',')
  const decimals = fraction.replace(/0+$/, '')
  const text = decimals ? `${grouped}.${decimals}` : grouped
  return value < 0 || Object.is(value, -0) ? `-${text}` : text
}

/**
 * A count with thousands separators.
 * @example formatCount(12345) // '12,345'
 */
export function formatCount(value: number): string {
  return formatNumber(value)
}

/**
 * A count with its noun, singular for one.
 * @example countOf(1, 'row') // '1 row'
 * @example countOf(2500, 'event') // '2,500 events'
 */
export function countOf(value: number, singular: string, plural = `${singular}s`): string {
  return `${formatCount(value)} ${value === 1 ? singular : plural}`
}
