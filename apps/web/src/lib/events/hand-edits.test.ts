import { describe, expect, it } from 'vitest'

import { changedEventFields, handEditRole, recordHandEdits, type EditableEvent } from './hand-edits'

const EVENT: EditableEvent = {
  title: 'March in Lyon',
  description: null,
  eventTime: '2024-03-01T00:00:00.000Z',
  timePrecision: 'day',
  location: [4.84, 45.76],
  locationName: 'Lyon',
  data: { crowd: 1200, city: 'Lyon' },
}

describe('changedEventFields', () => {
  it.each<[string, EditableEvent, string[]]>([
    ['nothing sent', {}, []],
    ['the same values sent back', { ...EVENT }, []],
    ['the same instant written another way', { eventTime: new Date('2024-03-01T00:00:00Z') }, []],
    ['a new title', { title: 'March in Lyon (corrected)' }, ['title']],
    ['a title emptied', { title: null }, ['title']],
    ['a new time', { eventTime: '2024-01-03T00:00:00.000Z' }, ['eventTime']],
    ['a new precision only', { timePrecision: 'month' }, ['eventTime']],
    ['a moved point', { location: [4.85, 45.76] }, ['location']],
    ['a point removed', { location: null }, ['location']],
    ['a renamed place', { locationName: 'Lyon, France' }, ['location']],
    ['one value of the row', { data: { crowd: 1500, city: 'Lyon' } }, ['data.crowd']],
    ['a value removed and one added', { data: { crowd: 1200, town: 'Lyon' } }, ['data.city', 'data.town']],
  ])('%s', (_, update, expected) => {
    expect(changedEventFields(EVENT, update).sort()).toEqual([...expected].sort())
  })
})

describe('recordHandEdits', () => {
  it('keeps earlier edits and lets the newest edit of a field win', () => {
    const first = { by: 3, role: 'owner' as const, at: '2026-11-27T10:00:00.000Z' }
    const second = { by: 2, role: 'editor' as const, at: '2026-11-27T11:00:00.000Z' }
    const once = recordHandEdits(null, ['title', 'location'], first)
    expect(recordHandEdits(once, ['title'], second)).toEqual({ title: second, location: first })
  })
})

describe('handEditRole', () => {
  it.each([
    [{ id: 7, role: 'user' }, 7, 'owner'],
    [{ id: 7, role: 'admin' }, '7', 'owner'],
    [{ id: 7, role: 'editor' }, 8, 'editor'],
    [{ id: 7, role: 'admin' }, null, 'admin'],
  ] as const)('%o editing a dataset of owner %s is credited as %s', (user, owner, role) => {
    expect(handEditRole(user, owner)).toBe(role)
  })
})
