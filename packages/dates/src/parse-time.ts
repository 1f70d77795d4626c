import type { TimePrecision } from './types'

/** A time of day found inside a longer value, and the value without it. */
export interface TimeOfDay {
  hour: number
  minute: number
  second: number
  millisecond: number
  /** Minutes to subtract to reach UTC; 0 when no zone was written (read as UTC). */
  offsetMinutes: number
  /** Whether a zone (`Z`, `UTC`, `+02:00`, `EST` …) was written. */
  hasZone: boolean
  precision: TimePrecision
  /** The value with the time removed, e.g. `'Tue, 3 Mar 2020'`. */
  rest: string
}

/** Thrown-free description of why a time is invalid; the caller wraps it in an InvalidDate. */
export interface InvalidTime {
  reason: string
}

/**
 * `H:mm[:ss[.fff]]`, then optional am/pm and zone. Every quantifier is bounded or separated by a
 * literal, so matching stays linear (no catastrophic backtracking).
 */
const CLOCK_TIME =
  /(^|[\sT,])(\d{1,2}):(\d{2})(?::(\d{2})(?:[.,](\d{1,9}))?)?(?:\s?([ap])\.?\s?m\b\.?)?(?:\s?(z|utc|gmt|[ecmp][sd]t|cet|cest)\b)?(?:\s?([+\-\u2212])(\d{2}):?(\d{2})?)?(?=$|[\s,)])/i
/** `3 PM`, `3pm`, `3 p.m.`. */
const HOUR_ONLY = /(^|[\s,])(\d{1,2})\s?([ap])\.?\s?m\b\.?(?=$|[\s,)])/i

/** Offsets of zone abbreviations in minutes (United States and Central Europe; no ambiguous ones). */
const ZONE_OFFSETS: Readonly<Record<string, number>> = {
  z: 0,
  utc: 0,
  gmt: 0,
  est: -300,
  edt: -240,
  cst: -360,
  cdt: -300,
  mst: -420,
  mdt: -360,
  pst: -480,
  pdt: -420,
  cet: 60,
  cest: 120,
}

/**
 * Finds a time of day inside a written date: `'Tue, 3 Mar 2020 10:04:05 GMT'`, `'5/3/2021 3:45 PM'`,
 * `'March 5, 2021 3pm'`.
 * @returns the time and the rest of the value, an {@link InvalidTime} when a time is written but
 * impossible ('13:00 PM'), or undefined when there is no time
 * @example extractTime('5/3/2021 3:45 PM') // { hour: 15, minute: 45, ..., rest: '5/3/2021 ' }
 */
export function extractTime(text: string): TimeOfDay | InvalidTime | undefined {
  const clock = CLOCK_TIME.exec(text)
  if (clock) {
    const [
      whole,
      lead = '',
      hourText = '',
      minuteText = '',
      secondText,
      fraction,
      meridiem,
      zone,
      sign,
      zoneHours,
      zoneMinutes,
    ] = clock
    const time: TimeOfDay = {
      hour: Number(hourText),
      minute: Number(minuteText),
      second: secondText === undefined ? 0 : Number(secondText),
      millisecond: fraction === undefined ? 0 : Math.floor(Number(`0.${fraction}`) * 1000),
      offsetMinutes: 0,
      hasZone: false,
      precision: secondText === undefined ? 'minute' : 'second',
      rest: text.slice(0, clock.index + lead.length) + ' ' + text.slice(clock.index + whole.length),
    }
    const problem = applyMeridiem(time, meridiem) ?? applyZone(time, zone, sign, zoneHours, zoneMinutes)
    return problem ?? time
  }
  const hourOnly = HOUR_ONLY.exec(text)
  if (!hourOnly) return undefined
  const [whole, lead = '', hourText = '', meridiem] = hourOnly
  const time: TimeOfDay = {
    hour: Number(hourText),
    minute: 0,
    second: 0,
    millisecond: 0,
    offsetMinutes: 0,
    hasZone: false,
    precision: 'hour',
    rest: text.slice(0, hourOnly.index + lead.length) + ' ' + text.slice(hourOnly.index + whole.length),
  }
  return applyMeridiem(time, meridiem) ?? time
}

/** Converts a 12-hour clock to 24 hours: 12 AM is midnight, 12 PM is noon. */
function applyMeridiem(time: TimeOfDay, meridiem: string | undefined): InvalidTime | undefined {
  if (meridiem === undefined) return undefined
  if (time.hour < 1 || time.hour > 12) {
    return { reason: `the hour ${time.hour} is not between 1 and 12 on a 12-hour clock (${meridiem.toUpperCase()}M)` }
  }
  const isPm = meridiem === 'p' || meridiem === 'P'
  time.hour = (time.hour % 12) + (isPm ? 12 : 0)
  return undefined
}

/** Applies a zone abbreviation and/or a numeric offset. */
function applyZone(
  time: TimeOfDay,
  zone: string | undefined,
  sign: string | undefined,
  hours: string | undefined,
  minutes: string | undefined,
): InvalidTime | undefined {
  if (zone !== undefined) {
    time.offsetMinutes = ZONE_OFFSETS[zone.toLowerCase()] ?? 0
    time.hasZone = true
  }
  if (sign !== undefined && hours !== undefined) {
    const offset = Number(hours) * 60 + (minutes === undefined ? 0 : Number(minutes))
    if (Number(hours) > 18 || Number(minutes ?? 0) > 59) {
      return {
        reason: `the time zone offset ${sign}${hours}${minutes === undefined ? '' : `:${minutes}`} is not between -18:00 and +18:00`,
      }
    }
    // `GMT+0100` means one hour ahead of GMT: the offsets add up.
    time.offsetMinutes += sign === '+' ? offset : -offset
    time.hasZone = true
  }
  return undefined
}
