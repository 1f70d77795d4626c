import type { ColumnProfile } from './column-profile'
import type { FieldType, SchemaWarning } from './types'

function quoteList(values: readonly string[]): string {
  return values.map((value) => `"${value.length > 40 ? `${value.slice(0, 37)}...` : value}"`).join(', ')
}

/** What the values of a type are called, and the row error a value that does not fit becomes. */
const MISFITS: Partial<Record<FieldType, { noun: string; code: string }>> = {
  integer: { noun: 'integers', code: 'invalid-integer' },
  number: { noun: 'numbers', code: 'invalid-number' },
  boolean: { noun: 'yes/no values', code: 'invalid-boolean' },
  date: { noun: 'dates', code: 'invalid-date' },
  coordinate: { noun: 'coordinates', code: 'invalid-coordinates' },
}

/** A share as a whole percentage, or `<1%` so a few bad values in many never read as 0 %. */
function percentOf(part: number, whole: number): string {
  const percent = (100 * part) / whole
  return percent > 0 && percent < 1 ? '<1%' : `${Math.round(percent)}%`
}

/**
 * Warnings about a column's values and its type: an empty column, a column mixing kinds of
 * values, and values that do not fit the detected type (they become row errors on import).
 * @example describeTypeWarnings(profileOf('age', ['12', '13', 'twelve', ...]))[0].code // 'type-mismatch'
 */
export function describeTypeWarnings(profile: ColumnProfile): SchemaWarning[] {
  const { decision, figures, name } = profile
  if (figures.count > 0 && decision.nonEmptyCount === 0) {
    return [
      {
        code: 'empty-field',
        field: name,
        message: `Column "${name}" has no values in the ${figures.count} sampled rows.`,
      },
    ]
  }
  if (decision.type === 'mixed') {
    const kinds = Object.entries(decision.typeCounts)
      .map(([kind, count]) => `${count} ${kind}`)
      .join(', ')
    const examples = Object.values(figures.kindExamples).flatMap((values) => values.slice(0, 1))
    return [
      {
        code: 'mixed-types',
        field: name,
        message: `Column "${name}" mixes kinds of values (${kinds}; e.g. ${quoteList(examples)}): no type fits 95% of them, so values are kept as text.`,
      },
    ]
  }
  if (decision.misfitCount > 0) {
    const examples = decision.misfitExamples.length > 0 ? ` (e.g. ${quoteList(decision.misfitExamples)})` : ''
    const share = percentOf(decision.misfitCount, decision.nonEmptyCount)
    const misfit = MISFITS[decision.type] ?? { noun: `${decision.type} values`, code: `invalid-${decision.type}` }
    return [
      {
        code: 'type-mismatch',
        field: name,
        message: `${decision.misfitCount} of ${decision.nonEmptyCount} values (${share}) in "${name}" are not ${misfit.noun}${examples}; they will be reported as ${misfit.code} row errors on import.`,
      },
    ]
  }
  return []
}
