import { describe, expect, it } from 'vitest'

import { detectSchema } from './schema-builder'
import type { EventMapping, SchemaWarningCode } from './types'

type Table = Record<string, readonly string[]>

function rowsOf(table: Table): Array<Record<string, string>> {
  const columns = Object.entries(table)
  const length = columns[0]?.[1].length ?? 0
  return Array.from({ length }, (_, index) =>
    Object.fromEntries(columns.map(([name, values]) => [name, values[index] ?? ''])),
  )
}

describe('time fields', () => {
  it.each<[string, Table, Pick<EventMapping, 'startTime' | 'endTime' | 'dateOrder'>]>([
    [
      'start and end columns',
      { start_date: ['2020-01-01', '2020-02-01'], end_date: ['2020-01-05', '2020-02-09'], name: ['a', 'b'] },
      {
        startTime: { field: 'start_date', kind: 'iso' },
        endTime: { field: 'end_date', kind: 'iso' },
        dateOrder: 'YMD',
      },
    ],
    [
      'German Datum/bis with day-first dates',
      { Datum: ['31.12.2020', '15.01.2021'], bis: ['02.01.2021', '20.01.2021'] },
      { startTime: { field: 'Datum', kind: 'numeric' }, endTime: { field: 'bis', kind: 'numeric' }, dateOrder: 'DMY' },
    ],
    [
      'Spanish fecha, month first',
      { fecha: ['12/31/2020', '1/15/2021'] },
      { startTime: { field: 'fecha', kind: 'numeric' }, dateOrder: 'MDY' },
    ],
    [
      'the best-named of several date columns',
      { updated: ['2021-01-01', '2021-01-02'], date: ['2020-01-01', '2020-01-02'] },
      { startTime: { field: 'date', kind: 'iso' }, dateOrder: 'YMD' },
    ],
    [
      'an unnamed date column',
      { when_it_happened2: ['2020-01-01', '2020-01-02'] },
      { startTime: { field: 'when_it_happened2', kind: 'iso' }, dateOrder: 'YMD' },
    ],
    [
      'split year/month/day columns with month names',
      { month: ['February', 'April', 'March'], day: ['23', '2', '14'], year: ['2015', '2015', '2015'] },
      { startTime: { parts: { year: 'year', month: 'month', day: 'day' } } },
    ],
    [
      'split German columns with numeric months',
      { Jahr: ['1989', '1990'], Monat: ['11', '10'], Tag: ['9', '3'] },
      { startTime: { parts: { year: 'Jahr', month: 'Monat', day: 'Tag' } } },
    ],
    [
      'a year column alone',
      { year: ['1848', '1871', '1914'], event: ['a', 'b', 'c'] },
      { startTime: { parts: { year: 'year' } } },
    ],
  ])('%s', (_case, table, expected) => {
    const { startTime, endTime, dateOrder } = detectSchema(Object.keys(table), rowsOf(table)).mapping
    expect({ startTime, endTime, dateOrder }).toEqual(expected)
  })

  it.each<[string, Table, SchemaWarningCode, string | undefined]>([
    ['ambiguous day/month order', { date: ['01/02/2020', '03/04/2020', '05/06/2020'] }, 'ambiguous-date-order', 'date'],
    ['no date column', { name: ['a', 'b'], count: ['1', '2'] }, 'no-time-field', undefined],
  ])('warns about %s', (_case, table, code, field) => {
    const warnings = detectSchema(Object.keys(table), rowsOf(table)).warnings
    expect(warnings).toContainEqual(expect.objectContaining(field === undefined ? { code } : { code, field }))
  })

  it('does not take counts or ids for dates', () => {
    const table = {
      id: ['1001', '1002', '1003'],
      count: ['1999', '2001', '2010'],
      population: ['1500', '1600', '1700'],
    }
    const schema = detectSchema(Object.keys(table), rowsOf(table))
    expect(schema.mapping.startTime).toBeUndefined()
    expect(schema.fields.map((field) => field.type)).toEqual(['id', 'integer', 'integer'])
  })

  it('gives split columns their part roles', () => {
    const table = { month: ['February', 'April'], day: ['23', '2'], year: ['2015', '2015'] }
    const roles = detectSchema(Object.keys(table), rowsOf(table)).fields.map((field) => field.role)
    expect(roles).toEqual(['month', 'day', 'year'])
  })
})
