import { describe, expect, it } from 'vitest'

import { FieldColumn, narrowCodes, NO_VALUE } from './field-column'

describe('FieldColumn', () => {
  it('gives each distinct text one code and missing values none', () => {
    const column = FieldColumn.fromValues(['flood', null, 'quake', 'flood'])
    expect([...column.codes]).toEqual([0, NO_VALUE, 1, 0])
    expect(column.dictionary).toEqual(['flood', 'quake'])
  })

  it('holds codes in a byte up to 127 texts, two up to 32,767, else four', () => {
    const widths = [1, 127, 128, 32_767, 32_768, 40_000].map((texts) => {
      const values = Array.from({ length: texts + 2 }, (_, row) =>
        row === 1 ? null : `t${Math.min(Math.max(row - 1, 0), texts - 1)}`,
      )
      const column = FieldColumn.fromValues(values)
      expect(column.dictionary).toHaveLength(texts)
      expect(column.codes[1]).toBe(NO_VALUE)
      expect(column.codes[texts + 1]).toBe(texts - 1)
      expect(column.dictionary[column.codes[0]!]).toBe('t0')
      return column.codes.BYTES_PER_ELEMENT
    })
    expect(widths).toEqual([1, 1, 2, 2, 4, 4])
    const codes = Int32Array.of(0, -1, 126)
    expect(narrowCodes(codes, 127)).toEqual(Int8Array.of(0, -1, 126))
    expect(FieldColumn.fromCodes(codes, Array.from({ length: 127 }, String)).codes).toBeInstanceOf(Int8Array)
    expect(() => FieldColumn.fromCodes(Int8Array.of(0, 1), ['a'])).toThrow(/row 1 has code 1/)
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
