import { describe, expect, it } from 'vitest'

import { hasFractionPart, parseNumberText } from './number-text'
import type { DecimalSeparator } from './number-text'

describe('parseNumberText', () => {
  it.each<[string, DecimalSeparator, number | undefined]>([
    ['1234', '.', 1234],
    ['-17', '.', -17],
    ['+3.5', '.', 3.5],
    ['−4', '.', -4],
    ['.5', '.', 0.5],
    ['1,234', '.', 1234],
    ['1,234,567.89', '.', 1234567.89],
    ['1 234', '.', 1234],
    ['1\u00a0234,5', ',', 1234.5],
    ["1'234'567", '.', 1234567],
    ['1.234,5', ',', 1234.5],
    ['1.234', ',', 1234],
    ['1,234', ',', 1.234],
    ['1,5', ',', 1.5],
    ['$1,200', '.', 1200],
    ['-$5', '.', -5],
    ['$-5', '.', -5],
    ['12 €', ',', 12],
    ['12%', '.', 12],
    ['(1,200)', '.', -1200],
    ['1.5e3', '.', 1500],
    ['2E-2', '.', 0.02],
    ['007', '.', 7],
    // Malformed or hostile: never numbers.
    ['1,23', '.', undefined],
    ['1,2345', '.', undefined],
    ['0,123', '.', undefined],
    ['1234,567', '.', undefined],
    ['1.234.567', '.', undefined],
    ['1,5', '.', undefined],
    ['1e400', '.', undefined],
    ['Infinity', '.', undefined],
    ['NaN', '.', undefined],
    ['0x1A', '.', undefined],
    ['12abc', '.', undefined],
    ['1.', '.', undefined],
    ['', '.', undefined],
    ['-', '.', undefined],
    ['$', '.', undefined],
    ['%', '.', undefined],
    ['--5', '.', undefined],
    ['(-5)', '.', undefined],
    ['1,000e3', '.', undefined],
    ['9'.repeat(65), '.', undefined],
    ['1' + ',000'.repeat(100000), '.', undefined],
  ])('reads %j with decimal %j as %j', (text, separator, expected) => {
    expect(parseNumberText(text, separator)).toBe(expected)
  })
})

describe('hasFractionPart', () => {
  it.each<[string, DecimalSeparator, boolean]>([
    ['1.0', '.', true],
    ['1,000', '.', false],
    ['1,000', ',', true],
    ['5e-1', '.', true],
    ['5e3', '.', false],
  ])('%j with decimal %j → %j', (text, separator, expected) => {
    expect(hasFractionPart(text, separator)).toBe(expected)
  })
})
