import { describe, expect, it } from 'vitest'

import type { EventRow } from '../events/bulk-insert-events'
import { CHANGE_VALUE_CHARS, diffEvent, type StoredEventValues } from './event-changes'

const stored: StoredEventValues = {
  id: 7,
  uniqueId: 'row-1',
  title: 'Protest at the town hall',
  description: null,
  eventTime: new Date('2026-03-01T00:00:00Z'),
  eventEndTime: null,
  locationName: 'Lyon',
  longitude: 4.835,
  latitude: 45.764,
  data: { crowd: 200, organiser: 'CGT' },
}

function row(changes: Partial<EventRow>): EventRow {
  return {
    datasetId: 1,
    uniqueId: 'row-1',
    title: stored.title,
    description: null,
    eventTime: new Date('2026-03-01T00:00:00Z'),
    eventEndTime: null,
    timePrecision: 'day',
    longitude: 4.835,
    latitude: 45.764,
    locationName: 'Lyon',
    coordinateSource: 'source-columns',
    coordinatePrecision: null,
    coordinateConfidence: null,
    coordinateSourceColumns: null,
    coordinateProvider: null,
    data: { crowd: 200, organiser: 'CGT' },
    contentHash: null,
    importJobId: 3,
    sourceRow: 2,
    ...changes,
  }
}

describe('diffEvent', () => {
  it('finds nothing when the row writes the stored values again', () => {
    expect(diffEvent(stored, row({}))).toEqual([])
  })

  it('names each changed field with its old and new value', () => {
    const changes = diffEvent(
      stored,
      row({
        title: 'Protest at the prefecture',
        eventTime: new Date('2026-03-02T00:00:00Z'),
        longitude: 2.35,
        latitude: 48.85,
        data: { crowd: 450, organiser: 'CGT', police: 'no' },
      }),
    )
    expect(changes).toEqual([
      { field: 'title', before: 'Protest at the town hall', after: 'Protest at the prefecture' },
      { field: 'eventTime', before: '2026-03-01T00:00:00.000Z', after: '2026-03-02T00:00:00.000Z' },
      { field: 'location', before: [4.835, 45.764], after: [2.35, 48.85] },
      { field: 'data.crowd', before: 200, after: 450 },
      { field: 'data.police', before: null, after: 'no' },
    ])
  })

  it('lists a column gone from the row and a place lost', () => {
    const changes = diffEvent(stored, row({ longitude: null, latitude: null, data: { crowd: 200 } }))
    expect(changes).toEqual([
      { field: 'location', before: [4.835, 45.764], after: null },
      { field: 'data.organiser', before: 'CGT', after: null },
    ])
  })

  it('does not list the title’s column again among the row’s values', () => {
    const before = { ...stored, data: { title: 'Protest at the town hall', crowd: 200 } }
    const changes = diffEvent(before, row({ title: 'Protest moved', data: { title: 'Protest moved', crowd: 200 } }))
    expect(changes).toEqual([{ field: 'title', before: 'Protest at the town hall', after: 'Protest moved' }])
  })

  it('shortens long values so a run’s history stays small', () => {
    const [change] = diffEvent(stored, row({ description: 'x'.repeat(5000) }))
    expect(change!.field).toBe('description')
    expect(String(change!.after).length).toBe(CHANGE_VALUE_CHARS + 1)
  })
})
