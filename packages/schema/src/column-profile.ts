import type { FieldTypeDecision } from './detect-field-type'
import { matchHeaderRoles } from './header-vocabulary'
import type { HeaderMatch } from './header-vocabulary'
import type { ColumnStatisticsState } from './statistics/column-statistics'
import type { FieldRole, FieldType } from './types'

/** Everything the role detectors know about one column: header matches, figures and type. */
export interface ColumnProfile {
  name: string
  matches: HeaderMatch[]
  figures: Readonly<ColumnStatisticsState>
  decision: FieldTypeDecision
  distinctCount: number
  isDistinctCountExact: boolean
}

/** Types whose values are free or categorical text. */
const TEXT_TYPES: ReadonlySet<FieldType> = new Set(['string', 'enum', 'id', 'mixed'])

/** Builds a profile; header matches are computed once here. */
export function createColumnProfile(
  name: string,
  figures: Readonly<ColumnStatisticsState>,
  decision: FieldTypeDecision,
  distinct: { count: number; isExact: boolean },
): ColumnProfile {
  return {
    name,
    matches: matchHeaderRoles(name),
    figures,
    decision,
    distinctCount: distinct.count,
    isDistinctCountExact: distinct.isExact,
  }
}

/**
 * How strongly the header suggests a role, 0..1.
 * @example roleScore(profileOf('Date'), 'start-time') // 1
 */
export function roleScore(profile: ColumnProfile, role: FieldRole): number {
  return profile.matches.find((match) => match.role === role)?.score ?? 0
}

/** True when the column holds text (string, enum, id or mixed). */
export function isTextColumn(profile: ColumnProfile): boolean {
  return TEXT_TYPES.has(profile.decision.type) && profile.decision.nonEmptyCount > 0
}

/** Mean length of the non-empty values, in UTF-16 code units. */
export function averageLength(profile: ColumnProfile): number {
  const length = profile.figures.length
  return length.count === 0 ? 0 : length.total / length.count
}

/** Distinct values per non-empty value, 0..1 (1: every value differs). */
export function distinctShare(profile: ColumnProfile): number {
  const nonEmpty = profile.decision.nonEmptyCount
  return nonEmpty === 0 ? 0 : Math.min(1, profile.distinctCount / nonEmpty)
}
