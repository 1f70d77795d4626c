import { describe, expect, it } from 'vitest'

import type { StoredPlaceCorrection } from '../import/import-documents'
import { placedByHand, type EventPlacedByHand } from './placed-by'

const correction = (place: string, role?: StoredPlaceCorrection['role']): StoredPlaceCorrection => ({
  place,
  latitude: 1,
  longitude: 2,
  precision: 'city',
  label: role ? 'Xqzzyville, Ohio' : null,
  cached: false,
  eventsUpdated: 1,
  by: 3,
  ...(role ? { role } : {}),
  at: '2026-11-27T12:00:00Z',
})

describe('placedByHand', () => {
  const manual = { coordinates: { source: 'manual', geocodedQuery: 'xqzzy' } }
  it.each<[string, EventPlacedByHand, StoredPlaceCorrection[], ReturnType<typeof placedByHand>['role']]>([
    ["the owner's correction of the place", manual, [correction('xqzzy', 'owner')], 'owner'],
    ["an editor's correction", manual, [correction('xqzzy', 'editor')], 'editor'],
    ['a correction of another place', manual, [correction('dayton', 'admin')], null],
    ['a correction saved before roles were kept', manual, [correction('xqzzy')], null],
    [
      'a later hand edit of the location',
      { ...manual, handEdits: { location: { by: 9, role: 'admin', at: '2026-11-28T00:00:00Z' } } },
      [correction('xqzzy', 'owner')],
      'admin',
    ],
    ['no place', { coordinates: { source: 'manual' } }, [correction('xqzzy', 'owner')], null],
  ])('%s', (_name, event, corrections, expected) => {
    expect(placedByHand(event, corrections).role).toBe(expected)
  })
})

it("names the place the correction chose, not the file's spelling", () => {
  const event = { coordinates: { source: 'manual', geocodedQuery: 'xqzzy' } }
  expect(placedByHand(event, [correction('xqzzy', 'owner')])).toEqual({ role: 'owner', label: 'Xqzzyville, Ohio' })
})
