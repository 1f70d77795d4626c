/**
 * The data-formats guide, run through the real packages: every file format it lists is detected
 * and read, every date example parses to what its "read as" column says, and every coordinate
 * example to its degrees. The examples are read from the page itself, so a row added there is
 * tested without touching this file.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'

import { tryParseCoordinate, tryParseCoordinatePair } from '@chronotope/coordinates'
import { monthName, tryParseDate, type ParseDateOptions } from '@chronotope/dates'
import { detectFileFormat, readRows, type FileFormat } from '@chronotope/file-readers'
import { afterAll, describe, expect, it } from 'vitest'
import * as XLSX from 'xlsx'

const page = readFileSync(path.resolve(import.meta.dirname, '../docs/users/guides/data-formats.md'), 'utf8')

/** The rows of the first table under `heading`, as arrays of cells (pipes escaped as `\|` kept). */
function tableUnder(heading: string): string[][] {
  const lines = page.split(heading)[1]!.split('\n')
  const first = lines.findIndex((line) => line.startsWith('|'))
  const end = lines.findIndex((line, index) => index > first && !line.startsWith('|'))
  return lines.slice(first + 2, end).map((line) =>
    line
      .slice(1, -1)
      .split(/(?<!\\)\|/)
      .map((cell) => cell.trim()),
  )
}

