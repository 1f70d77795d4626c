import { PROTEST_BAD_DATES, protestsCsv, splitCsv, undecidedDatesCsv } from '@chronotope/test-fixtures'
import { describe, expect, it } from 'vitest'

import { describeDateProblem } from './date-problem'
import { createEventExtractor } from './extract-event-fields'
import { applyImportAnswers, unansweredChoices } from './import-choices'
import { createSchemaBuilder, detectSchema } from './schema-builder'
import { createRowTransformer } from './transform-values'
import type { DetectedSchema } from './types'
import { AmbiguousDateOrder, InvalidDate, parseDate } from '@chronotope/dates'

function table(csv: string): { headers: string[]; rows: Array<Record<string, string>> } {
  const [headers = [], ...records] = splitCsv(csv).filter((record) => record.length > 1)
  return {
    headers,
    rows: records.map((record) => Object.fromEntries(headers.map((name, i) => [name, record[i] ?? '']))),
  }
}

/** Imports rows as the app does: the extractor's errors first, then the transformer's. */
function importRows(schema: DetectedSchema, rows: ReadonlyArray<Record<string, string>>) {
  const extract = createEventExtractor(schema.mapping)
  const transform = createRowTransformer(schema.fields, { dateOrders: schema.mapping.dateOrders ?? {} })
  return rows.map((row, index) => {
    const fields = extract(row, index + 1)
    const typed = transform(row, index + 1)
    return { time: fields.eventTime?.iso.slice(0, 10) ?? null, errors: [...fields.errors, ...typed.errors], typed }
  })
}

describe('the protests file of issue 26: one Date column written three ways', () => {
  const { csv, rows: truth } = protestsCsv()
  const { headers, rows } = table(csv)
  const schema = detectSchema(headers, rows)
  const choice = schema.choices.find((candidate) => candidate.column === 'Date')!

  it('decides day first from the values that can only be read so, although ISO dates outnumber them', () => {
    expect(choice).toMatchObject({ kind: 'date-order', decided: 'DMY', decidedBy: 'values', isRequired: false })
    expect(choice.reason).toBe(
      'day first: 73 values such as 13/01/2024 can only be read so; 1 value such as 12/25/2024 can only be read month first and will be row errors',
    )
    expect(choice.evidence).toMatchObject({ dayFirst: 73, monthFirst: 1, either: 37, yearFirst: 149 })
    expect(schema.mapping.dateOrders).toEqual({ Date: 'DMY' })
    expect(unansweredChoices(schema.choices, {})).toEqual([])
  })

  it('shows five values as written and as read, the telling ones first', () => {
    expect(choice.examples).toEqual([
      { raw: '13/01/2024', read: '13 January 2024' },
      { raw: '04/07/2024', read: '4 July 2024' },
      { raw: '12/25/2024', read: 'row error: there is no month 25' },
      { raw: '2024-02-08', read: '8 February 2024' },
      { raw: 'June 8, 2024', read: '8 June 2024' },
    ])
  })

  it('puts every event in its true month and makes each bad value one invalid-date row error', () => {
    const imported = importRows(schema, rows)
    const bad = new Set<number>(PROTEST_BAD_DATES.map((entry) => entry.row))
    truth.forEach((expected, index) => {
      const result = imported[index]!
      if (bad.has(expected.row)) {
        expect(result.time).toBeNull()
        expect(result.errors[0]).toMatchObject({ row: expected.row, column: 'Date', code: 'invalid-date' })
      } else {
        expect(result.errors).toEqual([])
        expect(result.time).toBe(expected.expected)
      }
    })
    expect(imported.filter((result) => result.time !== null)).toHaveLength(296)
  })

  it.each([
    [
      17,
      '"13/25/2024" cannot be read day first (day/month/year), the date order of "Date": there is no month 25. Correct it in the file',
    ],
    [
      88,
      '"12/25/2024" cannot be read day first (day/month/year), the date order of "Date": there is no month 25. It reads only month first: correct it in the file, or choose month first for "Date" if the whole column is written so',
    ],
    [
      141,
      '"31/02/2024" cannot be read day first (day/month/year), the date order of "Date": February has 29 days in 2024. Correct it in the file',
    ],
    [205, 'soon is not a valid date: "soon" is not part of a date'],
  ])('explains row %i with the value, the order and the fix', (row, message) => {
    const [error] = importRows(schema, rows)[row - 1]!.errors
    expect(error?.message).toBe(message)
  })

  it('reads numbers with thousands separators and keeps Arabic and Cyrillic text', () => {
    const [first, second, third] = importRows(schema, rows)
    expect(first!.typed.values.Participants).toBe(1000)
    expect(second!.typed.values.City).toBe('Москва')
    expect(third!.typed.values.Title).toBe('مظاهرة في ميدان التحرير #3')
  })

  it('reads the column month first only when the user says so, and then says what that costs', () => {
    const chosen = applyImportAnswers(schema, { dateOrders: { Date: 'MDY' } })
    expect(chosen.choices[0]).toMatchObject({ decided: 'MDY', decidedBy: 'user' })
    expect(chosen.choices[0]!.reason).toBe(
      'month first, as chosen; 1 value such as 12/25/2024 can only be read so; 73 values such as 13/01/2024 cannot be read month first and will be row errors',
    )
    const conflicts = chosen.warnings.filter((warning) => warning.code === 'conflicting-date-order')
    expect(conflicts.map((warning) => warning.message)).toEqual([
      '73 values in "Date" such as 13/01/2024 cannot be read month first, the order chosen for the column: they will be row errors. Correct them in the file, or choose another order.',
    ])
    const [first] = importRows(chosen, rows)
    expect(first!.errors[0]!.message).toBe(
      '"13/01/2024" cannot be read month first (month/day/year), the date order of "Date": there is no month 13. It reads only day first: correct it in the file, or choose day first for "Date" if the whole column is written so',
    )
  })
})

