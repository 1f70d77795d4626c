import { describe, expect, it } from 'vitest'

import { checksViewOnMatches, VIEW_TO_MATCHES_FOR_INDEX } from './search-view-plan'

describe('checksViewOnMatches', () => {
  it("checks a wide view on a search's matches and maps a narrow one through the spatial index", () => {
    // Ten million events: Europe holds 1.9 million, a word in 1 % of titles matches 100,000.
    expect(checksViewOnMatches(1_900_000, 100_000)).toBe(true)
    // Paris holds a few thousand by the planner's estimate, a common word matches 2 million.
    expect(checksViewOnMatches(4_526, 2_046_133)).toBe(false)
    expect(checksViewOnMatches(4_526, 100_000)).toBe(false)
  })

  it('keeps the spatial index up to the ratio, and only past it checks the matches', () => {
    expect(checksViewOnMatches(VIEW_TO_MATCHES_FOR_INDEX * 1_000, 1_000)).toBe(false)
    expect(checksViewOnMatches(VIEW_TO_MATCHES_FOR_INDEX * 1_000 + 1, 1_000)).toBe(true)
  })
})