const codeSpans = (cell: string) => [...cell.matchAll(/`([^`]+)`/g)].map((match) => match[1]!)

const MONTHS = Array.from({ length: 12 }, (_, index) => monthName(index + 1))
const pad = (value: number) => String(value).padStart(2, '0')

// What a "read as" cell promises, as checks on a parsed date: its days, months, times, years.
function promisesOf(readAs: string): Array<(iso: string) => boolean> {
  const days = [...readAs.matchAll(new RegExp(`(\\d{1,2}) (${MONTHS.join('|')}) (\\d{4})`, 'g'))].map(
    ([, day, month, year]) => `${year}-${pad(MONTHS.indexOf(month!) + 1)}-${pad(Number(day))}`,
  )
  if (days.length > 0) return days.map((day) => (iso) => iso.startsWith(day))
  const months = [...readAs.matchAll(new RegExp(`(${MONTHS.join('|')}) (\\d{4})`, 'g'))].map(
    ([, month, year]) => `${year}-${pad(MONTHS.indexOf(month!) + 1)}`,
  )
  if (months.length > 0) return months.map((month) => (iso) => iso.startsWith(month))
  const times = [...readAs.matchAll(/\b(\d{2}):(\d{2})(?::(\d{2}))?/g)].map(
    ([, hours, minutes, seconds]) => `T${hours}:${minutes}:${seconds ?? '00'}`,
  )
  if (times.length > 0) return times.map((time) => (iso) => iso.includes(time))
  const years = [...readAs.matchAll(/^(?:AD )?(\d{3,4})\b/g)].map(([, year]) => year!.padStart(4, '0'))
  return years.map((year) => (iso) => iso.startsWith(year))
}

// The column-level choices a row's examples are read with, as the import would make them.
function optionsFor(form: string): ParseDateOptions {
  if (/excel/i.test(form)) return { numbers: 'excel-serial' }
  if (/day\/month|dots or dashes/.test(form)) return { order: 'DMY' }
  if (/two-digit/.test(form)) return { referenceDate: new Date('2025-06-01T00:00:00Z') }
  return {}
}

describe('the date forms of the data-formats page', () => {
  const rows = tableUnder('## Date forms')

  it('are read from the page', () => {
    expect(rows.length).toBeGreaterThan(25)
  })

  it.each(rows.map((row) => [row[0]!, row] as const))('%s: every example parses as the page says', (form, row) => {
    const examples = codeSpans(row[1]!)
    const readAs = row[2] ?? ''
    expect(examples.length, form).toBeGreaterThan(0)
    const parsed = examples.map((example) => [example, tryParseDate(example, optionsFor(form))] as const)
    for (const [example, date] of parsed) expect(date, `${form}: ${example}`).toBeDefined()
    const promises = promisesOf(readAs)
    parsed.forEach(([example, date], index) => {
      const check = promises.length === examples.length ? promises[index] : promises.length === 1 ? promises[0] : null
      if (check) expect(check(date!.iso), `${form}: ${example} → ${date!.iso}, page says "${readAs}"`).toBe(true)
    })
    if (/precision (\w+)/.test(readAs))
      for (const [, date] of parsed) expect(date!.precision).toBe(/precision (\w+)/.exec(readAs)![1])
    if (/approximate/.test(readAs)) for (const [, date] of parsed) expect(date!.isApproximate).toBe(true)
    const range = /start (\d{4}), end (\d{4})/.exec(readAs)
    if (range)
      for (const [, date] of parsed) {
        expect(date!.iso.slice(0, 4)).toBe(range[1])
        expect(date!.end?.iso.slice(0, 4)).toBe(range[2])
      }
    const bce = /(\d+) BC is year −(\d+)/.exec(readAs)
    if (bce) expect(tryParseDate(`${bce[1]} BC`)!.iso.startsWith(`-${bce[2]!.padStart(6, '0')}`)).toBe(true)
  })
})

describe('the coordinate forms of the data-formats page', () => {
  const numbersOf = (text: string) =>
    [...text.replace(/−/g, '-').matchAll(/-?\d+(?:\.\d+)?(…)?/g)].map(([number, cut]) => ({
      value: Number(number.replace('…', '')),
      cut: Boolean(cut),
    }))

  it.each(tableUnder('### One value per column').map((row) => [row[0]!, row] as const))(
    'one value per column, %s: every example reads as the page says',
    (form, row) => {
      const examples = codeSpans(row[1]!)
      const expected = numbersOf(row[2] ?? '')
      examples.forEach((example, index) => {
        const degrees = tryParseCoordinate(example)
        expect(degrees, `${form}: ${example}`).toBeDefined()
        const promise =
          expected.length === examples.length ? expected[index] : expected.length === 1 ? expected[0] : null
        const wanted = promise ?? { value: Number(example), cut: false }
        if (Number.isNaN(wanted.value)) return
        if (wanted.cut) expect(String(degrees)).toMatch(new RegExp(`^${String(wanted.value).replace('.', '\\.')}`))
        else expect(degrees, `${form}: ${example}`).toBeCloseTo(wanted.value, 6)
      })
    },
  )

  it.each(tableUnder('### Both in one column').map((row) => [row[0]!, row] as const))(
    'both in one column, %s: every example is the same place, New York',
    (form, row) => {
      for (const example of codeSpans(row[1]!)) {
        const pair = tryParseCoordinatePair(example)
        expect(pair, `${form}: ${example}`).toBeDefined()
        expect(pair!.latitude, example).toBeCloseTo(40.7128, 3)
        expect(pair!.longitude, example).toBeCloseTo(-74.006, 3)
      }
    },
  )
})

describe('the file formats of the data-formats page', () => {
  const folder = mkdtempSync(path.join(os.tmpdir(), 'chronotope-data-formats-'))
  afterAll(() => rmSync(folder, { recursive: true, force: true }))
  const rows = [
    ['Flood', '2021-04-03'],
    ['Café Überfall', '1848'],
  ]
  const workbook = (bookType: XLSX.BookType) => {
    const book = XLSX.utils.book_new()
    XLSX.utils.book_append_sheet(book, XLSX.utils.aoa_to_sheet([['title', 'date'], ...rows]), 'Events')
    return XLSX.write(book, { type: 'buffer', bookType }) as Buffer
  }
  const text = (delimiter: string) =>
    ['title,date', ...rows.map((row) => row.join(','))].join('\n').replaceAll(',', delimiter)
  const SAMPLES: Record<string, Array<[name: string, bytes: Buffer | string, format: FileFormat]>> = {
    'CSV and TSV': [
      ['comma.txt', text(','), 'csv'],
      ['semicolon.csv', text(';'), 'csv'],
      ['tab.tsv', text('\t'), 'csv'],
      ['pipe.csv', text('|'), 'csv'],
      ['bom.csv', `\uFEFF${text(',')}`, 'csv'],
      ['utf16.csv', Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(text(','), 'utf16le')]), 'csv'],
      ['cp1252.csv', Buffer.from(text(','), 'latin1'), 'csv'],
    ],
    XLSX: [['book', workbook('xlsx'), 'xlsx']],
    XLS: [['book.xls', workbook('biff8'), 'xls']],
    ODS: [['book.ods', workbook('ods'), 'ods']],
    JSON: [['events.json', JSON.stringify(rows.map(([title, date]) => ({ title, date }))), 'json']],
    NDJSON: [['events.ndjson', rows.map(([title, date]) => JSON.stringify({ title, date })).join('\n'), 'json']],
    GeoJSON: [
      [
        'events.geojson',
        JSON.stringify({
          type: 'FeatureCollection',
          features: rows.map(([title, date]) => ({
            type: 'Feature',
            properties: { title, date },
            geometry: { type: 'Point', coordinates: [-74.006, 40.7128] },
          })),
        }),
        'geojson',
      ],
    ],
  }

  it('lists exactly the formats tested here', () => {
    expect(tableUnder('## File formats').map((row) => row[0])).toEqual(Object.keys(SAMPLES))
  })

  it.each(Object.entries(SAMPLES))('%s: each sample is detected and its rows read', async (_format, samples) => {
    for (const [name, bytes, format] of samples) {
      const file = path.join(folder, name)
      writeFileSync(file, bytes)
      const detection = await detectFileFormat(file)
      expect(detection.format, name).toBe(format)
      const read: unknown[] = []
      for await (const batch of readRows(file, detection)) read.push(...batch.map((row) => row.values))
      expect(read, name).toHaveLength(2)
      expect(JSON.stringify(read), name).toContain('Flood')
      expect(JSON.stringify(read), name).toContain('Café Überfall')
    }
  })
})
