/** The character that separates a number's integer part from its fraction in a column. */
export type DecimalSeparator = '.' | ','

/** Longest text read as a number: nothing people type as one is longer, and it bounds the scan. */
const MAX_NUMBER_LENGTH = 64

const CURRENCY_SIGNS = '$€£¥₹₽₩'

function isDigit(code: number): boolean {
  return code >= 48 && code <= 57
}

function isGroupSeparator(char: string, decimalSeparator: DecimalSeparator): boolean {
  switch (char) {
    case ' ':
    case '\u00a0':
    case '\u202f':
    case "'":
    case '\u2019':
      return true
    case ',':
      return decimalSeparator === '.'
    case '.':
      return decimalSeparator === ','
    default:
      return false
  }
}

function countDigits(text: string, from: number): number {
  let end = from
  while (end < text.length && isDigit(text.charCodeAt(end))) end++
  return end - from
}

/**
 * Reads a number as people write it in spreadsheets: `1234`, `-1.5`, `1,234.5`, `1.234,5` (with
 * a `,` decimal separator), `1 234`, `1'234`, `$1,200`, `12%` (read as 12), `(1,200)` (accounting
 * negative), `1.5e3`. Thousands groups must have exactly three digits, so `1,23` is no number
 * when `.` is the decimal separator. Returns `undefined` for anything else, including infinities.
 * @param decimalSeparator - the column's decimal separator, decided from its values
 * @example parseNumberText('$1,200', '.') // 1200
 * @example parseNumberText('1.234,5', ',') // 1234.5
 * @example parseNumberText('1,23', '.') // undefined
 */
export function parseNumberText(text: string, decimalSeparator: DecimalSeparator): number | undefined {
  // Fast path: plain integers and (with "." decimals) plain decimals, the bulk of real columns.
  if (decimalSeparator === '.' ? PLAIN_DECIMAL.test(text) : PLAIN_INTEGER.test(text)) return Number(text)
  let s = text.trim()
  if (s.length === 0 || s.length > MAX_NUMBER_LENGTH) return undefined
  let isNegative = false
  if (s.startsWith('(') && s.endsWith(')')) {
    isNegative = true
    s = s.slice(1, -1).trim()
  }
  let start = readSign(s, 0)
  if (start < 0) {
    if (isNegative) return undefined
    isNegative = true
    start = -start
  }
  if (start < s.length && CURRENCY_SIGNS.includes(s[start] as string)) {
    start++
    while (s[start] === ' ') start++
    const afterSign = readSign(s, start)
    if (afterSign < 0) {
      if (isNegative) return undefined
      isNegative = true
      start = -afterSign
    } else start = afterSign
  }
  let end = s.length
  if (end > start && (s[end - 1] === '%' || CURRENCY_SIGNS.includes(s[end - 1] as string))) {
    end--
    while (end > start && s[end - 1] === ' ') end--
  }
  if (start >= end) return undefined
  const clean = cleanNumberBody(s.slice(start, end), decimalSeparator)
  if (clean === undefined) return undefined
  const value = Number(clean)
  if (!Number.isFinite(value)) return undefined
  return isNegative ? -value : value
}

/** Plain numbers that `Number()` reads exactly as people mean them (at most 15 digits). */
const PLAIN_INTEGER = /^-?\d{1,15}$/
const PLAIN_DECIMAL = /^-?\d{1,15}(?:\.\d{1,15})?$/

/**
 * Skips a sign at `index`: returns the index after it, negated for a minus sign ("-" or "−"),
 * or `index` itself when there is no sign.
 */
function readSign(text: string, index: number): number {
  const char = text[index]
  if (char === '-' || char === '\u2212') return -(index + 1)
  if (char === '+') return index + 1
  return index
}

/** Rewrites the digits of a number into JavaScript syntax, or `undefined` when they are malformed. */
function cleanNumberBody(body: string, decimalSeparator: DecimalSeparator): string | undefined {
  let i = 0
  const leading = countDigits(body, 0)
  let integerDigits = body.slice(0, leading)
  i = leading
  let hasGroups = false
  while (i < body.length && isGroupSeparator(body[i] as string, decimalSeparator)) {
    const groupLength = countDigits(body, i + 1)
    if (groupLength !== 3) break
    // A thousands group needs 1–3 leading digits that do not start with 0 ("0,123" is a decimal).
    if (!hasGroups && (leading === 0 || leading > 3 || body[0] === '0')) return undefined
    hasGroups = true
    integerDigits += body.slice(i + 1, i + 4)
    i += 4
  }
  let fraction = ''
  if (body[i] === decimalSeparator) {
    const fractionLength = countDigits(body, i + 1)
    if (fractionLength === 0) return undefined
    fraction = body.slice(i + 1, i + 1 + fractionLength)
    i += 1 + fractionLength
  }
  if (integerDigits.length === 0 && fraction.length === 0) return undefined
  let exponent = ''
  if (!hasGroups && (body[i] === 'e' || body[i] === 'E')) {
    let j = i + 1
    if (body[j] === '+' || body[j] === '-') j++
    const exponentLength = countDigits(body, j)
    if (exponentLength === 0) return undefined
    exponent = 'e' + body.slice(i + 1, j + exponentLength)
    i = j + exponentLength
  }
  if (i !== body.length) return undefined
  return (integerDigits || '0') + (fraction ? '.' + fraction : '') + exponent
}

/**
 * Tells whether a number's text has a fraction part in the given decimal convention, so `1.0`
 * counts as a decimal number while `1,000` (with `.` decimals) counts as an integer.
 * @example hasFractionPart('1.0', '.') // true
 * @example hasFractionPart('1,000', '.') // false
 */
export function hasFractionPart(text: string, decimalSeparator: DecimalSeparator): boolean {
  return text.includes(decimalSeparator) || /e-/i.test(text)
}
