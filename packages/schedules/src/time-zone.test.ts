import { describe, expect, it } from 'vitest'

import { instantOfWallTime, isKnownTimeZone, offsetTransitions, wallTimeAt } from './time-zone'

const wall = (text: string) => Date.parse(`${text}Z`)
const iso = (instant: number) => new Date(instant).toISOString()

describe('wallTimeAt', () => {
  it('reads the local clock, half-hour zones included', () => {
    expect(iso(wallTimeAt(Date.parse('2026-01-15T12:00:00Z'), 'Europe/Berlin'))).toBe('2026-01-15T13:00:00.000Z')
    expect(iso(wallTimeAt(Date.parse('2026-07-15T12:00:00Z'), 'Europe/Berlin'))).toBe('2026-07-15T14:00:00.000Z')
    expect(iso(wallTimeAt(Date.parse('2026-07-15T12:00:00.250Z'), 'Asia/Kolkata'))).toBe('2026-07-15T17:30:00.250Z')
    expect(iso(wallTimeAt(Date.parse('2026-01-15T12:00:00Z'), 'Australia/Adelaide'))).toBe('2026-01-15T22:30:00.000Z')
  })
})

describe('instantOfWallTime', () => {
  const cases: [zone: string, local: string, expected: string, why: string][] = [
    ['Europe/Berlin', '2026-03-29T02:30', '2026-03-29T01:00:00.000Z', 'skipped: 03:00 CEST, the end of the gap'],
    ['Europe/Berlin', '2026-03-29T03:00', '2026-03-29T01:00:00.000Z', 'the first time after the gap'],
    ['Europe/Berlin', '2026-03-29T01:59', '2026-03-29T00:59:00.000Z', 'just before the gap'],
    ['Europe/Berlin', '2026-10-25T02:30', '2026-10-25T00:30:00.000Z', 'twice: the first, in CEST'],
    ['Europe/Berlin', '2026-10-25T03:00', '2026-10-25T02:00:00.000Z', 'after the repeated hour'],
    ['America/New_York', '2026-03-08T02:30', '2026-03-08T07:00:00.000Z', 'skipped: 03:00 EDT'],
    ['America/New_York', '2026-11-01T01:30', '2026-11-01T05:30:00.000Z', 'twice: the first, in EDT'],
    ['Australia/Adelaide', '2026-10-04T02:30', '2026-10-03T16:30:00.000Z', 'skipped: 03:00 ACDT'],
    ['Australia/Adelaide', '2026-04-05T02:30', '2026-04-04T16:00:00.000Z', 'twice: the first, in ACDT'],
    ['Asia/Kolkata', '2026-03-29T02:30', '2026-03-28T21:00:00.000Z', 'no daylight saving'],
    ['UTC', '2026-03-29T02:30', '2026-03-29T02:30:00.000Z', 'UTC'],
  ]
  it.each(cases)('%s %s → %s (%s)', (zone, local, expected) => {
    expect(iso(instantOfWallTime(wall(local), zone))).toBe(expected)
  })

  it('never decreases as the wall time increases, minute by minute through both changes', () => {
    for (const [zone, day] of [
      ['Europe/Berlin', '2026-03-29'],
      ['Europe/Berlin', '2026-10-25'],
      ['America/New_York', '2026-11-01'],
      ['Australia/Adelaide', '2026-10-04'],
      ['Australia/Lord_Howe', '2026-04-05'],
    ] as const) {
      let previous = Number.NEGATIVE_INFINITY
      for (let minute = 0; minute < 6 * 60; minute++) {
        const instant = instantOfWallTime(wall(`${day}T00:00`) + minute * 60_000, zone)
        expect(instant).toBeGreaterThanOrEqual(previous)
        previous = instant
      }
    }
  })
})

describe('offsetTransitions', () => {
  it('finds both changes of a year, to the second', () => {
    const year = [Date.parse('2026-01-01T00:00:00Z'), Date.parse('2027-01-01T00:00:00Z')] as const
    expect(offsetTransitions('Europe/Berlin', ...year)).toEqual([
      { at: Date.parse('2026-03-29T01:00:00Z'), before: 3_600_000, after: 7_200_000 },
      { at: Date.parse('2026-10-25T01:00:00Z'), before: 7_200_000, after: 3_600_000 },
    ])
    expect(offsetTransitions('Australia/Adelaide', ...year).map((change) => iso(change.at))).toEqual([
      '2026-04-04T16:30:00.000Z',
      '2026-10-03T16:30:00.000Z',
    ])
    expect(offsetTransitions('UTC', ...year)).toEqual([])
    expect(offsetTransitions('Asia/Kolkata', ...year)).toEqual([])
  })
})

describe('isKnownTimeZone', () => {
  it('knows IANA names and UTC, not made-up or empty ones', () => {
    expect(isKnownTimeZone('Europe/Berlin')).toBe(true)
    expect(isKnownTimeZone('UTC')).toBe(true)
    expect(isKnownTimeZone('Mars/Olympus_Mons')).toBe(false)
    expect(isKnownTimeZone(' ')).toBe(false)
  })
})
