import { describe, expect, it } from 'vitest'

import { readDecimal, readWholeNumber } from './read-parameter'

describe('readDecimal', () => {
  it.each<[string, number | undefined]>([
    ['12', 12],
    ['-12.5', -12.5],
    ['+3', 3],
    ['.5', 0.5],
    ['5.', 5],
    ['1e3', 1000],
    ['1E-3', 0.001],
    ['-0', 0],
    ['1e999', undefined],
    ['-1e999', undefined],
    ['NaN', undefined],
    ['Infinity', undefined],
    ['0x10', undefined],
    ['0b1', undefined],
    ['', undefined],
    [' ', undefined],
    ['1,5', undefined],
    ['12abc', undefined],
  ])('reads %j as %s', (text, expected) => {
    expect(readDecimal(text)).toBe(expected)
  })

  it('gives positive zero for -0, so states compare equal', () => {
    expect(Object.is(readDecimal('-0'), 0)).toBe(true)
  })
})

describe('readWholeNumber', () => {
  it.each<[string, number | undefined]>([
    ['0', 0],
    ['42', 42],
    ['007', 7],
    ['100', 100],
    ['101', undefined],
    ['-1', undefined],
    ['1.0', undefined],
    ['1e2', undefined],
    ['99999999999999999', undefined],
    ['', undefined],
  ])('reads %j (at most 100) as %s', (text, expected) => {
    expect(readWholeNumber(text, 100)).toBe(expected)
  })
})
