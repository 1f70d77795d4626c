import { deflateRawSync } from 'node:zlib'

import { afterAll, describe, expect, it } from 'vitest'

import { detectFileFormat } from '../detect-file-format'
import { MalformedFile, SheetNotFound, ZipBombDetected } from '../errors'
import { listSheets } from '../list-sheets'
import { readHeaders } from '../read-rows'
import { EVENT_SHEETS, buildWorkbook } from '../testing/build-workbook'
import { buildZip } from '../testing/build-zip'
import { collectRows } from '../testing/collect-rows'
import { createTempFiles } from '../testing/temp-files'

const files = createTempFiles()
afterAll(() => files.remove())
const workbookPath = files.write('events.xlsx', buildWorkbook(EVENT_SHEETS, 'xlsx'))

const WORKBOOK_XML = '<workbook xmlns:r="r"><sheets><sheet name="Data" sheetId="1" r:id="rId1"/></sheets></workbook>'
const RELS_XML = '<Relationships><Relationship Id="rId1" Target="worksheets/sheet1.xml"/></Relationships>'

/** A minimal hand-written XLSX around one sheet XML body. */
function handMadeXlsx(sheetData: string, extra: { name: string; data: string }[] = []): Buffer {
  return buildZip([
    { name: 'xl/workbook.xml', data: WORKBOOK_XML },
    { name: 'xl/_rels/workbook.xml.rels', data: RELS_XML },
    { name: 'xl/worksheets/sheet1.xml', data: `<worksheet><sheetData>${sheetData}</sheetData></worksheet>` },
    ...extra,
  ])
}

