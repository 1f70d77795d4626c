import { tryParseDate } from '@chronotope/dates'
import type { ParseDateOptions } from '@chronotope/dates'

import type { FieldTypeDecision } from '../detect-field-type'
import type { FieldStatistics } from '../types'
import { earlier, later } from './column-statistics'
import type { ColumnStatisticsState, DateExtreme } from './column-statistics'
import type { DistinctValues } from './distinct-values'

/**
 * Longest example kept in a field's statistics, in UTF-16 units: the schema is stored with the
 * dataset and import job and answered with every event read at depth, so a megabyte cell must
 * not be copied into it.
 */
const MAX_EXAMPLE_CHARS = 200

/** Longest frequent value kept in {@link FieldStatistics.topValues}, in UTF-16 units. */
const MAX_TOP_VALUE_CHARS = 500

/** A text cut to `max` units with a trailing `…`, never splitting a surrogate pair. */
function shortened(text: string, max: number): string {
  if (text.length <= max) return text
  const code = text.charCodeAt(max - 2)
  return `${text.slice(0, code >= 0xd800 && code <= 0xdbff ? max - 2 : max - 1)}…`
}

/** Most frequent values listed in {@link FieldStatistics.topValues}. */
export const TOP_VALUES_LIMIT = 20

/** How bare numbers are read for a date column's format kind. */
export function numbersOptionForKind(kind: string | undefined): ParseDateOptions['numbers'] {
  switch (kind) {
    case 'excel-serial':
    case 'unix-seconds':
    case 'unix-milliseconds':
    case 'year':
      return kind
    default:
      return undefined
  }
}

function dateRange(
  figures: Readonly<ColumnStatisticsState>,
  decision: FieldTypeDecision,
): { min?: string; max?: string } {
  const format = decision.dateFormat
  const numbersOption = numbersOptionForKind(format?.kind)
  if (
    numbersOption !== undefined &&
    numbersOption !== 'year' &&
    decision.numbers.min !== null &&
    decision.numbers.max !== null
  ) {
    return {
      min: tryParseDate(decision.numbers.min, { numbers: numbersOption })?.iso,
      max: tryParseDate(decision.numbers.max, { numbers: numbersOption })?.iso,
    }
  }
  if (format?.order === 'DMY') {
    // Extremes were tracked month-first; day-first columns are re-read from the kept samples.
    let earliest: DateExtreme | null = null
    let latest: DateExtreme | null = null
    for (const sample of figures.samples) {
      const date = tryParseDate(sample, { order: 'DMY' })
      if (date === undefined) continue
      earliest = earlier(earliest, date.epochMs, date.iso)
      latest = later(latest, date.epochMs, date.iso)
    }
    return { min: earliest?.iso, max: latest?.iso }
  }
  return { min: figures.dates.earliest?.iso, max: figures.dates.latest?.iso }
}

/**
 * Builds the product's "field statistics" of a column from its accumulated figures and its
 * type decision: min/max are numbers for numeric types and ISO strings for dates (for day-first
 * date columns, from the first 1,000 distinct values).
 * @example toFieldStatistics(figures, distinct, decision).nullRate // 0.25 when 1 of 4 cells is "NA"
 */
export function toFieldStatistics(
  figures: Readonly<ColumnStatisticsState>,
  distinct: DistinctValues,
  decision: FieldTypeDecision,
): FieldStatistics {
  const statistics: FieldStatistics = {
    count: figures.count,
    nullCount: figures.nullCount,
    emptyCount: figures.emptyCount,
    nullRate: figures.count === 0 ? 0 : (figures.nullCount + figures.emptyCount) / figures.count,
    distinctCount: distinct.count,
    isDistinctCountExact: distinct.isExact,
    examples: figures.examples.map((example) => shortened(example, MAX_EXAMPLE_CHARS)),
    typeCounts: decision.typeCounts,
  }
  if (figures.length.count > 0) {
    statistics.minLength = figures.length.min
    statistics.maxLength = figures.length.max
  }
  if (
    (decision.type === 'integer' || decision.type === 'number') &&
    decision.numbers.min !== null &&
    decision.numbers.max !== null
  ) {
    statistics.min = decision.numbers.min
    statistics.max = decision.numbers.max
  } else if (decision.type === 'date') {
    const { min, max } = dateRange(figures, decision)
    if (min !== undefined) statistics.min = min
    if (max !== undefined) statistics.max = max
  }
  if (distinct.isExact && decision.nonEmptyCount > 0 && distinct.count <= decision.nonEmptyCount / 2) {
    const top = distinct.topValues(TOP_VALUES_LIMIT)
    if (top)
      statistics.topValues = top.map(({ value, count }) => ({ value: shortened(value, MAX_TOP_VALUE_CHARS), count }))
  }
  return statistics
}
