import type { NotPlacedPlace, SuggestedPlace } from '@chronotope/geocoding'
import { describe, expect, it } from 'vitest'

import { correctionAuthor, notPlacedReason } from './geocoding-report-text'

function candidate(precision: SuggestedPlace['precision'], confidence: number): SuggestedPlace {
  return { label: 'Somewhere', latitude: 0, longitude: 0, precision, confidence, provider: 'offline' }
}

describe('correctionAuthor', () => {
  it.each<[Parameters<typeof correctionAuthor>[0], string | null, string]>([
    ['owner', null, 'its owner'],
    ['owner', 'Ana Lima', 'its owner (Ana Lima)'],
    ['editor', null, 'an editor'],
    ['admin', 'Sam', 'an admin (Sam)'],
    [undefined, null, 'a user'],
  ])('%s, %s → %s', (role, name, expected) => {
    expect(correctionAuthor(role, name)).toBe(expected)
  })
})

describe('notPlacedReason', () => {
  it.each<[NotPlacedPlace, string]>([
    [
      { query: 'москва россия', reason: 'below-minimum', candidates: [candidate('country', 0.291)] },
      'only the country matched (29 % sure; 50 % needed)',
    ],
    [
      { query: 'nowhere iowa', reason: 'below-minimum', candidates: [candidate('region', 0.45)] },
      'only the region matched (45 % sure; 50 % needed)',
    ],
    [
      { query: 'sprngfield', reason: 'below-minimum', candidates: [candidate('city', 0.233)] },
      'not sure enough (23 % sure; 50 % needed)',
    ],
    [{ query: 'xqzzy', reason: 'not-found', candidates: [] }, 'not found'],
    [{ query: 'x', reason: 'failed', candidates: [] }, 'the geocoder failed; retry the import or place it by hand'],
  ])('%j → %s', (place, expected) => {
    expect(notPlacedReason(place, 0.5)).toBe(expected)
  })
})
