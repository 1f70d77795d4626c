import { roleScore } from './column-profile'
import type { ColumnProfile } from './column-profile'
import type { FieldType } from './types'

const ID_VALUE_TYPES: ReadonlySet<FieldType> = new Set(['string', 'integer', 'mixed'])

/** Id columns found: every qualifying column, and the one mapped as the events' external id. */
export interface IdDetection {
  /** Columns that become type `id`. */
  idColumns: string[]
  /** The best of them, for `mapping.id`. */
  mapped?: string
}

/**
 * Finds external id columns: an id-like header (`id`, `uuid`, `key`, `*_id`…) whose sampled
 * values are all present and all distinct. Whole-header matches beat `*_id` suffixes.
 * @example detectIdField([profileOf('id', ['a1', 'a2'])]) // { idColumns: ['id'], mapped: 'id' }
 */
export function detectIdField(profiles: readonly ColumnProfile[]): IdDetection {
  const candidates = profiles.filter((profile) => {
    const figures = profile.figures
    const nonEmpty = profile.decision.nonEmptyCount
    return (
      roleScore(profile, 'id') > 0 &&
      ID_VALUE_TYPES.has(profile.decision.type) &&
      nonEmpty > 0 &&
      nonEmpty === figures.count &&
      profile.isDistinctCountExact &&
      profile.distinctCount === nonEmpty
    )
  })
  const best = [...candidates].sort((a, b) => roleScore(b, 'id') - roleScore(a, 'id'))[0]
  return { idColumns: candidates.map((profile) => profile.name), mapped: best?.name }
}
