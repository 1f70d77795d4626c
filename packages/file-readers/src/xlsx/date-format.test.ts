import { describe, expect, it } from 'vitest'

import { columnIndex } from './cell-reference'
import { isBuiltinDateFormat, isDateFormatCode } from './date-format'

describe('isDateFormatCode', () => {
  it.each([
    { code: 'yyyy-mm-dd', expected: true },
    { code: 'dd/mm/yyyy;@', expected: true },
    { code: 'h:mm AM/PM', expected: true },
    { code: '[$-409]mmmm d, yyyy', expected: true },
    { code: '[h]:mm:ss', expected: true },
    { code: 'General', expected: false },
    { code: '0.00', expected: false },
    { code: '#,##0.00 "days";[Red]-#,##0.00', expected: false },
    { code: '0.00E+00', expected: false },
    { code: '\\d0', expected: false },
    { code: '@', expected: false },
  ])('$code → $expected', ({ code, expected }) => {
    expect(isDateFormatCode(code)).toBe(expected)
  })

  it.each([
    { id: 14, expected: true },
    { id: 22, expected: true },
    { id: 45, expected: true },
    { id: 0, expected: false },
    { id: 2, expected: false },
    { id: 49, expected: false },
  ])('built-in $id → $expected', ({ id, expected }) => {
    expect(isBuiltinDateFormat(id)).toBe(expected)
  })
})

describe('columnIndex', () => {
  it.each([
    { reference: 'A1', expected: 0 },
    { reference: 'B2', expected: 1 },
    { reference: 'Z9', expected: 25 },
    { reference: 'AA10', expected: 26 },
    { reference: 'XFD1048576', expected: 16383 },
    { reference: '12', expected: -1 },
  ])('$reference → $expected', ({ reference, expected }) => {
    expect(columnIndex(reference)).toBe(expected)
  })
})
