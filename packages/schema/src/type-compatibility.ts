import type { FieldType } from './types'

/**
 * Whether every value valid under one field type stays valid under another, which makes a type
 * change non-breaking (a widening):
 *
 * | from                                                      | to       | breaking? |
 * |-----------------------------------------------------------|----------|-----------|
 * | any type                                                  | same     | no change |
 * | integer                                                   | number   | no        |
 * | integer, number, boolean, date, enum, id, coordinate      | string   | no        |
 * | any type                                                  | mixed    | no        |
 * | everything else (string → number, number → integer, mixed → string, string → enum, date → integer, integer → id…) | | yes |
 *
 * `string → enum` and `integer → id` narrow (a closed value set; a uniqueness promise), so they break.
 * @example isWideningTypeChange('integer', 'number') // true
 * @example isWideningTypeChange('string', 'number') // false
 */
export function isWideningTypeChange(from: FieldType, to: FieldType): boolean {
  if (from === to) return true
  if (to === 'mixed') return true
  if (to === 'string') return from !== 'mixed'
  return from === 'integer' && to === 'number'
}
