import { parseFilterDate } from '@chronotope/filters'
import { describe, expect, it } from 'vitest'

import {
  dateOrderProblem,
  filterTextToWrittenDate,
  parseDateInput,
  sameFilterDate,
  writtenDateToFilterText,
} from './filter-date-input'

describe('parseDateInput', () => {
  it.each<[string, string | null]>([
    ['1914', '1914'],
    [' 1914-07 ', '1914-07'],
    ['1914-07-28', '1914-07-28'],
    ['490 BC', '-0489'],
    ['490 bce', '-0489'],
    ['490BC', '-0489'],
    ['1 BC', '0000'],
    ['-0489', '-0489'],
    ['-0489-03-15', '-0489-03-15'],
    ['AD 79', '0079'],
    ['79 AD', '0079'],
    ['79', '0079'],
    ['2020-06-30T12:00:00Z', '2020-06-30T12:00:00Z'],
    ['March 1921', '1921-03'],
    ['28 July 1914', '1914-07-28'],
    ['July 28, 1914', '1914-07-28'],
    ['March 44 BC', '-0043-03'],
    ['', null],
    ['   ', null],
  ])('reads %j as %j', (typed, expected) => {
    expect(parseDateInput('start', typed)).toEqual({ ok: true, value: expected })
  })

  it.each<[string, RegExp]>([
    ['soon', /^Write a date such as 1914, 1914-07, 1914-07-28, March 1921 or 490 BC$/],
    ['03/04/2021', /^Write a date such as/],
    ['0 BC', /^Write a date such as/],
    ['Marchember 1921', /^Write a date such as/],
    ['1914-02-30', /^1914-02-30 is not a valid ISO 8601 date: February has 28 days in 1914$/],
    ['1914-13', /^1914-13 is not a valid/],
  ])('refuses %j', (typed, message) => {
    const result = parseDateInput('end', typed)
    expect(result.ok).toBe(false)
    if (!result.ok) expect(result.message).toMatch(message)
  })

  it('refuses an end before the earliest date the database stores', () => {
    const result = parseDateInput('end', '5000 BC')
    expect(result).toEqual({ ok: false, message: expect.stringMatching(/before the earliest date/) })
  })
})

describe('writtenDateToFilterText', () => {
  it.each<[string, string]>([
    ['44 BC', '-0043'],
    ['a.d. 1066', '1066'],
    ['1066', '1066'],
    ['not a date', 'not a date'],
  ])('%j → %j', (typed, expected) => {
    expect(writtenDateToFilterText(typed)).toBe(expected)
  })
})

describe('filterTextToWrittenDate', () => {
  it.each<['start' | 'end', string | null, string]>([
    ['start', null, ''],
    ['start', '-0489', '490 BC'],
    ['start', '-000489', '490 BC'],
    ['start', '0000', '1 BC'],
    ['start', '0079', 'AD 79'],
    ['start', '1914', '1914'],
    ['start', '1914-07', '1914-07'],
    ['start', '1914-07-28T00:00:00.000Z', '1914-07-28'],
    ['end', '1914-07-28T00:00:00.000Z', '1914-07-28T00:00:00.000Z'],
    ['end', '1918-11-11T23:59:59.999Z', '1918-11-11'],
    ['start', '1918-11-11T23:59:59.999Z', '1918-11-11T23:59:59.999Z'],
    ['start', '-000489-09-12T00:00:00.000Z', '-000489-09-12'],
  ])('%s %j is written %j', (bound, text, expected) => {
    expect(filterTextToWrittenDate(bound, text)).toBe(expected)
  })

  it.each<['start' | 'end', string]>([
    ['start', '-0489'],
    ['end', '0079'],
    ['start', '1914-07-28T00:00:00.000Z'],
    ['end', '1918-11-11T23:59:59.999Z'],
    ['start', '-000489-09-12T00:00:00.000Z'],
  ])('reads %s %j back to the same instant', (bound, text) => {
    const result = parseDateInput(bound, filterTextToWrittenDate(bound, text))
    if (!result.ok || result.value === null) throw new Error(`not read back: ${JSON.stringify(result)}`)
    expect(parseFilterDate(bound, result.value)).toBe(parseFilterDate(bound, text))
  })
})

describe('dateOrderProblem', () => {
  it.each<[string | null, string | null, string | undefined]>([
    ['1914', '1918', undefined],
    ['1914', '1914', undefined],
    ['1918', '1914', 'From (1918) is after To (1914)'],
    ['-0489', '-0499', 'From (490 BC) is after To (500 BC)'],
    [null, '1914', undefined],
    ['nonsense', '1914', undefined],
  ])('%j to %j', (start, end, expected) => {
    expect(dateOrderProblem(start, end)).toBe(expected)
  })
})

describe('sameFilterDate', () => {
  it.each<['start' | 'end', string | null, string | null, boolean]>([
    ['start', '1914', '1914-01-01T00:00:00.000Z', true],
    ['end', '1914', '1914-12-31T23:59:59.999Z', true],
    ['start', '1914', '1914-12-31T23:59:59.999Z', false],
    ['start', null, null, true],
    ['start', '1914', null, false],
    ['start', 'nonsense', '1914', false],
  ])('%s %j and %j', (bound, a, b, expected) => {
    expect(sameFilterDate(bound, a, b)).toBe(expected)
  })
})
