import { afterAll, describe, expect, it } from 'vitest'

import { detectFileFormat } from './detect-file-format'
import { MalformedFile, TooManySheets, ZipBombDetected } from './errors'
import { DEFAULT_READ_LIMITS } from './limits'
import { listSheets } from './list-sheets'
import { buildWorkbook } from './testing/build-workbook'
import { buildZip } from './testing/build-zip'
import { collectRows } from './testing/collect-rows'
import { createTempFiles } from './testing/temp-files'

const files = createTempFiles()
afterAll(() => files.remove())

/** An XLSX whose workbook lists `count` sheets and holds none of them: a few KB at most. */
function sheetListXlsx(count: number): Buffer {
  const sheets = Array.from({ length: count }, (_, i) => `<sheet name="S${i + 1}" sheetId="${i + 1}" r:id="rId1"/>`)
  return buildZip([
    { name: 'xl/workbook.xml', data: `<workbook xmlns:r="r"><sheets>${sheets.join('')}</sheets></workbook>` },
  ])
}

/** An ODS with `count` one-cell tables. */
function manyTablesOds(count: number): Buffer {
  const table = (i: number): string =>
    `<table:table table:name="T${i}"><table:table-row><table:table-cell office:value-type="string"><text:p>x</text:p></table:table-cell></table:table-row></table:table>`
  const tables = Array.from({ length: count }, (_, i) => table(i)).join('')
  return buildZip([
    { name: 'mimetype', data: 'application/vnd.oasis.opendocument.spreadsheet', isStored: true },
    {
      name: 'content.xml',
      data: `<office:document-content xmlns:office="o" xmlns:table="t" xmlns:text="x"><office:body><office:spreadsheet>${tables}</office:spreadsheet></office:body></office:document-content>`,
    },
  ])
}

const oneRowSheets = (count: number) =>
  Array.from({ length: count }, (_, i) => ({ name: `Sheet ${i + 1}`, rows: [['title'], [`row ${i + 1}`]] }))

describe('sheet listing limits', () => {
  it('stops listing a workbook whose sheet list is huge but cheap, after the limit', async () => {
    const bytes = sheetListXlsx(200_000)
    // The whole list compresses to a few hundred KB; listing it must not build 200,000 sheets.
    expect(bytes.length).toBeLessThan(1024 * 1024)
    const path = files.write('huge-list.xlsx', bytes)
    const detection = await detectFileFormat(path)
    const listing = listSheets(path, detection)
    await expect(listing).rejects.toThrow(TooManySheets)
    await expect(listSheets(path, detection)).rejects.toThrow(
      `The workbook has more than ${DEFAULT_READ_LIMITS.maxSheets} sheets; the limit is ${DEFAULT_READ_LIMITS.maxSheets}`,
    )
  })

  it.each([
    ['xlsx', 'xlsx'],
    ['ods', 'ods'],
    ['xls', 'biff8'],
  ] as const)('applies maxSheets to %s workbooks', async (extension, bookType) => {
    const path = files.write(`five.${extension}`, buildWorkbook(oneRowSheets(5), bookType))
    const detection = await detectFileFormat(path)
    expect(await listSheets(path, detection, { maxSheets: 5 })).toHaveLength(5)
    const refused = await listSheets(path, detection, { maxSheets: 4 }).catch((error: unknown) => error)
    expect(refused).toBeInstanceOf(TooManySheets)
    expect(refused).toMatchObject({ limit: 4 })
    expect((refused as TooManySheets).sheetCount).toBeGreaterThan(4)
  })

  it('stops an ODS listing at the limit', async () => {
    const path = files.write('many-tables.ods', manyTablesOds(1_200))
    const refused = await listSheets(path, await detectFileFormat(path)).catch((error: unknown) => error)
    expect(refused).toBeInstanceOf(TooManySheets)
    expect((refused as Error).message).toContain(`more than ${DEFAULT_READ_LIMITS.maxSheets} sheets`)
  })
})

describe('zip archive limits', () => {
  it('refuses an archive with more entries than the limit before reading them', async () => {
    const entries = Array.from({ length: DEFAULT_READ_LIMITS.maxZipEntries + 1 }, (_, i) => ({
      name: `x/${i}`,
      data: '',
      isStored: true,
    }))
    const path = files.write(
      'many-entries.xlsx',
      buildZip([{ name: 'xl/workbook.xml', data: '<workbook/>' }, ...entries]),
    )
    await expect(detectFileFormat(path)).rejects.toThrow(ZipBombDetected)
    await expect(detectFileFormat(path)).rejects.toThrow(
      `has ${DEFAULT_READ_LIMITS.maxZipEntries + 2} entries; the limit is ${DEFAULT_READ_LIMITS.maxZipEntries}`,
    )
  })

  it('refuses a workbook whose sheets share one part, which would be inflated once per sheet', async () => {
    const rels =
      '<Relationships><Relationship Id="rId1" Target="worksheets/sheet1.xml"/><Relationship Id="rId2" Target="/xl/worksheets/sheet1.xml"/></Relationships>'
    const workbook =
      '<workbook xmlns:r="r"><sheets><sheet name="A" sheetId="1" r:id="rId1"/><sheet name="B" sheetId="2" r:id="rId2"/></sheets></workbook>'
    const path = files.write(
      'shared-part.xlsx',
      buildZip([
        { name: 'xl/workbook.xml', data: workbook },
        { name: 'xl/_rels/workbook.xml.rels', data: rels },
        { name: 'xl/worksheets/sheet1.xml', data: '<worksheet><sheetData/></worksheet>' },
      ]),
    )
    const detection = await detectFileFormat(path)
    await expect(listSheets(path, detection)).rejects.toThrow(MalformedFile)
    await expect(collectRows(path, detection, { sheet: 1 })).rejects.toThrow(
      'Sheets "A" and "B" both point at xl/worksheets/sheet1.xml',
    )
  })
})
