import { describe, expect, it } from 'vitest'

import { decodeCursor, encodeCursor } from './event-cursor'
import type { EventCursor } from './event-cursor'
import { filterError } from './filter-error-matcher'

const notACursor = 'cursor: is not a cursor from a previous page of this list; start again without it'

describe('encodeCursor and decodeCursor', () => {
  it.each<[string, EventCursor]>([
    ['a time and an id', { t: '2020-06-30T12:00:00.000Z', id: 42 }],
    ['an event without a time', { t: null, id: 7 }],
    ['a BCE time', { t: '0044-03-15T00:00:00.000Z BC', id: 2_147_483_647 }],
    ['a year past 9999', { t: '10000-01-01T00:00:00.000Z', id: 1 }],
  ])('reads back %s', (_, cursor) => {
    const text = encodeCursor(cursor)
    expect(text).toMatch(/^[A-Za-z0-9_-]+$/)
    expect(decodeCursor(text)).toEqual(cursor)
  })

  it('writes the same cursor the same way', () => {
    expect(encodeCursor({ t: '2020-06-30T12:00:00.000Z', id: 42 })).toBe(
      'eyJ0IjoiMjAyMC0wNi0zMFQxMjowMDowMC4wMDBaIiwiaWQiOjQyfQ',
    )
  })

  it('reads a time written by toISOString as PostgreSQL reads it', () => {
    const text = btoa(JSON.stringify({ t: '-000043-03-15T00:00:00.000Z', id: 3 })).replace(/=+$/, '')
    expect(decodeCursor(text)).toEqual({ t: '0044-03-15T00:00:00.000Z BC', id: 3 })
  })

  it.each<[string, EventCursor]>([
    ['a time it does not write', { t: '2020-06-30', id: 1 }],
    ['id 0', { t: null, id: 0 }],
    ['a fractional id', { t: null, id: 1.5 }],
  ])('refuses to write %s', (_, cursor) => {
    expect(() => encodeCursor(cursor)).toThrow(RangeError)
  })

  const encode = (value: unknown) =>
    btoa(JSON.stringify(value)).replaceAll('+', '-').replaceAll('/', '_').replace(/=+$/, '')
  it.each<[string, string]>([
    ['an empty string', ''],
    ['characters outside base64url', 'eyJ0Ijpud+xs/LCJpZCI6N30='],
    ['base64 that is not JSON', encode('x').slice(0, 2) + 'AAAA'],
    ['JSON that is not an object', encode(42)],
    ['null', encode(null)],
    ['a missing id', encode({ t: null })],
    ['a negative id', encode({ t: null, id: -1 })],
    ['an id past 2^53', encode({ t: null, id: 2 ** 53 })],
    ['an id as text', encode({ t: null, id: '1' })],
    ['a time that is a number', encode({ t: 0, id: 1 })],
    ['a date that does not exist', encode({ t: '2021-02-30T00:00:00.000Z', id: 1 })],
    ['SQL in the time', encode({ t: "2020'; drop table events; --", id: 1 })],
    ['a very long cursor', 'A'.repeat(201)],
  ])('refuses %s', (_, text) => {
    expect(() => decodeCursor(text)).toThrow(filterError('cursor', notACursor))
  })
})
