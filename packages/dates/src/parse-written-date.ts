import type { DateFields } from './calendar'
import { InvalidDate } from './invalid-date'
import { decideOrder, ORDER_KINDS } from './numeric-date-order'
import type { DateToken } from './tokenize-date'
import { tokenizeDate } from './tokenize-date'
import { expandTwoDigitYear } from './two-digit-year'
import type { ParseDateOptions } from './types'

/** A written date read into fields; `end` for ranges like 'June 3-5, 2020'. */
export interface WrittenDate {
  start: DateFields
  end?: DateFields
  /** What the value was read as, for messages: `day/month/year date`, `month-name date`. */
  kind: string
}

type NumberToken = Extract<DateToken, { kind: 'number' }>

function emptyFields(year: number, month: number, day: number, precision: DateFields['precision']): DateFields {
  return { year, month, day, hour: 0, minute: 0, second: 0, millisecond: 0, offsetMinutes: 0, precision }
}

/**
 * Reads a date written with numbers, separators and month names: '03/04/2021', '2021.04.03',
 * 'March 5, 2021', '5 de marzo de 2021', '5-Mar-21', 'Mar 2021', '44 BC', 'June 3-5, 2020'.
 * @param text - the value without its time of day
 * @param original - the value as written, for messages
 * @param defaultYear - the year to use when none is written (the start of a range such as 'June 3 – July 5, 2020')
 * @throws {@link InvalidDate} naming the value and the reason
 * @example parseWrittenDate('5 March 2021', '5 March 2021', {}).start // { year: 2021, month: 3, day: 5, ... }
 */
export function parseWrittenDate(
  text: string,
  original: string,
  options: ParseDateOptions,
  defaultYear?: number,
): WrittenDate {
  const tokenized = tokenizeDate(text)
  if ('unknownWord' in tokenized) {
    throw new InvalidDate(original, `"${tokenized.unknownWord}" is not part of a date`)
  }
  const { tokens } = tokenized
  const numbers = tokens.filter((token): token is NumberToken => token.kind === 'number')
  const monthIndex = tokens.findIndex((token) => token.kind === 'month')
  const months = tokens.filter((token) => token.kind === 'month')
  const eras = tokens.filter((token) => token.kind === 'era')
  if (months.length > 1) throw new InvalidDate(original, 'it names more than one month')
  if (eras.length > 1) throw new InvalidDate(original, 'it names more than one era')
  const era = eras[0]
  // An era belongs to the number just before it ('44 BC'), else just after it ('AD 79').
  const eraIndex = era === undefined ? -1 : tokens.indexOf(era)
  const eraNumber =
    eraIndex < 0
      ? undefined
      : [tokens[eraIndex - 1], tokens[eraIndex + 1]].find((token): token is NumberToken => token?.kind === 'number')
  if (era !== undefined && eraNumber === undefined)
    throw new InvalidDate(original, `the era ${era.text} is not next to a year`)
  const isNegative = tokens[0]?.kind === 'separator' && tokens[0].text === '-'
  const readYear = (token: NumberToken): number => {
    if (era && token === eraNumber) return era.isBeforeCommonEra ? 1 - token.value : token.value
    if (isNegative) return -token.value
    return token.text.length === 2 ? expandTwoDigitYear(token.value, options) : token.value
  }
  const month = months[0]
  if (month !== undefined)
    return readMonthNameDate(tokens, monthIndex, month.value, numbers, readYear, original, defaultYear, eraNumber)
  return readNumericDate(tokens, numbers, readYear, original, options, eraNumber)
}

