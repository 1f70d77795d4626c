/** Delimiters tried, in order of preference when they score the same. */
export const CANDIDATE_DELIMITERS: readonly string[] = [',', ';', '\t', '|']

/**
 * Counts each candidate delimiter per line outside quotes, for the first `maxLines` lines.
 * Returns one count array per line (same order as {@link CANDIDATE_DELIMITERS}).
 */
function countPerLine(text: string, quote: string, maxLines: number): number[][] {
  const lines: number[][] = []
  let counts = CANDIDATE_DELIMITERS.map(() => 0)
  let isQuoted = false
  let isBlank = true
  for (let index = 0; index < text.length && lines.length < maxLines; index++) {
    const char = text[index]!
    if (char === quote) {
      isQuoted = !isQuoted
      isBlank = false
    } else if (!isQuoted && (char === '\n' || char === '\r')) {
      if (!isBlank) lines.push(counts)
      counts = CANDIDATE_DELIMITERS.map(() => 0)
      isBlank = true
    } else if (!isQuoted) {
      const candidate = CANDIDATE_DELIMITERS.indexOf(char)
      if (candidate !== -1) counts[candidate]!++
      if (char !== ' ') isBlank = false
    }
  }
  // The last line may be cut by the end of the sample; count it only if it is the only one.
  if (!isBlank && lines.length === 0) lines.push(counts)
  return lines
}

/**
 * Picks the cell delimiter of a CSV sample (`,`, `;`, tab or `|`), ignoring delimiters inside
 * quotes: the candidate that splits the most lines into the same number of cells (more than
 * one) wins; a single-column file gets `,`.
 * @example sniffDelimiter('name;city\n"Doe, J";Paris\n') // ';'
 */
export function sniffDelimiter(sample: string, quote = '"', maxLines = 50): string {
  const lines = countPerLine(sample, quote, maxLines)
  let best = ','
  let bestScore = 0
  CANDIDATE_DELIMITERS.forEach((delimiter, candidate) => {
    const frequency = new Map<number, number>()
    for (const counts of lines) {
      const count = counts[candidate]!
      if (count > 0) frequency.set(count, (frequency.get(count) ?? 0) + 1)
    }
    let modeLines = 0
    let modeCount = 0
    for (const [count, lineCount] of frequency) {
      if (lineCount > modeLines || (lineCount === modeLines && count > modeCount)) {
        modeLines = lineCount
        modeCount = count
      }
    }
    // Consistency first (lines agreeing on the cell count), then more cells as a tie-breaker.
    const score = modeLines * 1000 + Math.min(modeCount, 999)
    if (score > bestScore) {
      bestScore = score
      best = delimiter
    }
  })
  return best
}
