import { afterAll, describe, expect, it } from 'vitest'

import { detectFileFormat } from '../detect-file-format'
import { FileTooLarge, MalformedFile, SheetNotFound } from '../errors'
import { listSheets } from '../list-sheets'
import { readHeaders, readRows } from '../read-rows'
import { EVENT_SHEETS, buildWorkbook } from '../testing/build-workbook'
import { collectRows } from '../testing/collect-rows'
import { createTempFiles } from '../testing/temp-files'

const files = createTempFiles()
afterAll(() => files.remove())
const workbookPath = files.write('events.xls', buildWorkbook(EVENT_SHEETS, 'biff8'))

describe('XLS (parsed in a worker thread)', () => {
  it('detects and lists the sheets', async () => {
    const detection = await detectFileFormat(workbookPath)
    expect(detection).toMatchObject({ format: 'xls', mimeType: 'application/vnd.ms-excel' })
    expect(await listSheets(workbookPath, detection)).toEqual([
      { index: 0, name: 'Events' },
      { index: 1, name: 'Notes' },
    ])
  })

  it('reads dates as ISO strings, numbers, booleans, sparse and error cells', async () => {
    const detection = await detectFileFormat(workbookPath)
    expect(await readHeaders(workbookPath, detection)).toEqual([
      'title',
      'date',
      'when',
      'attendance',
      'is_public',
      'city',
    ])
    const rows = await collectRows(workbookPath, detection)
    expect(rows.map((row) => [row.sourceRow, row.values])).toEqual([
      [
        2,
        {
          title: 'Rally',
          date: '2024-01-01',
          when: '2024-01-01T12:00:00',
          attendance: 1200,
          is_public: true,
          city: 'Erie',
        },
      ],
      [3, { title: 'Town hall', date: '2024-01-02', when: null, attendance: 85.5, is_public: false, city: null }],
      [5, { title: null, date: null, when: null, attendance: null, is_public: null, city: 'Sparse' }],
      [6, { title: 'Error cell', date: null, when: null, attendance: null, is_public: null, city: 'Paris' }],
    ])
    expect(rows[3]?.issues?.[0]?.code).toBe('cell-error')
  })

  it('reads a sheet by name and streams a larger sheet in batches', async () => {
    const big = files.write(
      'big.xls',
      buildWorkbook(
        [
          { name: 'Cover', rows: [['x']] },
          { name: 'Data', rows: [['n'], ...Array.from({ length: 4500 }, (_, index) => [index + 1])] },
        ],
        'biff8',
      ),
    )
    const detection = await detectFileFormat(big)
    const sizes: number[] = []
    let last: unknown
    for await (const batch of readRows(big, detection, { sheet: 'Data', batchSize: 1000 })) {
      sizes.push(batch.length)
      last = batch.at(-1)?.values
    }
    expect(sizes).toEqual([1000, 1000, 1000, 1000, 500])
    expect(last).toEqual({ n: 4500 })
    const resumed = await collectRows(big, detection, { sheet: 'Data', startAfterRow: 4498 })
    expect(resumed.map((row) => row.values.n)).toEqual([4499, 4500])
  })

  it('throws SheetNotFound, FileTooLarge and MalformedFile clearly', async () => {
    const detection = await detectFileFormat(workbookPath)
    await expect(collectRows(workbookPath, detection, { sheet: 'Budget' })).rejects.toThrow(
      new SheetNotFound('Budget', ['Events', 'Notes']),
    )
    await expect(collectRows(workbookPath, detection, { limits: { maxXlsBytes: 100 } })).rejects.toThrow(FileTooLarge)
    const junk = files.write(
      'junk.xls',
      Buffer.concat([Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]), Buffer.alloc(600, 7)]),
    )
    await expect(
      collectRows(junk, { format: 'xls', mimeType: 'application/vnd.ms-excel', reason: 'test' }),
    ).rejects.toThrow(MalformedFile)
  })
})
