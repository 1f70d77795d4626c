/**
 * Values that mean "no value" in real spreadsheets, compared after trimming and lower-casing.
 * They count as nulls in statistics and become `null` (without a row error) when values are
 * transformed. The empty string is counted separately as empty.
 */
export const NULL_MARKERS: readonly string[] = Object.freeze([
  '',
  'na',
  'n/a',
  'n.a.',
  '#n/a',
  'null',
  'nil',
  'none',
  '-',
  '--',
  '?',
  'unknown',
  'nan',
])

const markers = new Set(NULL_MARKERS)
/** First characters of the markers: most values are rejected without lower-casing them. */
const markerStarts = new Set(NULL_MARKERS.map((marker) => marker.charAt(0)))

/**
 * Tells whether a (trimmed) text is one of the {@link NULL_MARKERS}, ignoring case.
 * @example isNullMarker('N/A') // true
 * @example isNullMarker('Nadia') // false
 */
export function isNullMarker(text: string): boolean {
  // Every marker is at most 7 characters long: skip lower-casing long texts.
  if (text.length > 7 || !markerStarts.has(text.charAt(0).toLowerCase())) return false
  return markers.has(text.toLowerCase())
}
