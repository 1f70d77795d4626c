import { describe, expect, it } from 'vitest'

import { MalformedFile, TooManyColumns } from '../errors'
import type { TableRow } from '../rows/table-row'
import { CsvParser } from './parse-csv'

function parse(text: string, delimiter = ',', chunkSize = text.length || 1): TableRow[] {
  const parser = new CsvParser({ delimiter, maxColumns: 50, maxCellBytes: 1000 })
  const rows: TableRow[] = []
  for (let start = 0; start < text.length; start += chunkSize) parser.push(text.slice(start, start + chunkSize), rows)
  parser.end(rows)
  return rows
}

const cellsOf = (rows: TableRow[]): unknown[] => rows.map((row) => row.cells)

describe('CsvParser', () => {
  it.each([
    {
      name: 'simple rows',
      input: 'a,b\n1,2\n',
      cells: [
        ['a', 'b'],
        ['1', '2'],
      ],
    },
    {
      name: 'no trailing newline',
      input: 'a,b\n1,2',
      cells: [
        ['a', 'b'],
        ['1', '2'],
      ],
    },
    {
      name: 'CRLF',
      input: 'a,b\r\n1,2\r\n',
      cells: [
        ['a', 'b'],
        ['1', '2'],
      ],
    },
    {
      name: 'lone CR',
      input: 'a,b\r1,2\r',
      cells: [
        ['a', 'b'],
        ['1', '2'],
      ],
    },
    { name: 'quoted delimiter', input: '"a,b",c\n', cells: [['a,b', 'c']] },
    { name: 'escaped quotes', input: '"say ""hi""",x\n', cells: [['say "hi"', 'x']] },
    { name: 'newline inside quotes', input: '"line1\nline2",x\n', cells: [['line1\nline2', 'x']] },
    { name: 'CRLF inside quotes', input: '"l1\r\nl2",x\r\n', cells: [['l1\r\nl2', 'x']] },
    {
      name: 'empty cells',
      input: 'a,,c\n,,\n',
      cells: [
        ['a', '', 'c'],
        ['', '', ''],
      ],
    },
    { name: 'blank lines skipped', input: 'a\n\n\r\nb\n', cells: [['a'], ['b']] },
    { name: 'empty quoted cell', input: '"",x\n', cells: [['', 'x']] },
    { name: 'text after closing quote kept', input: '"a"b,c\n', cells: [['ab', 'c']] },
    { name: 'quote inside unquoted cell is literal', input: 'a"b,c\n', cells: [['a"b', 'c']] },
    {
      name: 'semicolon delimiter',
      input: 'a;b\n1,5;2\n',
      delimiter: ';',
      cells: [
        ['a', 'b'],
        ['1,5', '2'],
      ],
    },
    {
      name: 'tab delimiter',
      input: 'a\tb\n1\t2\n',
      delimiter: '\t',
      cells: [
        ['a', 'b'],
        ['1', '2'],
      ],
    },
    { name: 'spaces preserved', input: ' a , b \n', cells: [[' a ', ' b ']] },
  ])('parses $name', ({ input, delimiter, cells }) => {
    expect(cellsOf(parse(input, delimiter))).toEqual(cells)
  })

  it('gives identical rows whatever the chunk size', () => {
    const input = 'id,"note"\r\n1,"multi\r\nline, with ""quotes"""\r\n\r\n2,plain\r3,"x"\n4,'
    const expected = parse(input)
    for (let size = 1; size <= 7; size++) expect(parse(input, ',', size), `chunks of ${size}`).toEqual(expected)
    expect(cellsOf(expected)).toEqual([
      ['id', 'note'],
      ['1', 'multi\r\nline, with "quotes"'],
      ['2', 'plain'],
      ['3', 'x'],
      ['4', ''],
    ])
  })

  it('reports the line each record starts on, counting newlines inside quotes', () => {
    const rows = parse('a,b\n"x\ny",1\n\nlast,2\n')
    expect(rows.map((row) => row.sourceRow)).toEqual([1, 2, 5])
  })

  it('flags the last row when the file ends inside a quote', () => {
    const rows = parse('a,b\n1,"truncated cell\n2,3')
    expect(rows).toHaveLength(2)
    expect(rows[1]?.cells).toEqual(['1', 'truncated cell\n2,3'])
    expect(rows[1]?.issues?.[0]?.code).toBe('unterminated-quote')
    expect(rows[1]?.issues?.[0]?.message).toContain('line 2')
  })

  it('throws TooManyColumns naming the real count and the limit', () => {
    const parser = new CsvParser({ delimiter: ',', maxColumns: 2000, maxCellBytes: 100 })
    const rows: TableRow[] = []
    expect(() => parser.push(`${'x,'.repeat(9999)}x\n`, rows)).toThrow(new TooManyColumns(10000, 2000, 1))
    expect(new TooManyColumns(10000, 2000, 1).message).toBe('Row 1 has 10000 columns; the limit is 2000')
  })

  it('throws MalformedFile for a cell over the size limit (runaway quote)', () => {
    const parser = new CsvParser({ delimiter: ',', maxColumns: 10, maxCellBytes: 10 })
    expect(() => parser.push('a\n"this never closes and goes on', [])).toThrow(MalformedFile)
  })
})
