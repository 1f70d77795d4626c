import { afterAll, describe, expect, it } from 'vitest'

import { detectFileFormat } from '../detect-file-format'
import { SheetNotFound, TooManyColumns, ZipBombDetected } from '../errors'
import { listSheets } from '../list-sheets'
import { readHeaders } from '../read-rows'
import { EVENT_SHEETS, buildWorkbook } from '../testing/build-workbook'
import { buildZip } from '../testing/build-zip'
import { collectRows } from '../testing/collect-rows'
import { createTempFiles } from '../testing/temp-files'
import { odsCellValue, odsDateToIso, odsTimeToIso } from './ods-values'

const files = createTempFiles()
afterAll(() => files.remove())

const NAMESPACES = 'xmlns:office="o" xmlns:table="t" xmlns:text="x"'

/** A hand-written ODS around the given `table:table` elements. */
function handMadeOds(tables: string): Buffer {
  return buildZip([
    { name: 'mimetype', data: 'application/vnd.oasis.opendocument.spreadsheet', isStored: true },
    {
      name: 'content.xml',
      data: `<office:document-content ${NAMESPACES}><office:body><office:spreadsheet>${tables}</office:spreadsheet></office:body></office:document-content>`,
    },
  ])
}

const cell = (type: string, attributes: string, text = ''): string =>
  `<table:table-cell office:value-type="${type}" ${attributes}><text:p>${text}</text:p></table:table-cell>`

describe('ODS values', () => {
  it.each([
    { attributes: { 'office:value-type': 'float', 'office:value': '3.5' }, paragraphs: ['3,50'], expected: 3.5 },
    { attributes: { 'office:value-type': 'percentage', 'office:value': '0.25' }, paragraphs: ['25%'], expected: 0.25 },
    { attributes: { 'office:value-type': 'currency', 'office:value': '12' }, paragraphs: ['12 €'], expected: 12 },
    {
      attributes: { 'office:value-type': 'date', 'office:date-value': '2024-01-15' },
      paragraphs: ['15/01/24'],
      expected: '2024-01-15',
    },
    {
      attributes: { 'office:value-type': 'date', 'office:date-value': '2024-01-15T10:30:00.25' },
      paragraphs: [],
      expected: '2024-01-15T10:30:00',
    },
    {
      attributes: { 'office:value-type': 'time', 'office:time-value': 'PT12H30M05S' },
      paragraphs: [],
      expected: '12:30:05',
    },
    {
      attributes: { 'office:value-type': 'boolean', 'office:boolean-value': 'true' },
      paragraphs: ['TRUE'],
      expected: true,
    },
    { attributes: { 'office:value-type': 'string' }, paragraphs: ['line 1', 'line 2'], expected: 'line 1\nline 2' },
    { attributes: {}, paragraphs: [], expected: null },
  ])('reads $attributes', ({ attributes, paragraphs, expected }) => {
    expect(odsCellValue(attributes, paragraphs)).toEqual(expected)
  })

  it.each([
    ['2024-01-15T00:00:00', '2024-01-15'],
    ['1899-12-30', '1899-12-30'],
  ])('normalizes date %s', (input, expected) => expect(odsDateToIso(input)).toBe(expected))

  it.each([
    ['PT1H', '01:00:00'],
    ['P1DT2H', '26:00:00'],
  ])('normalizes time %s', (input, expected) => expect(odsTimeToIso(input)).toBe(expected))
})