function readMonthNameDate(
  tokens: readonly DateToken[],
  monthIndex: number,
  month: number,
  numbers: readonly NumberToken[],
  readYear: (token: NumberToken) => number,
  original: string,
  defaultYear: number | undefined,
  eraNumber: NumberToken | undefined,
): WrittenDate {
  const kind = 'date'
  const isYearLike = (token: NumberToken): boolean =>
    eraNumber === undefined ? token.text.length >= 3 || token.value > 31 : token === eraNumber
  const before = numbers.filter((token) => tokens.indexOf(token) < monthIndex)
  const after = numbers.filter((token) => tokens.indexOf(token) > monthIndex)
  const [first, second, third] = numbers
  if (first === undefined) {
    if (defaultYear !== undefined) return { start: emptyFields(defaultYear, month, 1, 'month'), kind }
    throw new InvalidDate(original, 'it names a month but no year')
  }
  if (second === undefined) {
    const separator = tokens[tokens.indexOf(first) - 1]
    // 'Mar-21' and "Mar '21" are how spreadsheets write month-year with a two-digit year.
    const isShortYear =
      first.text.length === 2 &&
      after.length === 1 &&
      separator?.kind === 'separator' &&
      "-/'\u2019".includes(separator.text)
    if (isYearLike(first) || isShortYear) return { start: emptyFields(readYear(first), month, 1, 'month'), kind }
    if (defaultYear !== undefined) return { start: emptyFields(defaultYear, month, first.value, 'day'), kind }
    throw new InvalidDate(original, `it has no year (${first.text} is read as the day)`)
  }
  if (third !== undefined) return readDayRange(tokens, monthIndex, month, numbers, readYear, original)
  // The year is the number that can only be a year; else the one after the day ('5 Mar 21', 'Mar 5 21').
  let day: NumberToken
  let year: NumberToken
  if (isYearLike(first) && !isYearLike(second)) [year, day] = [first, second]
  else if (isYearLike(second) && !isYearLike(first)) [day, year] = [first, second]
  else if (!isYearLike(first) && (before.length === 1 || monthIndex === 0)) [day, year] = [first, second]
  else throw new InvalidDate(original, `it is unclear which of ${first.text} and ${second.text} is the year`)
  return { start: emptyFields(readYear(year), month, day.value, 'day'), kind }
}

/** 'June 3-5, 2020' and '3-5 June 2020': two days of one month. */
function readDayRange(
  tokens: readonly DateToken[],
  monthIndex: number,
  month: number,
  numbers: readonly NumberToken[],
  readYear: (token: NumberToken) => number,
  original: string,
): WrittenDate {
  const [first, second, third] = numbers
  const dash = first && tokens[tokens.indexOf(first) + 1]
  const isDayRange =
    numbers.length === 3 &&
    first !== undefined &&
    second !== undefined &&
    third !== undefined &&
    dash?.kind === 'separator' &&
    dash.text === '-' &&
    tokens[tokens.indexOf(first) + 2] === second &&
    first.text.length <= 2 &&
    second.text.length <= 2 &&
    tokens.indexOf(third) > monthIndex
  if (!isDayRange) throw new InvalidDate(original, 'it has more numbers than a day and a year')
  const year = readYear(third)
  return {
    start: emptyFields(year, month, first.value, 'day'),
    end: emptyFields(year, month, second.value, 'day'),
    kind: 'date range',
  }
}

function readNumericDate(
  tokens: readonly DateToken[],
  numbers: readonly NumberToken[],
  readYear: (token: NumberToken) => number,
  original: string,
  options: ParseDateOptions,
  eraNumber: NumberToken | undefined,
): WrittenDate {
  const [first, second, third] = numbers
  if (first === undefined) throw new InvalidDate(original, 'it has no numbers')
  if (numbers.length > 3) throw new InvalidDate(original, 'it has more than three numbers')
  if (second === undefined) {
    if (first.text.length > 4 && eraNumber === undefined)
      throw new InvalidDate(original, `${first.text} has too many digits for a year`)
    return { start: emptyFields(readYear(first), 1, 1, 'year'), kind: 'year' }
  }
  if (third === undefined) {
    // Month and year: '04/2021', '2021/04', '4.2021'.
    const [month, year] = first.text.length === 4 ? [second, first] : [first, second]
    if (year.text.length !== 4 || month.text.length > 2) {
      throw new InvalidDate(original, 'two numbers make a date only as a month and a four-digit year')
    }
    return { start: emptyFields(readYear(year), month.value, 1, 'month'), kind: 'month/year date' }
  }
  const separators = tokens.filter((token) => token.kind === 'separator' && token.text !== ',')
  if (separators.length > 0 && separators.some((token) => token.text !== separators[0]?.text)) {
    throw new InvalidDate(original, 'it mixes separators')
  }
  const order =
    first.text.length >= 3 ? 'YMD' : (options.order ?? decideOrder(first.value, second.value, original, options))
  const kind = ORDER_KINDS[order]
  const [yearToken, monthToken, dayToken] =
    order === 'YMD' ? [first, second, third] : order === 'MDY' ? [third, first, second] : [third, second, first]
  const yearDigits = yearToken.text.length
  if (order === 'YMD' ? yearDigits === 1 || yearDigits > 4 : yearDigits !== 2 && yearDigits !== 4) {
    throw new InvalidDate(original, `the year ${yearToken.text} should have 2 or 4 digits`, kind)
  }
  if (order !== 'YMD' && first.text.length > 2) {
    throw new InvalidDate(original, `the first part ${first.text} has too many digits`, kind)
  }
  return { start: emptyFields(readYear(yearToken), monthToken.value, dayToken.value, 'day'), kind }
}