describe('a file whose day/month order no value decides', () => {
  const { csv, rows: truth } = undecidedDatesCsv()
  const { headers, rows } = table(csv)
  const schema = detectSchema(headers, rows)

  it('asks for the order of each such column, with both readings of its examples', () => {
    expect(unansweredChoices(schema.choices, {}).map((choice) => choice.column)).toEqual(['Date', 'End date'])
    const [date] = schema.choices
    expect(date).toMatchObject({ isRequired: true })
    expect(date!.decided).toBeUndefined()
    expect(date!.reason).toBe(
      'undecided: all 30 values written with numbers and the year last, such as 03/01/2024, can be read day first or month first; values such as 2024-04-06 start with the year and do not tell',
    )
    expect(date!.examples[0]).toEqual({
      raw: '03/01/2024',
      read: '3 January 2024 (day first) or 1 March 2024 (month first)',
    })
    expect(schema.warnings).toContainEqual({
      code: 'ambiguous-date-order',
      field: 'Date',
      message:
        'Dates in "Date" such as 03/01/2024 can be read day first or month first, and no value in the file decides: choose the order before the import starts.',
    })
    expect(schema.mapping.dateOrder).toBeUndefined()
  })

  it('never guesses: without an answer each value that reads both ways is a row error', () => {
    const [first] = importRows(schema, rows)
    expect(first!.time).toBeNull()
    expect(first!.errors[0]).toMatchObject({
      row: 1,
      column: 'Date',
      code: 'invalid-date',
      message:
        '"03/01/2024" could be 3 January (day first) or 1 March (month first), and no other value of "Date" tells which: choose the date order of "Date" and import again',
    })
  })

  it.each([
    ['per column', { dateOrders: { Date: 'DMY', 'End date': 'DMY' } } as const],
    ['for all columns (dateOrder)', { dateOrder: 'DMY' } as const],
  ])('reads every row right with day first chosen %s, and the warnings say so', (_case, answers) => {
    const chosen = applyImportAnswers(schema, answers)
    expect(unansweredChoices(chosen.choices, answers)).toEqual([])
    expect(chosen.choices.map((choice) => [choice.column, choice.decided, choice.reason])).toEqual([
      ['Date', 'DMY', 'day first, as chosen'],
      ['End date', 'DMY', 'day first, as chosen'],
    ])
    expect(chosen.mapping.dateOrders).toEqual({ Date: 'DMY', 'End date': 'DMY' })
    expect(chosen.warnings.map((warning) => warning.code)).not.toContain('ambiguous-date-order')
    expect(JSON.stringify(chosen)).not.toMatch(/month first is assumed|month\/day\/year is assumed/)
    const imported = importRows(chosen, rows)
    expect(imported.map((result) => result.time)).toEqual(truth.map((row) => row.expected))
    expect(imported.flatMap((result) => result.errors)).toEqual([])
  })

  it('leaves a column the answers do not name unanswered', () => {
    const answers = { dateOrders: { Date: 'DMY' } } as const
    expect(unansweredChoices(applyImportAnswers(schema, answers).choices, answers).map((c) => c.column)).toEqual([
      'End date',
    ])
  })
})

