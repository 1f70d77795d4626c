import { decideDateOrder, inferDateFormat } from '@chronotope/dates'
import type { DateColumnFormat } from '@chronotope/dates'

import { isBooleanQuestionHeader } from './boolean-words'
import { headerScore } from './header-vocabulary'
import type { DecimalSeparator } from './number-text'
import { decideDecimalSeparator } from './statistics/column-statistics'
import type { ColumnStatisticsState, NumericReading, ValueKind } from './statistics/column-statistics'
import type { FieldType, ValueTypeName } from './types'

/** Share of non-empty values a type must reach (the rest are reported as misfits). */
export const TYPE_SHARE_THRESHOLD = 0.95
/**
 * Share of non-empty values that must be written dates (`9/1/2016`, `2020-03-04`, `March 1848`;
 * bare numbers do not count) for a column to be a date column although some values are not
 * dates; those become `invalid-date` row errors on import, and the rest keep their times. Four in
 * five under any header, more than half under a header that names a time
 * ({@link NAMED_DATE_SHARE_THRESHOLD}).
 *
 * From real data: in the FiveThirtyEight files (`fixtures/`) every date column is 100 % dates and
 * no other column reaches 1 % (one street address in 463, "1600 3rd St", reads as a date); a date
 * column typed by hand carries placeholders such as "tbd" or "soon" in some rows (the file:
 * 45 of 50). A column below the bar stays text with a warning: a row error drops its row, so a
 * notes column that happens to hold dates must not become the event time. Bare numbers never count,
 * so a column of numbers that merely look like years (1200–2020 under "population") stays a number
 * column; years are dates only under a year header, with {@link TYPE_SHARE_THRESHOLD}.
 */
export const DATE_SHARE_THRESHOLD = 0.8
/**
 * More than this share of written dates makes a column whose header names a time (`date`, `start`,
 * `when`, `datum`, `fecha`…) a date column: the header says what its values are meant to be.
 */
export const NAMED_DATE_SHARE_THRESHOLD = 0.5
/** An enum has at most this many distinct values... */
export const ENUM_MAX_VALUES = 50
/** ...and at most this share of distinct values among non-empty ones. */
export const ENUM_MAX_DISTINCT_SHARE = 0.5
/** Columns with fewer non-empty values are never called enums: too little evidence. */
export const ENUM_MIN_VALUES = 5

/** Date kinds whose values are bare numbers. */
const NUMERIC_DATE_KINDS = new Set(['excel-serial', 'unix-seconds', 'unix-milliseconds'])

/** The detected type of one column, with what the decision rests on. */
export interface FieldTypeDecision {
  type: FieldType
  nonEmptyCount: number
  typeCounts: Partial<Record<ValueTypeName, number>>
  decimalSeparator?: DecimalSeparator
  /** The numbers under the chosen decimal separator. */
  numbers: NumericReading
  dateFormat?: DateColumnFormat
  /** Non-empty values that do not fit the type (they become row errors on import). */
  misfitCount: number
  /** Up to 3 such values per kind. */
  misfitExamples: string[]
  /** A year-like integer column (`year`, `jahr`…): a date part, kept as integers. */
  isYearColumn: boolean
}

/** Inputs of {@link detectFieldType}: a column's header, figures and distinct count. */
export interface FieldTypeInput {
  name: string
  figures: Readonly<ColumnStatisticsState>
  distinctCount: number
  isDistinctCountExact: boolean
}

function countTypes(
  figures: Readonly<ColumnStatisticsState>,
  numbers: NumericReading,
): Partial<Record<ValueTypeName, number>> {
  const kinds = figures.kindCounts
  const counts: Partial<Record<ValueTypeName, number>> = {}
  const put = (name: ValueTypeName, value: number): void => {
    if (value > 0) counts[name] = value
  }
  put('integer', numbers.integerCount)
  put('number', numbers.count - numbers.integerCount)
  put('boolean', kinds.boolean)
  put('date', kinds.date)
  put('coordinate', kinds.coordinate)
  // Numeric-looking values that do not read as numbers with the column's separator are text.
  put('string', kinds.string + kinds.numeric - numbers.count)
  return counts
}

/**
 * Detects a column's type from its statistics. A type needs {@link TYPE_SHARE_THRESHOLD} of the
 * non-empty values; booleans come first, then integers (Excel serials and Unix times under a
 * date-like header become dates), numbers, dates and text; text with few distinct values is an
 * enum; anything else is mixed. (`coordinate` is given later to the columns the geo detector uses.) Digit codes with leading zeros ("02134") stay text.
 * @example detectFieldType({ name: 'age', figures, distinctCount: 61, isDistinctCountExact: true }).type // 'integer'
 */
