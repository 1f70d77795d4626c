/**
 * The words of the geocoding report: why a place was not placed, who placed one by hand.
 * @module
 */
import type { NotPlacedPlace } from '@chronotope/geocoding'

/** In what role someone corrected a place, as the import progress reports it. */
export type CorrectorRole = 'owner' | 'editor' | 'admin'

/**
 * Who placed a place by hand, after "by": the role, then the name they gave themselves.
 * @example correctionAuthor('owner', 'Ana Lima') // 'its owner (Ana Lima)'
 * @example correctionAuthor('editor', null) // 'an editor'
 * @example correctionAuthor(undefined, null) // 'a user'
 */
export function correctionAuthor(role: CorrectorRole | undefined, name: string | null): string {
  const who =
    role === 'owner' ? 'its owner' : role === 'editor' ? 'an editor' : role === 'admin' ? 'an admin' : 'a user'
  return name ? `${who} (${name})` : who
}

/**
 * Why a place is not on the map, in a few words.
 * @example notPlacedReason({ query: 'москва россия', reason: 'below-minimum', candidates: [{ label: 'Russia', precision: 'country', confidence: 0.29, … }] }, 0.5) // 'only the country matched (29 % sure; 50 % needed)'
 * @example notPlacedReason({ query: 'xqzzy', reason: 'not-found', candidates: [] }, 0.5) // 'not found'
 */
export function notPlacedReason(place: NotPlacedPlace, minimumConfidence: number): string {
  if (place.reason === 'failed') return 'the geocoder failed; retry the import or place it by hand'
  if (place.reason === 'not-found') return 'not found'
  const best = place.candidates[0]
  const needed = `${Math.round(minimumConfidence * 100)} % needed`
  if (!best) return `no match was sure enough (${needed})`
  const sure = `${Math.round(best.confidence * 100)} % sure; ${needed}`
  if (best.precision === 'country') return `only the country matched (${sure})`
  if (best.precision === 'region') return `only the region matched (${sure})`
  return `not sure enough (${sure})`
}
