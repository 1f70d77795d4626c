import { BAD_DATES, BAD_DATES_FILE_ROWS } from '@chronotope/test-fixtures'
import { describe, expect, it } from 'vitest'

import type { CellValue } from './cell-value'
import { createEventExtractor } from './extract-event-fields'
import { detectSchema } from './schema-builder'
import { readCsvFixture } from './testing/read-csv-fixture'
import { createRowTransformer } from './transform-values'

// A date column with some values that are not dates stays the date column: the real campaign
// trail file (M/D/YYYY dates) cut to 50 rows, with the five bad values put in.
function campaignWithBadDates(): { headers: string[]; rows: Array<Record<string, string>> } {
  const { headers, rows } = readCsvFixture('presidential-campaign-trail_trump.csv')
  const cut = rows.slice(0, BAD_DATES_FILE_ROWS).map((row) => ({ ...row }))
  // Data row numbers, as imports count them: the first row after the header is row 1.
  for (const bad of BAD_DATES) cut[bad.row - 1]!.date = bad.value
  return { headers, rows: cut }
}

describe('a date column with some values that are not dates', () => {
  it('stays the date column and the event time, and the warning gives the bad share', () => {
    const { headers, rows } = campaignWithBadDates()
    const schema = detectSchema(headers, rows)
    expect(schema.fields.find((field) => field.name === 'date')).toMatchObject({
      type: 'date',
      role: 'start-time',
      dateFormat: { kind: 'numeric', order: 'MDY' },
    })
    expect(schema.mapping.startTime).toEqual({ field: 'date', kind: 'numeric' })
    const warning = schema.warnings.find((entry) => entry.field === 'date')
    expect(warning?.code).toBe('type-mismatch')
    expect(warning?.message).toContain('5 of 50 values (10%) in "date" are not dates')
    expect(warning?.message).toContain('invalid-date row errors')
    expect(schema.warnings.map((entry) => entry.code)).not.toContain('no-time-field')
  })

  it('makes each bad value one invalid-date error naming row, field and value; the rest get their times', () => {
    const { headers, rows } = campaignWithBadDates()
    const schema = detectSchema(headers, rows)
    const extract = createEventExtractor(schema.mapping)
    const transform = createRowTransformer(schema.fields, { dateOrder: schema.mapping.dateOrder })
    const withTime: number[] = []
    const extracted = []
    const transformed = []
    for (const [index, row] of rows.entries()) {
      const rowNumber = index + 1
      const fields = extract(row, rowNumber)
      if (fields.eventTime) withTime.push(rowNumber)
      extracted.push(...fields.errors)
      transformed.push(...transform(row, rowNumber).errors)
    }
    expect(withTime).toHaveLength(45)
    for (const errors of [extracted, transformed]) {
      expect(errors.map(({ row, column, value, code }) => ({ row, column, value, code }))).toEqual(
        BAD_DATES.map(({ row, value }) => ({ row, column: 'date', value, code: 'invalid-date' })),
      )
      for (const error of errors) expect(error.message).toContain(error.value)
    }
  })

  const dates = (count: number): string[] =>
    Array.from(
      { length: count },
      (_, index) =>
        `${2000 + index}-${String(1 + (index % 12)).padStart(2, '0')}-${String(1 + (index % 28)).padStart(2, '0')}`,
    )
  const words = (count: number): string[] => Array.from({ length: count }, (_, index) => `pending ${'x'.repeat(index)}`)

  // Written dates as a share of non-empty values: four in five under any header, more than half
  // under a header that names a time. Bare numbers (years, counts) never count towards it.
  it.each<[string, string, readonly CellValue[], string]>([
    ['45 of 50 dates under "date": a date column', 'date', [...dates(45), ...words(5)], 'date'],
    [
      '40 of 50 dates under a header that names nothing: a date column',
      'reported',
      [...dates(40), ...words(10)],
      'date',
    ],
    ['35 of 50 dates under a header that names nothing: text', 'reported', [...dates(35), ...words(15)], 'mixed'],
    ['30 of 50 dates under "date": a date column', 'date', [...dates(30), ...words(20)], 'date'],
    ['30 of 50 dates under "fecha": a date column', 'fecha', [...dates(30), ...words(20)], 'date'],
    ['25 of 50 dates under "date", no majority: text', 'date', [...dates(25), ...words(25)], 'mixed'],
    [
      'numbers that look like years under "population", a tenth not numbers: never dates',
      'population',
      [...Array.from({ length: 45 }, (_, index) => String(1200 + index * 17)), ...words(5)],
      'mixed',
    ],
  ])('%s', (_case, header, values, expected) => {
    const schema = detectSchema(
      [header],
      values.map((value) => ({ [header]: value })),
    )
    expect(schema.fields[0]?.type).toBe(expected)
  })
})
