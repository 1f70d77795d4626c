import { describe, expect, it } from 'vitest'

import { excelSerialToIso } from './excel-date'

describe('excelSerialToIso', () => {
  it.each([
    { serial: 1, is1904: false, expected: '1900-01-01' },
    { serial: 59, is1904: false, expected: '1900-02-28' },
    // Lotus' phantom 1900-02-29 is serial 60; from 61 on, serials are one day "late".
    { serial: 61, is1904: false, expected: '1900-03-01' },
    { serial: 25569, is1904: false, expected: '1970-01-01' },
    { serial: 45292, is1904: false, expected: '2024-01-01' },
    { serial: 45292.5, is1904: false, expected: '2024-01-01T12:00:00' },
    { serial: 45292.999999, is1904: false, expected: '2024-01-02' },
    { serial: 0.75, is1904: false, expected: '18:00:00' },
    { serial: 0, is1904: true, expected: '1904-01-01' },
    { serial: 43830, is1904: true, expected: '2024-01-01' },
    { serial: -1, is1904: false, expected: undefined },
    { serial: Number.NaN, is1904: false, expected: undefined },
  ])('converts $serial (1904: $is1904)', ({ serial, is1904, expected }) => {
    expect(excelSerialToIso(serial, is1904)).toBe(expected)
  })
})
