import { describe, expect, it } from 'vitest'

import { createEventExtractor } from './extract-event-fields'
import { detectSchema } from './schema-builder'
import { splitCsv } from '@chronotope/test-fixtures'

import { readCsvFixture } from './testing/read-csv-fixture'
import { createRowTransformer } from './transform-values'
import type { DetectedSchema } from './types'

interface ImportCounts {
  rows: number
  withTime: number
  withCoordinates: number
  withPlaceQuery: number
  errors: Record<string, number>
  transformErrors: number
}

/** Runs the event extractor and the transformer over all rows, as an import would. */
function importAll(schema: DetectedSchema, rows: ReadonlyArray<Record<string, string>>): ImportCounts {
  const extract = createEventExtractor(schema.mapping)
  const transform = createRowTransformer(schema.fields)
  const counts: ImportCounts = {
    rows: rows.length,
    withTime: 0,
    withCoordinates: 0,
    withPlaceQuery: 0,
    errors: {},
    transformErrors: 0,
  }
  rows.forEach((row, index) => {
    const event = extract(row, index + 2)
    if (event.eventTime) counts.withTime++
    if (event.coordinates) counts.withCoordinates++
    if (event.placeQuery) counts.withPlaceQuery++
    for (const error of event.errors) counts.errors[error.code] = (counts.errors[error.code] ?? 0) + 1
    counts.transformErrors += transform(row, index + 2).errors.length
  })
  return counts
}

function rolesOf(schema: DetectedSchema): Record<string, string | undefined> {
  return Object.fromEntries(
    schema.fields.filter((field) => field.role !== undefined).map((field) => [field.name, field.role]),
  )
}

describe('FiveThirtyEight fixtures', () => {
  it('police killings: split date, lat/lon, street address parts', () => {
    const { headers, rows } = readCsvFixture('police-killings_police_killings.csv')
    const schema = detectSchema(headers, rows)
    expect(schema.mapping).toMatchObject({
      title: 'name',
      startTime: { parts: { year: 'year', month: 'month', day: 'day' } },
      location: {
        kind: 'lat-lon',
        latitude: 'latitude',
        longitude: 'longitude',
        isSwapped: false,
        format: 'decimal',
        address: { street: 'streetaddress', city: 'city', region: 'state' },
      },
    })
    expect(rolesOf(schema)).toMatchObject({
      streetaddress: 'street',
      city: 'city',
      state: 'region',
      month: 'month',
      day: 'day',
      year: 'year',
      latitude: 'latitude',
      longitude: 'longitude',
    })
    expect(schema.fields.find((field) => field.name === 'age')).toMatchObject({ type: 'integer', nullable: true })
    expect(schema.fields.find((field) => field.name === 'gender')).toMatchObject({
      type: 'enum',
      enumValues: ['Male', 'Female'],
    })
    expect(importAll(schema, rows)).toEqual({
      rows: 467,
      withTime: 467,
      withCoordinates: 467,
      withPlaceQuery: 0,
      errors: {},
      transformErrors: 0,
    })
  })

  it.each([
    ['presidential-campaign-trail_trump.csv', 106],
    ['presidential-campaign-trail_clinton.csv', 71],
  ])('%s: M/D/Y dates, lat/lng, a "City, ST" place', (fileName, rowCount) => {
    const { headers, rows } = readCsvFixture(fileName)
    const schema = detectSchema(headers, rows)
    expect(schema.mapping).toMatchObject({
      startTime: { field: 'date', kind: 'numeric' },
      dateOrder: 'MDY',
      location: {
        kind: 'lat-lon',
        latitude: 'lat',
        longitude: 'lng',
        isSwapped: false,
        address: { place: 'location', city: 'city', region: 'state' },
      },
    })
    expect(schema.fields.find((field) => field.name === 'date')?.dateFormat).toMatchObject({
      kind: 'numeric',
      order: 'MDY',
      isAmbiguousOrder: false,
    })
    expect(schema.warnings).toEqual([])
    expect(importAll(schema, rows)).toEqual({
      rows: rowCount,
      withTime: rowCount,
      withCoordinates: rowCount,
      withPlaceQuery: 0,
      errors: {},
      transformErrors: 0,
    })
  })

  it('GOP candidate visits: M/D/Y dates, City + State to geocode, no coordinates', () => {
    const { headers, rows } = readCsvFixture('gop-candidate-visits-2024_candidate_visits.csv')
    const schema = detectSchema(headers, rows)
    expect(schema.mapping).toMatchObject({
      title: 'Candidate name',
      description: 'Notes',
      startTime: { field: 'Date', kind: 'numeric' },
      dateOrder: 'MDY',
      location: { kind: 'address', address: { city: 'City', region: 'State' } },
    })
    expect(schema.mapping.location.latitude).toBeUndefined()
    expect(importAll(schema, rows)).toEqual({
      rows: 1741,
      withTime: 1741,
      withCoordinates: 0,
      withPlaceQuery: 1741,
      errors: {},
      transformErrors: 0,
    })
  })

  it('a truncated file gives a row error for its cut-off row instead of a crash', () => {
    const { headers, rows } = readCsvFixture('presidential-campaign-trail_trump.csv')
    const lastRow = rows[49] as Record<string, string>
    const cut = splitCsv(
      [
        headers.join(','),
        ...rows.slice(0, 49).map((row) => headers.map((name) => JSON.stringify(row[name])).join(',')),
      ].join('\n') + `\n${lastRow.date},"${lastRow.location}",${lastRow.city},${lastRow.state},${lastRow.lat},`,
    )
    const truncated = cut
      .slice(1)
      .map((record) => Object.fromEntries(headers.map((name, index) => [name, record[index] ?? ''])))
    const schema = detectSchema(headers, truncated)
    const counts = importAll(schema, truncated)
    expect(counts).toMatchObject({ rows: 50, withTime: 50, withCoordinates: 49, errors: { 'invalid-coordinates': 1 } })
  })
})
