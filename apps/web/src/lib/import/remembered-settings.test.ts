import type { EventMapping, ImportChoice } from '@chronotope/schema'
import { describe, expect, it } from 'vitest'

import { applyRememberedMapping, rememberImportSettings, withRememberedAnswers } from './remembered-settings'

const HEADERS = ['Date', 'City', 'Country', 'Event', 'Crowd']
const NO_LOCATION = { kind: 'none', confidence: 0, reason: '' } as const
const BY_CITY = { kind: 'address', address: { city: 'City', country: 'Country' }, confidence: 0.8, reason: '' } as const

// What the user settled on last time: "Event" is the title, dates are day first.
const REMEMBERED = rememberImportSettings(
  7,
  HEADERS,
  {
    title: 'Event',
    startTime: { field: 'Date' },
    location: BY_CITY,
    dateOrders: { Date: 'DMY' },
    idStrategy: { type: 'content-hash', hashFields: [], duplicateAction: 'update' },
  },
  {},
  new Date('2026-11-20T10:00:00Z'),
)

describe('applyRememberedMapping', () => {
  it('takes the roles the user settled on over a new guess', () => {
    const guessed: EventMapping = { title: 'City', startTime: { field: 'Date' }, location: BY_CITY }
    const { mapping, kept, dropped } = applyRememberedMapping(guessed, REMEMBERED, HEADERS)
    expect(mapping).toMatchObject({ title: 'Event', startTime: { field: 'Date' } })
    expect(kept).toEqual(['title', 'startTime', 'location'])
    expect(dropped).toEqual([])
  })

  it('keeps a role empty that the user emptied, unless the file brings a new column for it', () => {
    const remembered = { ...REMEMBERED, mapping: { ...REMEMBERED.mapping, title: undefined } }
    const guessedOld: EventMapping = { title: 'Crowd', location: NO_LOCATION }
    expect(applyRememberedMapping(guessedOld, remembered, HEADERS).mapping.title).toBeUndefined()
    const guessedNew: EventMapping = { title: 'Headline', location: NO_LOCATION }
    expect(applyRememberedMapping(guessedNew, remembered, [...HEADERS, 'Headline']).mapping.title).toBe('Headline')
  })

  it('detects a role anew when its remembered columns are gone', () => {
    const guessed: EventMapping = { title: 'Name', location: NO_LOCATION }
    const headers = ['Date', 'City', 'Country', 'Name']
    const { mapping, dropped } = applyRememberedMapping(guessed, REMEMBERED, headers)
    expect(mapping.title).toBe('Name')
    expect(dropped).toEqual(['title'])
  })

  it('leaves new coordinates alone when the last file had no place at all', () => {
    const remembered = { ...REMEMBERED, mapping: { ...REMEMBERED.mapping, location: NO_LOCATION } }
    const located = { kind: 'lat-lon', latitude: 'lat', longitude: 'lon', confidence: 1, reason: '' } as const
    const headers = [...HEADERS, 'lat', 'lon']
    expect(applyRememberedMapping({ location: located }, remembered, headers).mapping.location).toEqual(located)
  })
})

describe('rememberImportSettings', () => {
  it('keeps the mapping, and the options chosen or resolved', () => {
    expect(REMEMBERED).toEqual({
      importId: 7,
      at: '2026-11-20T10:00:00.000Z',
      headers: HEADERS,
      mapping: { title: 'Event', startTime: { field: 'Date' }, dateOrders: { Date: 'DMY' }, location: BY_CITY },
      options: { dateOrders: { Date: 'DMY' }, idStrategy: 'auto', duplicateAction: 'update' },
    })
  })
})

describe('withRememberedAnswers', () => {
  const choice = (column: string, isRequired: boolean) =>
    ({
      kind: 'date-order',
      column,
      isRequired,
      reason: '',
      examples: [],
      evidence: { dayFirstOnly: 0, monthFirstOnly: 0, either: 3, yearFirst: 0 },
    }) as unknown as ImportChoice

  it('answers only the date columns this file leaves undecided', () => {
    const options = withRememberedAnswers({}, REMEMBERED, [choice('Date', true), choice('Other', true)])
    expect(options.dateOrders).toEqual({ Date: 'DMY' })
    expect(withRememberedAnswers({}, REMEMBERED, [choice('Date', false)])).toEqual({})
  })

  it('never overrides what the user answered now', () => {
    expect(withRememberedAnswers({ dateOrders: { Date: 'MDY' } }, REMEMBERED, [choice('Date', true)])).toEqual({
      dateOrders: { Date: 'MDY' },
    })
    expect(withRememberedAnswers({ dateOrder: 'YMD' }, REMEMBERED, [choice('Date', true)])).toEqual({
      dateOrder: 'YMD',
    })
  })

  it('remembers and answers a pair column’s order like a date order', () => {
    const pairChoice = { ...(choice('Location', true) as object), kind: 'coordinate-order' } as unknown as ImportChoice
    const remembered = rememberImportSettings(
      8,
      ['Location'],
      {
        location: { kind: 'combined', combined: 'Location', confidence: 1, reason: '' },
        coordinateOrders: { Location: 'lon-lat' },
      },
      {},
      new Date('2026-11-21T10:00:00.000Z'),
    )
    expect(remembered.options).toEqual({ coordinateOrders: { Location: 'lon-lat' } })
    expect(withRememberedAnswers({}, remembered, [pairChoice])).toEqual({ coordinateOrders: { Location: 'lon-lat' } })
    expect(
      withRememberedAnswers({ coordinateOrders: { Location: 'lat-lon' } }, remembered, [pairChoice]).coordinateOrders,
    ).toEqual({ Location: 'lat-lon' })
  })
})
