import { describe, expect, it } from 'vitest'
import { daysFromCivil, daysInMonth, formatIsoInstant, isLeapYear } from './calendar'

describe('isLeapYear and daysInMonth', () => {
  it.each([
    [2000, 2, 29],
    [1900, 2, 28],
    [2021, 2, 28],
    [2024, 2, 29],
    [0, 2, 29],
    [-4, 2, 29],
    [-1, 2, 28],
    [2021, 4, 30],
    [2021, 12, 31],
    [2021, 1, 31],
  ])('%i-%i has %i days', (year, month, days) => {
    expect(daysInMonth(year, month)).toBe(days)
    expect(isLeapYear(year)).toBe(month === 2 ? days === 29 : isLeapYear(year))
  })
})

describe('daysFromCivil', () => {
  it.each([
    [1970, 1, 1],
    [1970, 1, 2],
    [1969, 12, 31],
    [2000, 2, 29],
    [1900, 3, 1],
    [1, 1, 1],
    [99, 12, 31],
    [275_760, 9, 13],
  ])('%i-%i-%i matches Date.UTC', (year, month, day) => {
    const date = new Date(0)
    date.setUTCFullYear(year, month - 1, day)
    expect(daysFromCivil(year, month, day) * 86_400_000).toBe(date.getTime())
  })

  it.each([
    [0, 1, 1, Date.parse('0000-01-01T00:00:00Z') / 86_400_000],
    [-43, 3, 15, Date.parse('-000043-03-15T00:00:00Z') / 86_400_000],
  ])('counts astronomical years: %i-%i-%i', (year, month, day, days) => {
    expect(daysFromCivil(year, month, day)).toBe(days)
  })
})

describe('formatIsoInstant writes what toISOString writes', () => {
  const instants = [
    0,
    1,
    -1,
    999,
    86_399_999,
    1_617_408_000_123,
    -2_182_506_000_000,
    -62_167_219_200_000,
    -62_167_219_200_001,
    -3_345_062_400_000 * 10,
    253_402_300_799_999,
    253_402_300_800_000,
    8.64e15,
    -8.64e15,
    // A deterministic sweep across ±300,000 years in uneven steps.
    ...Array.from({ length: 400 }, (_, index) => Math.round((index - 200) * 4.3e13 + index * 7_919_123)),
  ]
  it.each(instants.map((instant) => [instant]))('%i', (instant) => {
    expect(formatIsoInstant(instant)).toBe(new Date(instant).toISOString())
  })
})
