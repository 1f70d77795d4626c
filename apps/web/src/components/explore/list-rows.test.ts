import { describe, expect, it } from 'vitest'

import { eventTimeText, listCountText, nextRowIndex, shouldFetchMore } from './list-rows'

describe('eventTimeText', () => {
  it.each<[string | null, string | null, string | null, string]>([
    ['1921-03-01T00:00:00.000Z', null, 'month', 'March 1921'],
    ['-000489-01-01T00:00:00.000Z', null, 'year', '490 BC'],
    ['2015-03-03T10:25:00.000Z', '2015-03-05T00:00:00.000Z', 'day', '3 March 2015 – 5 March 2015'],
    ['2015-03-03T10:25:00.000Z', '2015-03-03T18:00:00.000Z', 'day', '3 March 2015'],
    ['2015-03-03T10:25:00.000Z', null, 'minute', '3 March 2015, 10:25 UTC'],
    ['2015-03-03T10:25:00.000Z', null, null, '3 March 2015'],
    ['2015-03-03T10:25:00.000Z', null, 'fortnight', '3 March 2015'],
    [null, null, null, 'No date'],
  ])('%s to %s at %s → %j', (eventTime, eventEndTime, timePrecision, text) => {
    expect(eventTimeText({ eventTime, eventEndTime, timePrecision })).toBe(text)
  })
})

describe('listCountText', () => {
  it.each<[number, number | undefined, string]>([
    [300, 12408, 'Showing 300 of 12,408 events'],
    [12, 12, '12 events'],
    [1, 1, '1 event'],
    [0, 0, '0 events'],
    [100, undefined, 'Showing 100 events'],
  ])('%i of %s', (loaded, total, text) => {
    expect(listCountText(loaded, total)).toBe(text)
  })
})

describe('nextRowIndex', () => {
  it.each<[string, number, number | undefined]>([
    ['ArrowDown', 4, 5],
    ['ArrowDown', 9, 9],
    ['ArrowUp', 0, 0],
    ['ArrowUp', 4, 3],
    ['PageDown', 4, 9],
    ['PageUp', 4, 0],
    ['Home', 4, 0],
    ['End', 4, 9],
    ['Enter', 4, undefined],
  ])('%s from %i', (key, current, expected) => {
    expect(nextRowIndex(key, current, 10, 6)).toBe(expected)
  })

  it('does nothing in an empty list', () => {
    expect(nextRowIndex('ArrowDown', 0, 0, 6)).toBeUndefined()
  })
})

describe('shouldFetchMore', () => {
  const ready = { hasNextPage: true, isFetching: false }
  it.each<[number | undefined, { hasNextPage: boolean; isFetching: boolean }, boolean]>([
    [50, ready, false],
    [79, ready, true],
    [99, ready, true],
    [99, { hasNextPage: false, isFetching: false }, false],
    [99, { hasNextPage: true, isFetching: true }, false],
    [undefined, ready, false],
  ])('last drawn %s', (last, state, expected) => {
    expect(shouldFetchMore(last, 100, state)).toBe(expected)
  })
})
