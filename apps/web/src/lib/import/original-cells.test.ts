import { describe, expect, it } from 'vitest'

import { originalCells } from './original-cells'

describe('originalCells', () => {
  it.each<[string, Record<string, string | number | boolean | null>, Record<string, string>]>([
    [
      'text as written, spaces kept',
      { Date: ' 03/04/2024 ', City: 'القاهرة' },
      { Date: ' 03/04/2024 ', City: 'القاهرة' },
    ],
    ['numbers and booleans of spreadsheets', { n: 1234.5, yes: true }, { n: '1234.5', yes: 'true' }],
    ['empty and missing cells', { a: '', b: null }, { a: '', b: '' }],
  ])('keeps %s', (_case, values, expected) => {
    expect(originalCells(values)).toEqual(expected)
  })

  it('keeps a "__proto__" header as a plain key', () => {
    const cells = originalCells(JSON.parse('{"__proto__":"x","a":"1"}') as Record<string, string>)
    expect(Object.keys(cells)).toEqual(['__proto__', 'a'])
    expect(JSON.stringify(cells)).toBe('{"__proto__":"x","a":"1"}')
  })
})
