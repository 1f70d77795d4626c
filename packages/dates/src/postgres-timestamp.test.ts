import { describe, expect, it } from 'vitest'

import { InvalidDate } from './invalid-date'
import {
  epochMsFromPostgresTimestamp,
  formatPostgresTimestamp,
  InvalidPostgresTimestamp,
  isoFromPostgresTimestamp,
  postgresTimestampFromText,
} from './postgres-timestamp'

// Every text on the left is what PostgreSQL 15 printed (`select '…'::timestamptz::text`) in the
// session TimeZone named; the right is the same instant as Date.prototype.toISOString writes it.
// Years are astronomical on the right: 490 BC is -000489, 1 BC is 0000.
describe('isoFromPostgresTimestamp', () => {
  it.each([
    ['UTC, 490 BC (astronomical -489)', '0490-01-01 00:00:00+00 BC', '-000489-01-01T00:00:00.000Z'],
    ['UTC, 491 BC (astronomical -490)', '0491-09-12 00:00:00+00 BC', '-000490-09-12T00:00:00.000Z'],
    ['UTC, 44 BC (astronomical -43)', '0044-03-15 00:00:00+00 BC', '-000043-03-15T00:00:00.000Z'],
    ['UTC, the last millisecond of 1 BC', '0001-12-31 23:59:59.999+00 BC', '0000-12-31T23:59:59.999Z'],
    ['UTC, AD 1', '0001-01-01 00:00:00+00', '0001-01-01T00:00:00.000Z'],
    ['UTC, AD 12 (Date reads it as 2024-12-08)', '0012-08-24 00:00:00+00', '0012-08-24T00:00:00.000Z'],
    ['UTC, AD 79 (Date reads it as 1979)', '0079-08-24 00:00:00+00', '0079-08-24T00:00:00.000Z'],
    ['UTC, AD 999', '0999-06-01 12:00:00+00', '0999-06-01T12:00:00.000Z'],
    ['UTC, milliseconds', '1066-10-14 09:30:15.25+00', '1066-10-14T09:30:15.250Z'],
    ['UTC, microseconds are dropped', '2024-01-01 00:00:00.123456+00', '2024-01-01T00:00:00.123Z'],
    ['UTC, a five-digit year', '12000-01-01 00:00:00+00', '+012000-01-01T00:00:00.000Z'],
    ['UTC, the earliest timestamptz', '4713-11-24 00:00:00+00 BC', '-004712-11-24T00:00:00.000Z'],
    ['Asia/Kolkata, 2024', '2024-01-01 05:30:00+05:30', '2024-01-01T00:00:00.000Z'],
    ['Asia/Kolkata, local mean time', '0079-08-24 05:53:28+05:53:28', '0079-08-24T00:00:00.000Z'],
    ['Asia/Kolkata, microseconds', '0012-08-24 15:53:28.123456+05:53:28', '0012-08-24T10:00:00.123Z'],
    ['Asia/Kolkata, BC', '0490-01-01 05:53:28+05:53:28 BC', '-000489-01-01T00:00:00.000Z'],
    ['America/Sao_Paulo, 2024 in 2023', '2023-12-31 21:00:00-03', '2024-01-01T00:00:00.000Z'],
    ['America/Sao_Paulo, AD 1 in 1 BC', '0001-12-31 20:53:32-03:06:28 BC', '0001-01-01T00:00:00.000Z'],
    ['America/Sao_Paulo, 490 BC in 491 BC', '0491-12-31 20:53:32-03:06:28 BC', '-000489-01-01T00:00:00.000Z'],
    ['America/Sao_Paulo, milliseconds', '1066-10-14 06:23:47.25-03:06:28', '1066-10-14T09:30:15.250Z'],
    ['Europe/Paris, AD 79', '0079-08-24 00:09:21+00:09:21', '0079-08-24T00:00:00.000Z'],
    ['to_json, BC', '0490-01-01T00:09:21+00:09:21 BC', '-000489-01-01T00:00:00.000Z'],
    ['to_json, UTC', '0079-08-24T00:00:00+00:00', '0079-08-24T00:00:00.000Z'],
    ['timestamp without time zone', '2001-02-03 04:05:06.5', '2001-02-03T04:05:06.500Z'],
    ['timestamp without time zone, BC', '0500-03-01 00:00:00 BC', '-000499-03-01T00:00:00.000Z'],
  ])('%s: %s → %s', (_session, text, iso) => {
    expect(isoFromPostgresTimestamp(text)).toBe(iso)
    expect(epochMsFromPostgresTimestamp(text)).toBe(Date.parse(iso))
  })

  it.each([
    ['infinity', null],
    ['-infinity', null],
    ['294276-12-31 23:59:59+00', null],
  ])('%s, which a Date cannot hold, is null', (text, expected) => {
    expect(isoFromPostgresTimestamp(text)).toBe(expected)
  })

  it.each([
    '',
    'yesterday',
    '2024-01-01',
    '-000489-01-01T00:00:00.000Z',
    '2024-01-01 10:00:00+0x',
    'abcd-ef-gh ij:kl:mn',
  ])('refuses %j, naming it', (text) => {
    expect(() => isoFromPostgresTimestamp(text)).toThrow(InvalidPostgresTimestamp)
    expect(() => isoFromPostgresTimestamp(text)).toThrow(JSON.stringify(text))
  })
})

