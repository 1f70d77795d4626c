import { daysFromCivil, formatIsoInstant } from './calendar'
import { InvalidDate } from './invalid-date'
import { parseIsoDate } from './parse-iso'

const MS_PER_DAY = 86_400_000
/** The largest instant a JavaScript Date can hold (±100,000,000 days from 1970). */
const MAX_EPOCH_MS = 8.64e15

/**
 * A `timestamp` or `timestamptz` as PostgreSQL writes it with `DateStyle` ISO, in any session
 * `TimeZone`: `2024-08-24 10:00:00.5+02`, `0079-08-24 00:00:00+00:53:28` (local mean time),
 * `0491-09-12 00:00:00+00 BC`, `12000-01-01 00:00:00+00`; inside JSON with a `T` and `+00:00`;
 * without an offset for `timestamp without time zone`.
 */
const POSTGRES_TIMESTAMP =
  /^(\d{4,})-(\d\d)-(\d\d)[ T](\d\d):(\d\d):(\d\d)(?:\.(\d{1,6}))?(?:([+-])(\d\d)(?::?(\d\d)(?::?(\d\d))?)?)?( BC)?$/

/** Thrown when a text is not a timestamp as PostgreSQL writes it; the message names the text. */
export class InvalidPostgresTimestamp extends Error {
  /** The text, shortened to 60 characters. */
  readonly text: string

  /** @param text - the text that is not a PostgreSQL timestamp */
  constructor(text: string) {
    const shown = text.length > 60 ? `${text.slice(0, 60)}…` : text
    super(
      `${JSON.stringify(shown)} is not a PostgreSQL timestamp such as "2024-08-24 10:00:00+00" or "0491-09-12 00:00:00+00 BC"`,
    )
    this.name = 'InvalidPostgresTimestamp'
    this.text = shown
  }
}

/** Years 1–9999 in UTC with at most milliseconds, as most rows hold them: ISO 8601 by slicing. */
const COMMON_UTC_TEXT = /^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d(?:\.\d{1,3})?(?:\+00)?$/

// Slices a COMMON_UTC_TEXT into what Date.prototype.toISOString writes.
function sliceCommonUtcText(text: string): string {
  const length = text.endsWith('+00') ? text.length - 3 : text.length
  const day = text.slice(0, 10)
  if (length === 19) return `${day}T${text.slice(11, 19)}.000Z`
  return `${day}T${text.slice(11, length)}${'00'.slice(length - 21)}Z`
}

/**
 * Reads a timestamp as PostgreSQL writes it (see {@link isoFromPostgresTimestamp}) as a UTC instant in
 * milliseconds; microseconds are dropped, as a JavaScript Date holds none.
 * @returns null for `infinity`, `-infinity` and instants a JavaScript Date cannot hold (past AD 275760)
 * @throws {@link InvalidPostgresTimestamp} when the text is not such a timestamp
 * @example epochMsFromPostgresTimestamp('0001-12-31 23:00:00-01 BC') // -62135596800000 (0001-01-01T00:00:00.000Z)
 */
export function epochMsFromPostgresTimestamp(text: string): number | null {
  const match = POSTGRES_TIMESTAMP.exec(text)
  if (!match) {
    if (text === 'infinity' || text === '-infinity') return null
    throw new InvalidPostgresTimestamp(text)
  }
  const [, year, month, day, hour, minute, second, fraction, sign, offsetHours, offsetMinutes, offsetSeconds, bc] =
    match
  // PostgreSQL counts 1 BC, 2 BC, …; ISO 8601 and Date count 0, -1, …
  const astronomicalYear = bc ? 1 - Number(year) : Number(year)
  const offsetMs =
    sign === undefined
      ? 0
      : (sign === '-' ? -1 : 1) *
        (Number(offsetHours) * 3_600_000 + Number(offsetMinutes ?? 0) * 60_000 + Number(offsetSeconds ?? 0) * 1000)
  const epochMs =
    daysFromCivil(astronomicalYear, Number(month), Number(day)) * MS_PER_DAY +
    Number(hour) * 3_600_000 +
    Number(minute) * 60_000 +
    Number(second) * 1000 +
    Number((fraction ?? '').padEnd(3, '0').slice(0, 3)) -
    offsetMs
  return Math.abs(epochMs) <= MAX_EPOCH_MS ? epochMs : null
}

