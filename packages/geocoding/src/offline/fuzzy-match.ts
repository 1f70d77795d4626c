/**
 * How many typing mistakes a name of this length may contain and still be matched: none up to 4
 * letters (too many short names differ by one), 1 up to 8, 2 from 9.
 * @example maxEditsForLength(7) // 1 ("Pheonix")
 * @example maxEditsForLength(10) // 2 ("Cincinatti")
 */
export function maxEditsForLength(length: number): number {
  if (length <= 4) return 0
  return length <= 8 ? 1 : 2
}

/**
 * Edit distance between two strings, counting an insertion, deletion, substitution or swap of two
 * neighbouring letters as one edit (optimal string alignment). Stops early and returns
 * `maxEdits + 1` once the distance must exceed `maxEdits`.
 * @example editDistance('pheonix', 'phoenix', 2) // 1
 * @example editDistance('cincinatti', 'cincinnati', 2) // 2
 */
export function editDistance(a: string, b: string, maxEdits: number): number {
  if (Math.abs(a.length - b.length) > maxEdits) return maxEdits + 1
  if (a === b) return 0
  const width = b.length + 1
  // Three rows suffice: the swap rule looks two rows back.
  let previous2 = new Array<number>(width).fill(0)
  let previous = Array.from({ length: width }, (_, j) => j)
  let current = new Array<number>(width).fill(0)
  for (let i = 1; i <= a.length; i++) {
    current[0] = i
    let rowMinimum = i
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1
      let value = Math.min((previous[j] ?? 0) + 1, (current[j - 1] ?? 0) + 1, (previous[j - 1] ?? 0) + cost)
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) {
        value = Math.min(value, (previous2[j - 2] ?? 0) + 1)
      }
      current[j] = value
      if (value < rowMinimum) rowMinimum = value
    }
    if (rowMinimum > maxEdits) return maxEdits + 1
    ;[previous2, previous, current] = [previous, current, previous2]
  }
  return Math.min(previous[b.length] ?? maxEdits + 1, maxEdits + 1)
}

/** A name that is close to the one searched for. */
export interface FuzzyNameMatch {
  /** The normalized name found. */
  name: string
  /** Edits between it and the name searched for (≥ 1). */
  edits: number
}

/**
 * Finds the names within {@link maxEditsForLength} edits of a normalized name, fewest edits first.
 * @example findSimilarNames('pheonix', ['phoenix', 'phenix city']) // [{ name: 'phoenix', edits: 1 }]
 */
export function findSimilarNames(name: string, names: readonly string[]): FuzzyNameMatch[] {
  const maxEdits = maxEditsForLength(name.length)
  if (maxEdits === 0) return []
  const matches: FuzzyNameMatch[] = []
  for (const candidate of names) {
    if (Math.abs(candidate.length - name.length) > maxEdits || candidate === name) continue
    // Both must allow the edits: a long typo must not reach a short name.
    const allowed = Math.min(maxEdits, maxEditsForLength(candidate.length))
    if (allowed === 0) continue
    const edits = editDistance(name, candidate, allowed)
    if (edits <= allowed) matches.push({ name: candidate, edits })
  }
  return matches.sort((a, b) => a.edits - b.edits)
}