describe('ODS', () => {
  const workbookPath = files.write('events.ods', buildWorkbook(EVENT_SHEETS, 'ods'))

  it('detects and lists the sheets of a SheetJS-written workbook', async () => {
    const detection = await detectFileFormat(workbookPath)
    expect(detection.format).toBe('ods')
    expect(await listSheets(workbookPath, detection)).toEqual([
      { index: 0, name: 'Events' },
      { index: 1, name: 'Notes' },
    ])
    expect(await readHeaders(workbookPath, detection)).toEqual([
      'title',
      'date',
      'when',
      'attendance',
      'is_public',
      'city',
    ])
  })

  it('reads numbers, booleans and sparse cells from a SheetJS-written workbook', async () => {
    const rows = await collectRows(workbookPath, await detectFileFormat(workbookPath))
    expect(rows.map((row) => row.values.title)).toEqual(['Rally', 'Town hall', null, 'Error cell'])
    expect(rows[0]?.values).toMatchObject({ attendance: 1200, is_public: true, city: 'Erie' })
    expect(rows[2]?.values.city).toBe('Sparse')
    expect(await collectRows(workbookPath, await detectFileFormat(workbookPath), { sheet: 'Notes' })).toHaveLength(2)
  })

  it('reads date cells SheetJS writes as office:date-value', async () => {
    const path = files.write(
      'dates.ods',
      buildWorkbook(
        [
          {
            name: 'Dates',
            rows: [
              ['day', 'moment'],
              [
                { t: 'd', v: new Date(Date.UTC(2024, 0, 1)) },
                { t: 'd', v: new Date(Date.UTC(2024, 0, 1, 12, 30)) },
              ],
            ],
          },
        ],
        'ods',
      ),
    )
    expect((await collectRows(path, await detectFileFormat(path)))[0]?.values).toEqual({
      day: '2024-01-01',
      moment: '2024-01-01T12:30:00',
    })
  })

  it('reads typed cells, paragraphs, spaces and ignores annotations', async () => {
    const path = files.write(
      'typed.ods',
      handMadeOds(
        '<table:table table:name="Trips">' +
          `<table:table-row>${cell('string', '', 'date')}${cell('string', '', 'km')}${cell('string', '', 'note')}</table:table-row>` +
          `<table:table-row>${cell('date', 'office:date-value="2024-03-01T00:00:00"', '01/03/24')}${cell('float', 'office:value="12.5"', '12,5')}` +
          '<table:table-cell office:value-type="string"><office:annotation><text:p>hidden comment</text:p></office:annotation>' +
          '<text:p>two<text:s text:c="2"/>spaces</text:p><text:p>second line</text:p></table:table-cell></table:table-row>' +
          '</table:table>',
      ),
    )
    const rows = await collectRows(path, await detectFileFormat(path))
    expect(rows.map((row) => row.values)).toEqual([{ date: '2024-03-01', km: 12.5, note: 'two  spaces\nsecond line' }])
  })

  it('survives a million repeated empty rows and 16,384 repeated empty columns', async () => {
    const path = files.write(
      'repeat-bomb.ods',
      handMadeOds(
        '<table:table table:name="Bomb">' +
          `<table:table-row>${cell('string', '', 'a')}<table:table-cell table:number-columns-repeated="16383"/></table:table-row>` +
          `<table:table-row>${cell('float', 'office:value="1"')}<table:table-cell table:number-columns-repeated="16383"/></table:table-row>` +
          '<table:table-row table:number-rows-repeated="1048574"><table:table-cell table:number-columns-repeated="16384"/></table:table-row>' +
          '</table:table>',
      ),
    )
    const rows = await collectRows(path, await detectFileFormat(path))
    expect(rows).toEqual([{ rowNumber: 1, sourceRow: 2, values: { a: 1 } }])
  })

  it('refuses a non-empty row repeated past the limit', async () => {
    const path = files.write(
      'row-bomb.ods',
      handMadeOds(
        `<table:table table:name="Bomb"><table:table-row>${cell('string', '', 'a')}</table:table-row>` +
          `<table:table-row table:number-rows-repeated="1000000">${cell('float', 'office:value="1"')}</table:table-row></table:table>`,
      ),
    )
    await expect(collectRows(path, await detectFileFormat(path))).rejects.toThrow(ZipBombDetected)
    await expect(collectRows(path, await detectFileFormat(path))).rejects.toThrow(
      'row 2 of sheet "Bomb" repeats 1000000 times; the limit is 100000',
    )
  })

  it('expands non-empty repeats within the limits', async () => {
    const path = files.write(
      'repeats.ods',
      handMadeOds(
        `<table:table table:name="R"><table:table-row>${cell('string', 'table:number-columns-repeated="2"', 'x')}</table:table-row>` +
          `<table:table-row table:number-rows-repeated="3">${cell('float', 'office:value="7" table:number-columns-repeated="2"')}</table:table-row></table:table>`,
      ),
    )
    const rows = await collectRows(path, await detectFileFormat(path))
    expect(rows.map((row) => [row.sourceRow, row.values])).toEqual([
      [2, { x: 7, x_2: 7 }],
      [3, { x: 7, x_2: 7 }],
      [4, { x: 7, x_2: 7 }],
    ])
  })

  it('refuses a non-empty cell repeated past the column limit', async () => {
    const path = files.write(
      'column-bomb.ods',
      handMadeOds(
        `<table:table table:name="C"><table:table-row>${cell('string', 'table:number-columns-repeated="16384"', 'x')}</table:table-row></table:table>`,
      ),
    )
    await expect(collectRows(path, await detectFileFormat(path))).rejects.toThrow(TooManyColumns)
  })

  it('throws SheetNotFound naming the sheets', async () => {
    await expect(collectRows(workbookPath, await detectFileFormat(workbookPath), { sheet: 'Budget' })).rejects.toThrow(
      new SheetNotFound('Budget', ['Events', 'Notes']),
    )
  })
})
