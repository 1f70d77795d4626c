/**
 * The 0-based column index of an A1-style cell reference, or -1 when it has no letters.
 * @example columnIndex('B2') // 1
 * @example columnIndex('AA10') // 26
 */
export function columnIndex(reference: string): number {
  let index = 0
  let position = 0
  for (; position < reference.length; position++) {
    const code = reference.charCodeAt(position)
    // A-Z and a-z; digits end the column part.
    const letter = code >= 97 ? code - 96 : code - 64
    if (letter < 1 || letter > 26) break
    index = index * 26 + letter
  }
  return position === 0 ? -1 : index - 1
}
