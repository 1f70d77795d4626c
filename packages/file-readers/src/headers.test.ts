import { describe, expect, it } from 'vitest'

import { normalizeHeaders } from './headers'

describe('normalizeHeaders', () => {
  it.each([
    { input: ['date', 'city'], expected: ['date', 'city'] },
    { input: [' date ', '\tcity'], expected: ['date', 'city'] },
    { input: ['', null, 'x'], expected: ['column_1', 'column_2', 'x'] },
    { input: ['city', 'city', 'city'], expected: ['city', 'city_2', 'city_3'] },
    { input: ['a', 'a_2', 'a'], expected: ['a', 'a_2', 'a_3'] },
    { input: [2016, true], expected: ['2016', 'true'] },
  ])('normalizes $input', ({ input, expected }) => {
    expect(normalizeHeaders(input)).toEqual(expected)
  })
})
