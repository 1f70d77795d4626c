import { describe, expect, it } from 'vitest'

import { draftOfEvent, eventEditPatch, type EditableEventView } from './event-edit'

const EVENT: EditableEventView = {
  title: 'March in Lyon',
  eventTime: '2024-03-01T00:00:00.000Z',
  eventEndTime: null,
  timePrecision: 'day',
  location: [4.84, 45.76],
  locationName: 'Lyon',
  data: { city: 'Lyon', crowd: 1200, geometry: { type: 'Point' }, note: null },
}

describe('draftOfEvent', () => {
  it('writes the time as people do, at its precision, and leaves nested cells out', () => {
    expect(draftOfEvent(EVENT)).toEqual({
      title: 'March in Lyon',
      start: '1 March 2024',
      end: '',
      place: { longitude: 4.84, latitude: 45.76, label: 'Lyon', precision: 'unchanged' },
      fields: { city: 'Lyon', crowd: '1200', note: '' },
    })
    expect(draftOfEvent({ eventTime: '-000489-09-12T00:00:00.000Z', timePrecision: 'year' }).start).toBe('490 BC')
  })
})

describe('eventEditPatch', () => {
  const draft = draftOfEvent(EVENT)
  it.each<[string, Partial<ReturnType<typeof draftOfEvent>>, unknown]>([
    ['nothing changed', {}, { patch: {} }],
    ['the title', { title: ' March in Lyon (corrected) ' }, { patch: { title: 'March in Lyon (corrected)' } }],
    [
      'the time, to the minute',
      { start: '2024-03-02 14:30' },
      { patch: { eventTime: '2024-03-02T14:30:00.000Z', eventEndTime: null, timePrecision: 'minute' } },
    ],
    [
      'a year and an end',
      { start: '1848', end: '1849' },
      {
        patch: {
          eventTime: '1848-01-01T00:00:00.000Z',
          eventEndTime: '1849-01-01T00:00:00.000Z',
          timePrecision: 'year',
        },
      },
    ],
    ['an end before the start', { end: '1 January 2020' }, { errors: { end: 'The end comes before the start.' } }],
    [
      'a place found by name',
      { place: { longitude: -1.55, latitude: 47.22, label: 'Nantes, France', precision: 'city' } },
      { patch: { location: [-1.55, 47.22], locationName: 'Nantes, France', coordinates: { precision: 'city' } } },
    ],
    ['no place', { place: null }, { patch: { location: null, locationName: null } }],
    [
      'a number field stays a number',
      { fields: { ...draft.fields, crowd: '1,500' } },
      { patch: { data: { ...(EVENT.data as object), crowd: 1500 } } },
    ],
    [
      'a text field',
      { fields: { ...draft.fields, city: 'Lyon 7e' } },
      { patch: { data: { ...(EVENT.data as object), city: 'Lyon 7e' } } },
    ],
  ])('%s', (_name, change, expected) => {
    expect(eventEditPatch(EVENT, { ...draft, ...change })).toEqual(expected)
  })

  it('names an unreadable time', () => {
    const result = eventEditPatch(EVENT, { ...draft, start: 'soon' })
    expect('errors' in result && result.errors.start).toMatch(/^Start "soon" is not a date/)
  })
})