describe('the order holds for the whole file, not only the sample', () => {
  it('decides a column the sample left undecided from values read beyond it', () => {
    const builder = createSchemaBuilder(['Date'])
    builder.addRows([{ Date: '03/04/2024' }, { Date: '05/06/2024' }, { Date: '2024-04-05' }])
    expect(builder.undecidedDateColumns(['Date'])).toEqual(['Date'])
    expect(builder.build().choices[0]).toMatchObject({ isRequired: true })
    builder.addDateOrderEvidence([{ Date: '07/08/2024' }, { Date: '21/01/2024' }], ['Date'])
    expect(builder.undecidedDateColumns(['Date'])).toEqual([])
    const schema = builder.build()
    expect(schema.choices[0]).toMatchObject({ decided: 'DMY', isRequired: false })
    expect(schema.choices[0]!.reason).toBe('day first: 1 value such as 21/01/2024 can only be read so')
    expect(schema.fields[0]!.dateFormat).toMatchObject({ order: 'DMY', isAmbiguousOrder: false })
    expect(schema.mapping.dateOrders).toEqual({ Date: 'DMY' })
  })

  it('counts repeated values, not only the distinct ones kept as samples', () => {
    const builder = createSchemaBuilder(['Date'])
    builder.addRows([...Array.from({ length: 3 }, () => ({ Date: '25/12/2024' })), { Date: '12/13/2024' }])
    expect(builder.build().choices[0]!.reason).toBe(
      'day first: 3 values such as 25/12/2024 can only be read so; 1 value such as 12/13/2024 can only be read month first and will be row errors',
    )
  })

  it('gives each date column its own order', () => {
    const schema = detectSchema(
      ['european', 'american'],
      [
        { european: '21/01/2024', american: '01/21/2024' },
        { european: '03/04/2024', american: '03/04/2024' },
      ],
    )
    expect(schema.mapping.dateOrders).toEqual({ european: 'DMY', american: 'MDY' })
    const typed = createRowTransformer(schema.fields)({ european: '03/04/2024', american: '03/04/2024' }, 2)
    expect(typed.values).toEqual({ european: '2024-04-03T00:00:00.000Z', american: '2024-03-04T00:00:00.000Z' })
  })
})

describe('describeDateProblem', () => {
  function problem(value: string, order: 'DMY' | 'MDY' | 'YMD' | undefined): string {
    try {
      parseDate(value, { onAmbiguousOrder: 'reject', ...(order ? { order } : {}) })
    } catch (error) {
      if (error instanceof InvalidDate) return describeDateProblem(error, value, 'Date', order)
      throw error
    }
    throw new Error(`${value} parsed`)
  }

  it.each<[string, 'DMY' | 'MDY' | 'YMD' | undefined, string]>([
    [
      '25/03/2024',
      'MDY',
      '"25/03/2024" cannot be read month first (month/day/year), the date order of "Date": there is no month 25. It reads only day first: correct it in the file, or choose day first for "Date" if the whole column is written so',
    ],
    [
      '21/01/2024',
      'YMD',
      '"21/01/2024" cannot be read year first (year/month/day), the date order of "Date": January has 31 days. It reads only day first: correct it in the file, or choose day first for "Date" if the whole column is written so',
    ],
    [
      '03/04/2024',
      undefined,
      '"03/04/2024" could be 3 April (day first) or 4 March (month first), and no other value of "Date" tells which: choose the date order of "Date" and import again',
    ],
    ['yesterday', 'DMY', 'yesterday is not a valid date: "yesterday" is not part of a date'],
  ])('%s read %s', (value, order, message) => {
    expect(problem(value, order)).toBe(message)
  })

  it('uses its own error class for a value that reads both ways', () => {
    expect(() => parseDate('03/04/2024', { onAmbiguousOrder: 'reject' })).toThrow(AmbiguousDateOrder)
  })
})
