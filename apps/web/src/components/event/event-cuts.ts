/**
 * What an import cut from an event to keep it within its size bound (`data._cut`, written by
 * `boundEventData` in @chronotope/file-readers), as sentences for the event page.
 * @module
 */
import { formatCount } from '../../lib/text/format-number'

/** The key of `data` that records the cuts; the page shows it as a notice, not as a column. */
export const CUTS_KEY = '_cut'

/**
 * Sentences saying what was shortened and how the geometry was reduced, or an empty list when
 * the event was stored whole.
 * @example cutSentences({ _cut: { shortened: ['notes'] } }) // ['Shortened: notes.']
 */
export function cutSentences(data: unknown): string[] {
  if (typeof data !== 'object' || data === null || Array.isArray(data)) return []
  const cuts = (data as Record<string, unknown>)[CUTS_KEY]
  if (typeof cuts !== 'object' || cuts === null || Array.isArray(cuts)) return []
  const { shortened, moreShortened, geometry } = cuts as {
    shortened?: unknown
    moreShortened?: unknown
    geometry?: { method?: unknown; positions?: unknown; keptPositions?: unknown }
  }
  const sentences: string[] = []
  if (Array.isArray(shortened) && shortened.length > 0) {
    const more = typeof moreShortened === 'number' && moreShortened > 0 ? ` and ${formatCount(moreShortened)} more` : ''
    sentences.push(`Shortened: ${shortened.map(String).join(', ')}${more}.`)
  }
  if (geometry && typeof geometry.positions === 'number') {
    sentences.push(
      geometry.method === 'bounding-box'
        ? `The geometry (${formatCount(geometry.positions)} positions) is kept as its bounding box.`
        : `The geometry is thinned from ${formatCount(geometry.positions)} to ${formatCount(Number(geometry.keptPositions))} positions.`,
    )
  }
  return sentences
}
