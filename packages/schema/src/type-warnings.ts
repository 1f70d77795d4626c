import type { ColumnProfile } from './column-profile'
import type { SchemaWarning } from './types'

function quoteList(values: readonly string[]): string {
  return values.map((value) => `"${value.length > 40 ? `${value.slice(0, 37)}...` : value}"`).join(', ')
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
    return [
      {
        code: 'type-mismatch',
        field: name,
        message: `${decision.misfitCount} of ${decision.nonEmptyCount} values in "${name}" are not ${decision.type} values${examples}; they will be reported as row errors on import.`,
      },
    ]
  }
  return []
}
