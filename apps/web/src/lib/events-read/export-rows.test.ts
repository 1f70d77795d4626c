import { describe, expect, it } from 'vitest'

import { csvLine, geoJsonFeature, isoFromUtcText, numberText, type ExportRow } from './export-rows'

describe('isoFromUtcText', () => {
  // PostgreSQL's text of `timestamp` (ISO DateStyle) → what Date.toISOString() writes.
  it.each([
    ['1996-06-29 11:21:38', '1996-06-29T11:21:38.000Z'],
    ['1996-06-29 11:21:38.5', '1996-06-29T11:21:38.500Z'],
    ['1996-06-29 11:21:38.12', '1996-06-29T11:21:38.120Z'],
    ['1996-06-29 11:21:38.123', '1996-06-29T11:21:38.123Z'],
    ['0044-03-15 00:00:00', '0044-03-15T00:00:00.000Z'],
    ['0001-01-01 00:00:00 BC', '0000-01-01T00:00:00.000Z'],
    ['0500-03-01 00:00:00 BC', '-000499-03-01T00:00:00.000Z'],
    ['0500-03-01 12:00:00.25 BC', '-000499-03-01T12:00:00.250Z'],
    ['12000-01-01 00:00:00', '+012000-01-01T00:00:00.000Z'],
    ['294276-12-31 23:59:59.999', null],
    ['infinity', null],
    ['-infinity', null],
    [null, null],
  ])('%s → %s', (text, iso) => {
    expect(isoFromUtcText(text)).toBe(iso)
  })
})

describe('numberText', () => {
  // PostgreSQL's float8 text → what String(number) writes.
  it.each([
    ['2.35', '2.35'],
    ['-33.86', '-33.86'],
    ['0', '0'],
    ['-0', '0'],
    ['1e-05', '0.00001'],
    ['-1.5e-07', '-1.5e-7'],
    ['1e+15', '1000000000000000'],
    ['1e+21', '1e+21'],
    ['NaN', 'NaN'],
    ['-Infinity', '-Infinity'],
  ])('%s → %s', (text, expected) => {
    expect(numberText(text)).toBe(expected)
    expect(numberText(text)).toBe(String(Number(text)))
  })
})

const row: ExportRow = [
  '7',
  '2',
  'Fair',
  null,
  '2001-02-03 04:05:06',
  null,
  'day',
  '2.35',
  '48.85',
  'Paris',
  '{"n": 1, "tag": "=x"}',
]

describe('csvLine', () => {
  it('writes the fixed columns, then the data keys asked for, with CRLF', () => {
    expect(csvLine(row, ['n', 'tag', 'missing'])).toBe(
      `7,2,Fair,,2001-02-03T04:05:06.000Z,,day,2.35,48.85,Paris,1,"'=x",\r\n`,
    )
  })

  it('quotes what needs quoting and defuses formulas in text, but writes BCE times as they are', () => {
    const tricky: ExportRow = [
      '8',
      '2',
      '=SUM(A1)',
      'said "hi",\nleft',
      '0500-03-01 00:00:00 BC',
      '0001-01-01 00:00:00 BC',
      null,
      null,
      null,
      "'quoted",
      '{"minus": "-1 + 2"}',
    ]
    expect(csvLine(tricky, ['minus'])).toBe(
      `8,2,"'=SUM(A1)","said ""hi"",\nleft",-000499-03-01T00:00:00.000Z,0000-01-01T00:00:00.000Z,,,,"'quoted","'-1 + 2"\r\n`,
    )
  })
})

describe('geoJsonFeature', () => {
  it('is what JSON.stringify writes for the event', () => {
    const expected = {
      type: 'Feature',
      id: 7,
      geometry: { type: 'Point', coordinates: [2.35, 48.85] },
      properties: {
        id: 7,
        datasetId: 2,
        title: 'Fair',
        description: null,
        eventTime: '2001-02-03T04:05:06.000Z',
        eventEndTime: null,
        timePrecision: 'day',
        locationName: 'Paris',
        data: { n: 1, tag: '=x' },
      },
    }
    expect(geoJsonFeature(row)).toBe(JSON.stringify(expected))
  })

  it('has no geometry without a place, escapes text, and writes missing data as {}', () => {
    const feature = JSON.parse(
      geoJsonFeature(['9', '2', 'Tab\there "q" \u2028', null, null, null, null, null, null, null, null]),
    ) as { geometry: unknown; properties: { title: string; data: unknown } }
    expect(feature.geometry).toBeNull()
    expect(feature.properties.title).toBe('Tab\there "q" \u2028')
    expect(feature.properties.data).toEqual({})
  })
})