/**
 * Turns a timestamp as PostgreSQL writes it into ISO 8601 as `Date.prototype.toISOString` writes
 * it, for every era: years before 1 CE and after 9999 CE get the expanded, signed form, and years
 * below 1000 stay what they are (`new Date('0079-08-24 00:00:00+00')` would give 1979, and
 * `new Date('0491-09-12 00:00:00+00 BC')` an Invalid Date). Years are astronomical: 1 BC is 0000.
 * Any session `TimeZone` gives the same instant.
 * @returns null for `infinity`, `-infinity` and instants a JavaScript Date cannot hold (past AD 275760)
 * @throws {@link InvalidPostgresTimestamp} when the text is not such a timestamp
 * @example isoFromPostgresTimestamp('0079-08-24 00:00:00+00') // '0079-08-24T00:00:00.000Z'
 * @example isoFromPostgresTimestamp('0490-01-01 00:00:00+00 BC') // '-000489-01-01T00:00:00.000Z'
 * @example isoFromPostgresTimestamp('2024-01-01 05:30:00+05:30') // '2024-01-01T00:00:00.000Z'
 */
export function isoFromPostgresTimestamp(text: string): string | null {
  if (COMMON_UTC_TEXT.test(text)) return sliceCommonUtcText(text)
  const epochMs = epochMsFromPostgresTimestamp(text)
  return epochMs === null ? null : formatIsoInstant(epochMs)
}

/**
 * Writes a UTC instant the way PostgreSQL reads a `timestamptz`, for every era: ISO 8601 for years
 * 1 and later (without the `+` and leading zeros JavaScript puts before years past 9999), and the
 * year before Christ with a `BC` suffix otherwise, since PostgreSQL reads `-000489-…` as a time zone.
 * @param instant - a Date or milliseconds since 1970-01-01T00:00:00Z
 * @throws {@link InvalidDate} for an invalid Date or an instant a Date cannot hold
 * @example formatPostgresTimestamp(new Date('2024-08-24T10:00:00Z')) // '2024-08-24T10:00:00.000Z'
 * @example formatPostgresTimestamp(new Date('-000043-03-15T00:00:00Z')) // '0044-03-15T00:00:00.000Z BC'
 */
export function formatPostgresTimestamp(instant: Date | number): string {
  const epochMs = typeof instant === 'number' ? instant : instant.getTime()
  if (!Number.isInteger(epochMs) || Math.abs(epochMs) > MAX_EPOCH_MS) {
    throw new InvalidDate(String(instant), 'it is not an instant a JavaScript Date holds', 'timestamp')
  }
  const iso = formatIsoInstant(epochMs)
  // The year ends at the first '-' after a possible sign: '2024-…', '-000043-…', '+012000-…'.
  const yearEnd = iso.indexOf('-', 1)
  const rest = iso.slice(yearEnd)
  const year = Number(iso.slice(0, yearEnd))
  if (year > 0) return `${String(year).padStart(4, '0')}${rest}`
  return `${String(1 - year).padStart(4, '0')}${rest} BC`
}

/**
 * Turns a written instant into what PostgreSQL reads as the same instant: ISO 8601 (expanded years
 * such as `-000489-01-01T00:00:00.000Z` included, zone-less times read as UTC) or PostgreSQL's own
 * text (`0490-01-01 00:00:00+00 BC`). Values the API returned can so be written back unchanged.
 * @returns undefined when the text is neither form, so the caller can leave it to PostgreSQL
 * @example postgresTimestampFromText('-000489-01-01T00:00:00.000Z') // '0490-01-01T00:00:00.000Z BC'
 * @example postgresTimestampFromText('0079-08-24 00:00:00+00') // '0079-08-24T00:00:00.000Z'
 * @example postgresTimestampFromText('next Tuesday') // undefined
 */
export function postgresTimestampFromText(text: string): string | undefined {
  let epochMs: number | null | undefined
  try {
    epochMs = parseIsoDate(text)?.epochMs
  } catch (error) {
    // ISO-shaped but impossible ('2021-02-30'): PostgreSQL refuses it with its own message.
    if (!(error instanceof InvalidDate)) throw error
    return undefined
  }
  if (epochMs === undefined && POSTGRES_TIMESTAMP.test(text)) epochMs = epochMsFromPostgresTimestamp(text)
  return epochMs === undefined || epochMs === null ? undefined : formatPostgresTimestamp(epochMs)
}