describe('XLSX', () => {
  it('detects and lists the sheets', async () => {
    const detection = await detectFileFormat(workbookPath)
    expect(detection).toMatchObject({ format: 'xlsx', reason: 'zip archive with xl/workbook.xml' })
    expect(await listSheets(workbookPath, detection)).toEqual([
      { index: 0, name: 'Events' },
      { index: 1, name: 'Notes' },
    ])
  })

  it('reads dates, numbers, booleans, sparse and error cells', async () => {
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
    expect(rows.map((row) => [row.rowNumber, row.sourceRow, row.values])).toEqual([
      [
        1,
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
      [2, 3, { title: 'Town hall', date: '2024-01-02', when: null, attendance: 85.5, is_public: false, city: null }],
      [3, 5, { title: null, date: null, when: null, attendance: null, is_public: null, city: 'Sparse' }],
      [4, 6, { title: 'Error cell', date: null, when: null, attendance: null, is_public: null, city: 'Paris' }],
    ])
    expect(rows[3]?.issues).toEqual([{ code: 'cell-error', message: 'Cell B6 holds the error #N/A; read as empty' }])
  })

  it.each([
    { sheet: 1, first: { note: 'first' } },
    { sheet: 'Notes', first: { note: 'first' } },
    { sheet: 'notes', first: { note: 'first' } },
  ])('reads sheet $sheet', async ({ sheet, first }) => {
    const rows = await collectRows(workbookPath, await detectFileFormat(workbookPath), { sheet })
    expect(rows.map((row) => row.values)).toEqual([first, { note: 'second' }])
  })

  it.each([2, 'Missing'])('throws SheetNotFound for sheet %s', async (sheet) => {
    const detection = await detectFileFormat(workbookPath)
    await expect(collectRows(workbookPath, detection, { sheet })).rejects.toThrow(SheetNotFound)
    await expect(collectRows(workbookPath, detection, { sheet })).rejects.toThrow('the workbook has: "Events", "Notes"')
  })

  it('reads an XLSX that was named .csv', async () => {
    const path = files.write('disguised.csv', buildWorkbook(EVENT_SHEETS, 'xlsx'))
    const detection = await detectFileFormat(path)
    expect(detection.format).toBe('xlsx')
    expect(await collectRows(path, detection)).toHaveLength(4)
  })

  it('concatenates rich text runs, skips phonetic runs and reads inline strings', async () => {
    const path = files.write(
      'rich.xlsx',
      handMadeXlsx(
        '<row r="1"><c r="A1" t="s"><v>0</v></c><c r="C1" t="inlineStr"><is><t>in</t></is></c></row>' +
          '<row r="2"><c r="A2" t="s"><v>1</v></c><c r="C2" t="str"><f>A1</f><v>cached</v></c></row>',
        [
          {
            name: 'xl/sharedStrings.xml',
            data: '<sst><si><r><t>na</t></r><r><rPr/><t xml:space="preserve">me</t></r><rPh><t>ナ</t></rPh></si><si><t>Erie_x000D_PA</t></si></sst>',
          },
        ],
      ),
    )
    const detection = await detectFileFormat(path)
    expect(await readHeaders(path, detection)).toEqual(['name', 'column_2', 'in'])
    expect((await collectRows(path, detection))[0]?.values).toEqual({ name: 'Erie\rPA', column_2: null, in: 'cached' })
  })

  it('uses the 1904 date system when the workbook says so', async () => {
    const path = files.write(
      'mac.xlsx',
      buildZip([
        { name: 'xl/workbook.xml', data: WORKBOOK_XML.replace('<sheets>', '<workbookPr date1904="1"/><sheets>') },
        { name: 'xl/_rels/workbook.xml.rels', data: RELS_XML },
        {
          name: 'xl/styles.xml',
          data: '<styleSheet><cellXfs count="2"><xf numFmtId="0"/><xf numFmtId="14"/></cellXfs></styleSheet>',
        },
        {
          name: 'xl/worksheets/sheet1.xml',
          data: '<worksheet><sheetData><row><c t="inlineStr"><is><t>d</t></is></c></row><row><c s="1"><v>43830</v></c></row></sheetData></worksheet>',
        },
      ]),
    )
    expect((await collectRows(path, await detectFileFormat(path)))[0]?.values).toEqual({ d: '2024-01-01' })
  })

  it('throws MalformedFile for a workbook cut in half', async () => {
    const whole = buildWorkbook(EVENT_SHEETS, 'xlsx')
    const path = files.write('truncated.xlsx', whole.subarray(0, Math.floor(whole.length / 2)))
    await expect(detectFileFormat(path)).rejects.toThrow(MalformedFile)
    await expect(collectRows(path, { format: 'xlsx', mimeType: '', reason: 'test' })).rejects.toThrow(
      'not a complete zip archive',
    )
  })

  it('throws MalformedFile naming the part and line for broken sheet XML', async () => {
    const path = files.write(
      'bad-xml.xlsx',
      handMadeXlsx('<row r="1"><c r="A1" t="inlineStr"><is><t>a</t></is></c></row>\n<row r="2"><c></row>'),
    )
    const error = await collectRows(path, await detectFileFormat(path)).catch((caught: unknown) => caught)
    expect(error).toBeInstanceOf(MalformedFile)
    expect((error as MalformedFile).part).toBe('xl/worksheets/sheet1.xml')
    expect((error as MalformedFile).line).toBe(2)
  })

  it('refuses a sheet that declares a 4 GB uncompressed size', async () => {
    const path = files.write(
      'declared-bomb.xlsx',
      buildZip([
        { name: 'xl/workbook.xml', data: WORKBOOK_XML },
        { name: 'xl/_rels/workbook.xml.rels', data: RELS_XML },
        { name: 'xl/worksheets/sheet1.xml', data: '<worksheet/>', declaredSize: 0xfffffff0 },
      ]),
    )
    const detection = await detectFileFormat(path)
    await expect(collectRows(path, detection)).rejects.toThrow(ZipBombDetected)
    await expect(collectRows(path, detection)).rejects.toThrow(
      'declares 4294967280 bytes uncompressed; the limit is 536870912',
    )
  })

  it('refuses a sheet of 300 MB of zeros deflated to a few hundred KB', async () => {
    const zeros = deflateRawSync(Buffer.alloc(300 * 1024 * 1024), { level: 1 })
    const entries = [
      { name: 'xl/workbook.xml', data: WORKBOOK_XML },
      { name: 'xl/_rels/workbook.xml.rels', data: RELS_XML },
    ]
    const honest = files.write(
      'ratio-bomb.xlsx',
      buildZip([
        ...entries,
        { name: 'xl/worksheets/sheet1.xml', data: '', deflated: zeros, declaredSize: 300 * 1024 * 1024 },
      ]),
    )
    await expect(collectRows(honest, await detectFileFormat(honest))).rejects.toThrow(/ratio \d+\); the limit is 200/)
    // The same bytes declaring a small size: caught while inflating.
    const lying = files.write(
      'lying-bomb.xlsx',
      buildZip([...entries, { name: 'xl/worksheets/sheet1.xml', data: '', deflated: zeros, declaredSize: 1000 }]),
    )
    await expect(collectRows(lying, await detectFileFormat(lying))).rejects.toThrow(ZipBombDetected)
  })

  it('throws TooManyColumns for a cell beyond the column limit', async () => {
    const path = files.write(
      'far.xlsx',
      handMadeXlsx('<row r="1"><c r="XFD1" t="inlineStr"><is><t>far</t></is></c></row>'),
    )
    await expect(collectRows(path, await detectFileFormat(path))).rejects.toThrow(
      'Row 1 has 16384 columns; the limit is 2000',
    )
  })
})
