import { describe, expect, it } from 'vitest'

import { FieldColumn, NO_VALUE } from './field-column'

describe('FieldColumn', () => {
  it('gives each distinct text one code and missing values none', () => {
    const column = FieldColumn.fromValues(['flood', null, 'quake', 'flood'])
    expect([...column.codes]).toEqual([0, NO_VALUE, 1, 0])
    expect(column.dictionary).toEqual(['flood', 'quake'])
  })

  it('keeps the codes of the listed values only', () => {
    const column = FieldColumn.fromValues(['flood', 'quake', 'Flood'])
    expect([...column.codesMatching(['flood', 'fire'])]).toEqual([1, 0, 0])
  })

  it('reads numbers as the SQL does: trimmed, signed, decimals and exponents; not partial numbers', () => {
    const column = FieldColumn.fromValues(['1', ' 7 ', '-3', '1e2', '.5', '2.', 'big', '12abc', '', '-'])
    expect([...column.numbers]).toEqual([1, 7, -3, 100, 0.5, 2, Number.NaN, Number.NaN, Number.NaN, Number.NaN])
    expect([...column.codesInRange(0, 10)]).toEqual([1, 1, 0, 0, 1, 1, 0, 0, 0, 0])
    expect([...column.codesInRange(undefined, 0)]).toEqual([0, 0, 1, 0, 0, 0, 0, 0, 0, 0])
    expect([...column.codesInRange(undefined, undefined)]).toEqual([1, 1, 1, 1, 1, 1, 0, 0, 0, 0])
  })
})