export function detectFieldType(input: FieldTypeInput): FieldTypeDecision {
  const { name, figures } = input
  const kinds = figures.kindCounts
  const nonEmptyCount = figures.count - figures.nullCount - figures.emptyCount
  const decimalSeparator = decideDecimalSeparator(figures.numbers)
  const numbers = decimalSeparator === '.' ? figures.numbers.point : figures.numbers.comma
  const typeCounts = countTypes(figures, numbers)
  const share = (count: number): number => (nonEmptyCount === 0 ? 0 : count / nonEmptyCount)
  const integerCount = numbers.integerCount
  // Coordinates are a type only for the columns the geo detector uses; elsewhere "E12" is text.
  const textCount = (typeCounts.string ?? 0) + kinds.boolean + kinds.coordinate
  const decide = (
    type: FieldType,
    fitting: number,
    fittingKinds: readonly ValueKind[],
    extra: Partial<FieldTypeDecision> = {},
  ): FieldTypeDecision => ({
    type,
    nonEmptyCount,
    typeCounts,
    numbers,
    misfitCount: Math.max(0, nonEmptyCount - fitting),
    misfitExamples: fitting >= nonEmptyCount ? [] : collectMisfits(figures, fittingKinds),
    isYearColumn: false,
    ...extra,
  })

  if (nonEmptyCount === 0) return decide('string', 0, [])
  const isQuestion = isBooleanQuestionHeader(name)
  if (share(kinds.boolean) >= TYPE_SHARE_THRESHOLD) return decide('boolean', kinds.boolean, ['boolean'])
  if (isQuestion && share(kinds.boolean + figures.numbers.zeroOneCount) >= TYPE_SHARE_THRESHOLD) {
    return decide('boolean', kinds.boolean + figures.numbers.zeroOneCount, ['boolean'])
  }
  const hasLeadingZeros = figures.numbers.leadingZeroCount > 0
  if (share(numbers.count) >= TYPE_SHARE_THRESHOLD && !hasLeadingZeros) {
    const isInteger = share(integerCount) >= TYPE_SHARE_THRESHOLD
    const dateFormat = inferDateFormat(figures.samples, { headerName: name })
    if (dateFormat && NUMERIC_DATE_KINDS.has(dateFormat.kind) && dateFormat.matchRate >= TYPE_SHARE_THRESHOLD) {
      return decide('date', numbers.count, ['numeric'], { dateFormat })
    }
    const isYearColumn = isInteger && dateFormat?.kind === 'year'
    return isInteger
      ? decide('integer', integerCount, ['numeric'], { decimalSeparator, isYearColumn })
      : decide('number', numbers.count, ['numeric'], { decimalSeparator })
  }
  const isDateShaped = share(kinds.date + numbers.count) >= TYPE_SHARE_THRESHOLD
  if (kinds.date > 0 && (isDateShaped || isMostlyWrittenDates(name, share(kinds.date)))) {
    // The order counts every value read, not only the kept samples: the decision holds for them all.
    const dateFormat = inferDateFormat(figures.samples, {
      headerName: name,
      orderDecision: decideDateOrder(figures.dateOrder),
    })
    const isDateColumn =
      dateFormat !== undefined &&
      ((isDateShaped && dateFormat.matchRate >= TYPE_SHARE_THRESHOLD) || isMostlyWrittenDates(name, share(kinds.date)))
    if (isDateColumn) {
      const fitting =
        dateFormat.kind === 'year' || dateFormat.kind === 'mixed' ? kinds.date + numbers.count : kinds.date
      return decide('date', fitting, fitting > kinds.date ? ['date', 'numeric'] : ['date'], { dateFormat })
    }
  }
  if (
    share(textCount) >= TYPE_SHARE_THRESHOLD ||
    (hasLeadingZeros && share(textCount + numbers.count) >= TYPE_SHARE_THRESHOLD)
  ) {
    const isEnum =
      input.isDistinctCountExact &&
      nonEmptyCount >= ENUM_MIN_VALUES &&
      input.distinctCount <= ENUM_MAX_VALUES &&
      input.distinctCount <= ENUM_MAX_DISTINCT_SHARE * nonEmptyCount
    return decide(isEnum ? 'enum' : 'string', nonEmptyCount, [])
  }
  return decide('mixed', nonEmptyCount, [])
}

/** Whether written dates make up enough of a column: see {@link DATE_SHARE_THRESHOLD}. */
function isMostlyWrittenDates(name: string, writtenDateShare: number): boolean {
  if (writtenDateShare >= DATE_SHARE_THRESHOLD) return true
  const namesTime = headerScore(name, 'start-time') > 0 || headerScore(name, 'end-time') > 0
  return namesTime && writtenDateShare > NAMED_DATE_SHARE_THRESHOLD
}

/** Example values of the kinds that do not fit, up to 3 per kind. */
function collectMisfits(figures: Readonly<ColumnStatisticsState>, fittingKinds: readonly ValueKind[]): string[] {
  const misfits: string[] = []
  for (const [kind, examples] of Object.entries(figures.kindExamples) as Array<[ValueKind, string[]]>) {
    if (!fittingKinds.includes(kind)) misfits.push(...examples)
  }
  return misfits
}
