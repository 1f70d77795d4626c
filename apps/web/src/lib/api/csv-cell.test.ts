import { describe, expect, it } from 'vitest'

import { csvCell } from './csv-cell'

/**
 * Splits a line as a spreadsheet does that takes `separator` as its list separator and honours a
 * quote only at the start of a field (as Excel and LibreOffice do): what each field's text is.
 */
function fieldsAs(line: string, separator: string): string[] {
  const fields: string[] = []
  let index = 0
  while (index <= line.length) {
    let field = ''
    if (line[index] === '"') {
      index++
      while (index < line.length) {
        if (line[index] === '"' && line[index + 1] === '"') {
          field += '"'
          index += 2
        } else if (line[index] === '"') {
          index++
          break
        } else field += line[index++]
      }
    }
    while (index < line.length && line[index] !== separator && line[index] !== '\n' && line[index] !== '\r')
      field += line[index++]
    fields.push(field)
    index++
  }
  return fields
}

// What a spreadsheet starts a formula with, past leading spaces (it may trim them).
const FORMULA = /^[\s\p{Cc}\p{Cf}]*[=+\-@＝＋－＠﹦﹢﹣﹫]/u
const NUMBER_OR_TIME = /^[+-]?[\d.]+(?:[eE][+-]?\d+)?$|^[+-]\d{4,6}-\d{2}-\d{2}T[\d:.]+Z$/

describe('csvCell', () => {
  // Hostile cells: each is read as a formula somewhere unless guarded.
  it.each([
    ['=1+1', `"'=1+1"`],
    ['+1+1', `"'+1+1"`],
    ['-1+1', `"'-1+1"`],
    ['@SUM(A1)', `"'@SUM(A1)"`],
    ['=HYPERLINK("http://x")', `"'=HYPERLINK(""http://x"")"`],
    ['x;=1+1', `"x;'=1+1"`],
    ['x,=1+1', `"x,'=1+1"`],
    ['x\t=1+1', `"x\t'=1+1"`],
    ['x\n=1+1', `"x\n'=1+1"`],
    ['x\r\n@A1', `"x\r\n'@A1"`],
    ['x; =1+1', `"x; '=1+1"`],
    ['x;"=1+1', `"x;""'=1+1"`],
    ['a;b;-2+3+cmd', `"a;b;'-2+3+cmd"`],
    ['＝1+1', `"'＝1+1"`],
    ['＋1', `"'＋1"`],
    ['－1＋1', `"'－1＋1"`],
    ['＠A1', `"'＠A1"`],
    ['x;＝1+1', `"x;'＝1+1"`],
    ['﹦1+1', `"'﹦1+1"`],
    [' =1+1', `"' =1+1"`],
    ['\u00a0=1+1', `"'\u00a0=1+1"`],
    ['\u3000＝1+1', `"'\u3000＝1+1"`],
    ['\u200b=1+1', `"'\u200b=1+1"`],
    ['\u0000=1+1', `"'\u0000=1+1"`],
    ['\t=1+1', `"'\t=1+1"`],
    ['\tindented', `"'\tindented"`],
    ['\rreturn', `"'\rreturn"`],
    ['"=1+1', `"'""=1+1"`],
    ['-minus', `"'-minus"`],
    ['-1 + 2', `"'-1 + 2"`],
    ['+1 555 0100', `"'+1 555 0100"`],
    ['f;-7', `"f;'-7"`],
    ['-5;=1+1', `"'-5;'=1+1"`],
  ])('guards %j as %s', (value, cell) => {
    expect(csvCell(value)).toBe(cell)
  })

  // Innocent cells: written as they are, or only quoted.
  it.each([
    ['Plain fair', 'Plain fair'],
    ['Jean-Pierre', 'Jean-Pierre'],
    ['1+1=2', '1+1=2'],
    ['mail me@example.org', 'mail me@example.org'],
    ['2001-02-03', '2001-02-03'],
    ['-5', '-5'],
    ['+3.25', '+3.25'],
    ['-1.5e-7', '-1.5e-7'],
    ['-.5', '-.5'],
    ['-000499-03-01T00:00:00.000Z', '-000499-03-01T00:00:00.000Z'],
    ['+012000-01-01T00:00:00.000Z', '+012000-01-01T00:00:00.000Z'],
    ['-0044-03-15', '-0044-03-15'],
    ['1;-2;3', '"1;-2;3"'],
    ['x;y', '"x;y"'],
    ['tab\tinside', '"tab\tinside"'],
    ['said "hi"', '"said ""hi"""'],
    ["'quoted", `"'quoted"`],
    ['', ''],
  ])('leaves %j as %s', (value, cell) => {
    expect(csvCell(value)).toBe(cell)
  })

  it('writes numbers, booleans and nothing as they are', () => {
    expect(csvCell(-5)).toBe('-5')
    expect(csvCell(1e21)).toBe('1e+21')
    expect(csvCell(false)).toBe('false')
    expect(csvCell(null)).toBe('')
    expect(csvCell(undefined)).toBe('')
  })

  it('leaves no field a formula, whichever separator a spreadsheet splits a line by', () => {
    const hostile = [
      'x;=1+1',
      'a\t@A1',
      'b,-2+3',
      '"; =cmd',
      'c;\u3000＝1',
      'd\n+1+1',
      'e;"-1+2',
      '﹫x',
      'g;-7',
      '-5;=1',
    ]
    const line = ['=1', ...hostile, '-5', '-000499-03-01T00:00:00.000Z', 'f;-7'].map(csvCell).join(',')
    for (const separator of [',', ';', '\t']) {
      for (const field of fieldsAs(line, separator)) {
        if (FORMULA.test(field))
          expect(field, `a field when split by ${JSON.stringify(separator)}`).toMatch(NUMBER_OR_TIME)
      }
    }
  })
})
