import { afterAll, describe, expect, it } from 'vitest'

import { detectFileFormat } from './detect-file-format'
import { UnsupportedFormat } from './errors'
import { listSheets } from './list-sheets'
import { previewFile } from './preview'
import { EVENT_SHEETS, buildWorkbook } from './testing/build-workbook'
import { buildZip } from './testing/build-zip'
import { collectRows } from './testing/collect-rows'
import { createTempFiles } from './testing/temp-files'
import { FIVETHIRTYEIGHT_DIR } from '@chronotope/test-fixtures'

const FIXTURES = FIVETHIRTYEIGHT_DIR
const files = createTempFiles()
afterAll(() => files.remove())

describe('previewFile', () => {
  it('previews a CSV fixture: detection, one sheet, headers and the first 20 rows', async () => {
    const preview = await previewFile(`${FIXTURES}/presidential-campaign-trail_clinton.csv`)
    expect(preview.detection).toMatchObject({ format: 'csv', delimiter: ',', encoding: 'utf-8' })
    expect(preview.sheets).toEqual([{ index: 0, name: 'presidential-campaign-trail_clinton' }])
    expect(preview.headers).toEqual(['date', 'location', 'city', 'state', 'lat', 'lng'])
    expect(preview.rows).toHaveLength(20)
    expect(preview.rows[0]?.values).toMatchObject({ date: '9/5/2016', location: 'Cleveland, Ohio' })
  })

  it.each([
    { rows: 3, expected: 3 },
    { rows: 0, expected: 0 },
    { rows: 500, expected: 106 },
  ])('returns $expected rows when asked for $rows', async ({ rows, expected }) => {
    expect((await previewFile(`${FIXTURES}/presidential-campaign-trail_trump.csv`, { rows })).rows).toHaveLength(
      expected,
    )
  })

  it('previews the chosen sheet of a workbook', async () => {
    const path = files.write('upload-1234', buildWorkbook(EVENT_SHEETS, 'xlsx'))
    const preview = await previewFile(path, { sheet: 'Notes', fileName: 'events.xlsx' })
    expect(preview.sheets.map((sheet) => sheet.name)).toEqual(['Events', 'Notes'])
    expect(preview.headers).toEqual(['note'])
    expect(preview.rows.map((row) => row.values.note)).toEqual(['first', 'second'])
  })

  it('rejects an unsupported upload with a message naming what it is', async () => {
    const path = files.write('report.csv', Buffer.from('%PDF-1.4\n...'))
    await expect(previewFile(path)).rejects.toThrow(new UnsupportedFormat('looks like a PDF document'))
  })
})

describe('detectFileFormat', () => {
  it('finds xl/workbook.xml in the central directory even when it is stored after a large entry', async () => {
    const filler = Buffer.alloc(200 * 1024)
    for (let index = 0; index < filler.length; index++) filler[index] = (index * 7919 + (index >> 8)) % 251
    const path = files.write(
      'late.bin',
      buildZip([
        { name: 'xl/media/image1.png', data: filler, isStored: true },
        {
          name: 'xl/workbook.xml',
          data: '<workbook><sheets><sheet name="A" r:id="rId1" xmlns:r="r"/></sheets></workbook>',
        },
      ]),
    )
    expect(await detectFileFormat(path)).toMatchObject({ format: 'xlsx', reason: 'zip archive with xl/workbook.xml' })
  })

  it('reads the ODS mimetype entry', async () => {
    const path = files.write('sheet.zip', buildWorkbook(EVENT_SHEETS, 'ods'))
    expect((await detectFileFormat(path)).format).toBe('ods')
  })

  it('finds the Workbook stream in the OLE directory of an .xls named .dat', async () => {
    const path = files.write('export.dat', buildWorkbook(EVENT_SHEETS, 'biff8'))
    expect(await detectFileFormat(path)).toMatchObject({
      format: 'xls',
      reason: 'OLE compound file with a Workbook stream (Excel 97-2003)',
    })
  })

  it('reads a single-sheet file only as sheet 0 or by its name', async () => {
    const path = `${FIXTURES}/presidential-campaign-trail_trump.csv`
    const detection = await detectFileFormat(path)
    expect(await listSheets(path, detection)).toEqual([{ index: 0, name: 'presidential-campaign-trail_trump' }])
    await expect(collectRows(path, detection, { sheet: 1 })).rejects.toThrow('Sheet index 1 not found')
    expect(await collectRows(path, detection, { sheet: 'presidential-campaign-trail_trump' })).toHaveLength(106)
  })
})
