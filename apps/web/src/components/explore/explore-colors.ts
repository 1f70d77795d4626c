/**
 * The colours of datasets and field values, shared by the map, its legend and the timeline's
 * stacks so one thing has one colour everywhere. Okabe–Ito's colour-blind-safe palette, then
 * darker companions; what does not fit is grey.
 * @module
 */

/** The categorical palette, in the order values receive colours. */
export const CATEGORY_COLORS = [
  '#0072b2',
  '#e69f00',
  '#009e73',
  '#cc79a7',
  '#56b4e9',
  '#d55e00',
  '#8c6d1f',
  '#6a3d9a',
] as const

/** The colour of whatever the palette has no room for ("other"). */
export const OTHER_COLOR = '#8a8f98'

/**
 * The colour of the n-th category (0-based); grey beyond the palette.
 * @example categoryColor(0) // '#0072b2'
 */
export function categoryColor(index: number): string {
  return index >= 0 && index < CATEGORY_COLORS.length ? CATEGORY_COLORS[index]! : OTHER_COLOR
}

/**
 * Colours for a list of keys in their given order (datasets by id, values most common first).
 * @example colorsOf([7, 3]).get(3) // '#e69f00'
 */
export function colorsOf<K>(keys: readonly K[]): Map<K, string> {
  return new Map(keys.map((key, index) => [key, categoryColor(index)]))
}
