import { describe, expect, it } from 'vitest'

import { describePublishing, describeVisibility, type PublishingFacts } from './describe-publishing'

const PRIVATE: PublishingFacts = {
  isPublic: false,
  events: 294,
  placedEvents: 275,
  fields: ['City', 'Crowd'],
  catalogName: 'Protests',
  isCatalogPublic: false,
  mayPublishCatalog: true,
}

describe('describePublishing', () => {
  it('says what becomes visible and that the catalog goes public too', () => {
    expect(describePublishing(PRIVATE)).toEqual([
      'Anyone, without signing in, will see its 294 events: titles, times, the 275 places on the map and every field (City, Crowd), in the explore view, on each event page, in embeds and exports.',
      'Its catalog "Protests" becomes public too (its other datasets stay private until they are published).',
    ])
  })

  it('says when the catalog keeps it hidden', () => {
    expect(describePublishing({ ...PRIVATE, mayPublishCatalog: false })[1]).toMatch(/stays hidden until an editor/)
  })

  it('says what unpublishing takes away', () => {
    expect(describePublishing({ ...PRIVATE, isPublic: true, isCatalogPublic: true })).toEqual([
      'Its 294 events will be visible only to you, editors and admins again. Shared links and embeds of it will show nothing to anyone else.',
    ])
  })
})

describe('describeVisibility', () => {
  it.each<[Partial<PublishingFacts>, RegExp]>([
    [{}, /^Private/],
    [{ isPublic: true }, /hidden: its catalog "Protests" is private/],
    [{ isPublic: true, isCatalogPublic: true }, /^Public: anyone/],
  ])('%o', (change, expected) => {
    expect(describeVisibility({ ...PRIVATE, ...change })).toMatch(expected)
  })
})
