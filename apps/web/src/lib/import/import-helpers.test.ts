import { describe, expect, it } from 'vitest'

import { csvCell } from '../api/csv-cell'
import { copyText } from '../events/copy-events'
import { summarizeImportStatus } from './import-file-status'
import { safeFileName } from './store-import-file'
import { contentHash, createUniqueIdMaker } from './unique-id'

describe('summarizeImportStatus', () => {
  it.each([
    [[], 'pending'],
    [['completed', 'completed'], 'completed'],
    [['completed', 'failed'], 'failed'],
    [['failed', 'processing'], 'processing'],
    [['completed', 'awaiting-approval', 'processing'], 'awaiting-approval'],
    [['pending'], 'processing'],
    [['cancelled', 'cancelled'], 'cancelled'],
    [['cancelled', 'completed'], 'completed'],
  ] as const)('%o → %s', (statuses, expected) => {
    expect(summarizeImportStatus(statuses)).toBe(expected)
  })
})

describe('file and value escaping', () => {
  it.each([
    ['events.csv', 'events.csv'],
    ['../../etc/passwd', 'passwd'],
    ['C:\\Users\\me\\data.xlsx', 'data.xlsx'],
    ['we?ird:na*me.csv', 'we_ird_na_me.csv'],
    ['...', 'upload'],
    ['.hidden.csv', 'hidden.csv'],
  ])('safeFileName(%j) is %j', (name, expected) => {
    expect(safeFileName(name)).toBe(expected)
  })

  it.each([
    ['plain', 'plain'],
    ['a,b', '"a,b"'],
    ['say "hi"', '"say ""hi"""'],
    ['=1+1', `"'=1+1"`],
    ['@SUM(A1)', `"'@SUM(A1)"`],
    // A negative number is read as the number it is; a sum is guarded (csv-cell.test.ts has them all).
    ['-2', '-2'],
    ['-2+3', `"'-2+3"`],
    [null, ''],
    [42, '42'],
  ])('csvCell(%j) is %j', (value, expected) => {
    expect(csvCell(value)).toBe(expected)
  })

  it.each([
    [null, '\\N'],
    ['a\tb\nc\\d\re', 'a\\tb\\nc\\\\d\\re'],
    [3.5, '3.5'],
  ])('copyText(%j) is %j', (value, expected) => {
    expect(copyText(value)).toBe(expected)
  })
})

describe('unique ids', () => {
  const external = createUniqueIdMaker(
    { type: 'external', externalIdField: 'id', hashFields: [], duplicateAction: 'skip' },
    ['id', 'title'],
  )
  const hashed = createUniqueIdMaker({ type: 'content-hash', hashFields: [], duplicateAction: 'skip' }, ['id', 'title'])
  const chosen = createUniqueIdMaker({ type: 'content-hash', hashFields: ['title'], duplicateAction: 'skip' }, [
    'id',
    'title',
  ])

  it('uses the external id column, trimmed, and reports a row without one', () => {
    expect(external({ id: ' 42 ', title: 'x' }, 1)).toEqual({ uniqueId: 'id:42' })
    expect(external({ id: 42, title: 'x' }, 1)).toEqual({ uniqueId: 'id:42' })
    expect(external({ id: '', title: 'x' }, 7).error).toMatchObject({ row: 7, column: 'id', code: 'missing-id' })
  })

  it('hashes every column, or the chosen ones, the same way every time', () => {
    const a = hashed({ id: '1', title: 'Flood' }, 1)
    expect(a).toEqual(hashed({ id: '1', title: ' Flood ' }, 2))
    expect(a).not.toEqual(hashed({ id: '2', title: 'Flood' }, 3))
    expect(chosen({ id: '1', title: 'Flood' }, 1)).toEqual(chosen({ id: '2', title: 'Flood' }, 2))
    // Cells are separated, so moving text between columns changes the hash.
    expect(contentHash({ a: 'ab', b: 'c' }, ['a', 'b'])).not.toBe(contentHash({ a: 'a', b: 'bc' }, ['a', 'b']))
  })
})
