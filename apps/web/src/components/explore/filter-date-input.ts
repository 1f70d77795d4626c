/**
 * The filter panel's "From" and "To" dates: what people type (`1914`, `1914-07`, `1914-07-28`,
 * `490 BC`, `AD 79`, `-0489`) turned into the read API's `start` / `end` text, checked by the read
 * API's own parser (`parseFilterDate`); dates with a month name (`March 1921`) are read by
 * `@chronotope/dates`, the importer's parser. Also the URL's text turned back into what people write.
 * @module
 */
import { tryParseDate } from '@chronotope/dates'
import { FilterParameterError, parseFilterDate } from '@chronotope/filters'

/** What a typed date becomes: the URL text (null to clear), or why it cannot be used. */
export type DateInputResult =
  { readonly ok: true; readonly value: string | null } | { readonly ok: false; readonly message: string }

const BC_YEAR = /^(\d{1,4})\s*(?:BC|BCE|B\.C\.|B\.C\.E\.)$/i
const AD_YEAR = /^(?:(?:AD|CE|A\.D\.)\s*(\d{1,4})|(\d{1,4})\s*(?:AD|CE|A\.D\.))$/i
const SHORT_YEAR = /^\d{1,3}$/
/** The API's pattern failure; reworded, since people do not write "ISO 8601". */
const SHAPE_PROBLEM = /^must be an ISO 8601 date/
const EXAMPLES = 'Write a date such as 1914, 1914-07, 1914-07-28, March 1921 or 490 BC'

function padYear(year: number): string {
  const digits = String(Math.abs(year)).padStart(4, '0')
  return year < 0 ? `-${digits}` : digits
}

/**
 * Rewrites the era forms people use into the ISO 8601 text the read API reads; other text is
 * returned as typed. Years are astronomical in ISO 8601, so 1 BC is `0000` and 490 BC is `-0489`.
 * @example writtenDateToFilterText('490 BC') // '-0489'
 * @example writtenDateToFilterText('AD 79') // '0079'
 */
export function writtenDateToFilterText(text: string): string {
  const written = text.trim().replace(/\s+/g, ' ')
  const bc = BC_YEAR.exec(written)
  if (bc) {
    const year = Number(bc[1])
    // "0 BC" does not exist; leave it for the parser to refuse.
    return year === 0 ? written : padYear(1 - year)
  }
  const ad = AD_YEAR.exec(written)
  if (ad) return padYear(Number(ad[1] ?? ad[2]))
  if (SHORT_YEAR.test(written)) return padYear(Number(written))
  // Month names ("March 1921", "28 July 1914") are unambiguous; all-digit forms such as 03/04/2021
  // are not, and are left for the read API's parser to refuse.
  if (/[a-z]/i.test(written)) return writtenWithMonthName(written) ?? written
  return written
}

function writtenWithMonthName(written: string): string | undefined {
  const parsed = tryParseDate(written)
  if (!parsed || !['year', 'month', 'day'].includes(parsed.precision)) return undefined
  const date = new Date(parsed.epochMs)
  const year = padYear(date.getUTCFullYear())
  const month = String(date.getUTCMonth() + 1).padStart(2, '0')
  if (parsed.precision === 'year') return year
  if (parsed.precision === 'month') return `${year}-${month}`
  return `${year}-${month}-${String(date.getUTCDate()).padStart(2, '0')}`
}

/**
 * Reads a typed "From" (`start`) or "To" (`end`) date into the URL's text, checked by the read
 * API's parser; empty text clears the bound.
 * @example parseDateInput('start', '490 BC') // { ok: true, value: '-0489' }
 * @example parseDateInput('end', '1914-02-30') // { ok: false, message: '1914-02-30 is not a valid ISO 8601 date: February has 28 days in 1914' }
 */
export function parseDateInput(bound: 'start' | 'end', text: string): DateInputResult {
  if (text.trim() === '') return { ok: true, value: null }
  const value = writtenDateToFilterText(text)
  try {
    parseFilterDate(bound, value)
    return { ok: true, value }
  } catch (error) {
    if (!(error instanceof FilterParameterError)) throw error
    if (SHAPE_PROBLEM.test(error.reason)) return { ok: false, message: EXAMPLES }
    return { ok: false, message: error.reason.charAt(0).toUpperCase() + error.reason.slice(1) }
  }
}

const YEAR_ONLY = /^([+-]?)(\d{4}|\d{6})$/
const MIDNIGHT = /^([+-]?\d{4,6}-\d{2}-\d{2})T00:00(?::00(?:\.000)?)?Z$/
const LAST_MS = /^([+-]?\d{4,6}-\d{2}-\d{2})T23:59:59\.999Z$/

/**
 * The URL's `start` / `end` text as people write it in the date inputs: BCE and early years with
 * their era (`-0489` → `490 BC`, `0079` → `AD 79`), and a brush's whole-day instants as dates
 * (`1914-07-28T00:00:00.000Z` → `1914-07-28` as a start, `…T23:59:59.999Z` as an end). Anything else
 * is shown as written; {@link parseDateInput} reads every form this returns back to the same bound.
 * @example filterTextToWrittenDate('start', '-0489') // '490 BC'
 */
export function filterTextToWrittenDate(bound: 'start' | 'end', text: string | null | undefined): string {
  if (!text) return ''
  const year = YEAR_ONLY.exec(text)
  if (year) {
    const astronomical = Number(`${year[1]}${year[2]}`)
    if (astronomical <= 0) return `${1 - astronomical} BC`
    return astronomical < 1000 ? `AD ${astronomical}` : String(astronomical)
  }
  const whole = (bound === 'start' ? MIDNIGHT : LAST_MS).exec(text)
  if (whole?.[1] && !whole[1].startsWith('+')) return whole[1]
  return text
}

/**
 * Why a "From" and "To" cannot go together (From after To), or undefined when they can or when
 * either is missing or unreadable (its own message says so).
 * @example dateOrderProblem('1918', '1914') // 'From (1918) is after To (1914)'
 */
export function dateOrderProblem(start: string | null, end: string | null): string | undefined {
  if (!start || !end) return undefined
  try {
    if (parseFilterDate('start', start) <= parseFilterDate('end', end)) return undefined
  } catch {
    return undefined
  }
  return `From (${filterTextToWrittenDate('start', start)}) is after To (${filterTextToWrittenDate('end', end)})`
}

/**
 * Whether two `start` (or two `end`) texts mean the same instant, so re-applying what a field
 * shows (`1914-07-28` for the brush's `1914-07-28T00:00:00.000Z`) changes nothing.
 * @example sameFilterDate('start', '1914', '1914-01-01T00:00:00.000Z') // true
 */
export function sameFilterDate(bound: 'start' | 'end', a: string | null, b: string | null): boolean {
  if (a === b) return true
  if (a === null || b === null) return false
  try {
    return parseFilterDate(bound, a) === parseFilterDate(bound, b)
  } catch {
    return false
  }
}
