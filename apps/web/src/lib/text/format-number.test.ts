import { describe, expect, it } from 'vitest'

import { countOf, formatCount, formatNumber } from './format-number'

/** What the browser's own English formatter writes, which formatNumber must match. */
const intl = (value: number, maxFractionDigits = 3) =>
  new Intl.NumberFormat('en', { maximumFractionDigits: maxFractionDigits }).format(value)

describe('formatNumber', () => {
  it('writes counts with thousands separators', () => {
    expect(formatCount(0)).toBe('0')
    expect(formatCount(999)).toBe('999')
    expect(formatCount(1000)).toBe('1,000')
    expect(formatCount(12408)).toBe('12,408')
    expect(formatCount(1_000_000)).toBe('1,000,000')
    expect(formatCount(-45_000)).toBe('-45,000')
  })

  it('rounds on the decimal form people wrote, half up, and drops trailing zeros', () => {
    expect(formatNumber(1.005, 2)).toBe('1.01')
    expect(formatNumber(2.5, 0)).toBe('3')
    expect(formatNumber(-2.5, 0)).toBe('-3')
    expect(formatNumber(9.9995)).toBe('10')
    expect(formatNumber(0.1234567, 6)).toBe('0.123457')
    expect(formatNumber(1.5)).toBe('1.5')
  })

  it('writes what Intl.NumberFormat("en") writes, for edge cases and for many numbers', () => {
    const values = [
      0,
      -0,
      0.5,
      -0.0001,
      1e-7,
      123.456789,
      999_999.9999,
      1e20,
      1e21,
      -1e22,
      Infinity,
      -Infinity,
      NaN,
      Number.MAX_SAFE_INTEGER,
      0.1 + 0.2,
      1234.5675,
    ]
    // A fixed sequence of varied magnitudes and decimals (no Math.random: the same cases every run).
    for (let i = 1; i < 2000; i++) values.push(((i * 7919) % 104729) * 10 ** ((i % 13) - 6) * (i % 3 === 0 ? -1 : 1))
    for (const value of values) {
      for (const digits of [0, 2, 3, 6])
        expect(formatNumber(value, digits), `${value} to ${digits}`).toBe(intl(value, digits))
    }
  })
})

describe('countOf', () => {
  it('names the noun in the singular for one and in the plural otherwise', () => {
    expect(countOf(1, 'event')).toBe('1 event')
    expect(countOf(0, 'event')).toBe('0 events')
    expect(countOf(2500, 'row')).toBe('2,500 rows')
    expect(countOf(3, 'match', 'matches')).toBe('3 matches')
  })
})