// PostgreSQL read every text on the right back as the instant on the left (checked with psql).
describe('formatPostgresTimestamp', () => {
  it.each([
    ['-000489-01-01T00:00:00.000Z', '0490-01-01T00:00:00.000Z BC'],
    ['-000043-03-15T00:00:00.000Z', '0044-03-15T00:00:00.000Z BC'],
    ['0000-12-31T23:59:59.999Z', '0001-12-31T23:59:59.999Z BC'],
    ['0001-01-01T00:00:00.000Z', '0001-01-01T00:00:00.000Z'],
    ['0012-08-24T00:00:00.000Z', '0012-08-24T00:00:00.000Z'],
    ['0079-08-24T00:00:00.000Z', '0079-08-24T00:00:00.000Z'],
    ['2024-02-29T12:34:56.789Z', '2024-02-29T12:34:56.789Z'],
    ['+012000-01-01T00:00:00.000Z', '12000-01-01T00:00:00.000Z'],
  ])('%s → %s', (iso, text) => {
    expect(formatPostgresTimestamp(new Date(iso))).toBe(text)
    expect(formatPostgresTimestamp(Date.parse(iso))).toBe(text)
  })

  it('refuses an invalid Date', () => {
    expect(() => formatPostgresTimestamp(new Date('soon'))).toThrow(InvalidDate)
  })
})

describe('postgresTimestampFromText', () => {
  it.each([
    // What the API returns, written back.
    ['-000489-01-01T00:00:00.000Z', '0490-01-01T00:00:00.000Z BC'],
    ['0079-08-24T00:00:00.000Z', '0079-08-24T00:00:00.000Z'],
    ['+012000-01-01T00:00:00.000Z', '12000-01-01T00:00:00.000Z'],
    // Other ISO 8601 forms: offsets, no seconds, a bare date, zone-less (UTC).
    ['2024-01-01T05:30:00+05:30', '2024-01-01T00:00:00.000Z'],
    ['-0043-03-15T12:00', '0044-03-15T12:00:00.000Z BC'],
    ['0012-08-24', '0012-08-24T00:00:00.000Z'],
    // PostgreSQL's own text.
    ['0079-08-24 00:00:00+00', '0079-08-24T00:00:00.000Z'],
    ['0491-12-31 20:53:32-03:06:28 BC', '0490-01-01T00:00:00.000Z BC'],
  ])('%s → %s', (text, expected) => {
    expect(postgresTimestampFromText(text)).toBe(expected)
  })

  it.each(['next Tuesday', 'August 24, 2024', '2021-02-30T00:00:00Z', ''])('leaves %j to PostgreSQL', (text) => {
    expect(postgresTimestampFromText(text)).toBeUndefined()
  })
})
