/**
 * Wall-clock time in an IANA time zone, as plain numbers: a "wall time" is the local date and
 * time written as if it were UTC milliseconds (`Date.UTC(year, month, day, hour, minute)`), so
 * local calendar arithmetic is integer arithmetic and only the two conversions below need `Intl`.
 * @module
 */

/** One minute, in milliseconds. */
export const MINUTE_MS = 60_000
/** One hour, in milliseconds. */
export const HOUR_MS = 60 * MINUTE_MS
/** One day, in milliseconds. */
export const DAY_MS = 24 * HOUR_MS

const formatters = new Map<string, Intl.DateTimeFormat>()

function formatterFor(timeZone: string): Intl.DateTimeFormat {
  let formatter = formatters.get(timeZone)
  if (formatter === undefined) {
    formatter = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
    })
    formatters.set(timeZone, formatter)
  }
  return formatter
}

/**
 * Whether `Intl` knows the time zone (IANA names such as `Europe/Berlin`, and `UTC`).
 * @example isKnownTimeZone('Europe/Berlin') // true
 */
export function isKnownTimeZone(timeZone: string): boolean {
  if (timeZone.trim() === '') return false
  try {
    formatterFor(timeZone)
    return true
  } catch {
    return false
  }
}

/**
 * The local wall time (see the module comment) at an instant.
 * @example new Date(wallTimeAt(Date.UTC(2026, 0, 1, 12), 'Europe/Berlin')).toISOString() // '2026-01-01T13:00:00.000Z'
 */
export function wallTimeAt(instantMs: number, timeZone: string): number {
  const fraction = ((instantMs % 1000) + 1000) % 1000
  const parts = formatterFor(timeZone).formatToParts(instantMs - fraction)
  const field = (type: Intl.DateTimeFormatPartTypes): number =>
    Number(parts.find((part) => part.type === type)?.value ?? Number.NaN)
  return (
    Date.UTC(field('year'), field('month') - 1, field('day'), field('hour'), field('minute'), field('second')) +
    fraction
  )
}

/** The zone's offset from UTC at an instant, in milliseconds (east positive). */
export function offsetAt(instantMs: number, timeZone: string): number {
  return wallTimeAt(instantMs, timeZone) - instantMs
}

/**
 * The first instant in `[low, high]` whose wall time is after `wall`, to the second: where a
 * clock jumped over `wall`. Transitions happen on whole seconds, so this is exact.
 */
function firstInstantPast(wall: number, low: number, high: number, timeZone: string): number {
  let before = Math.floor(low / 1000)
  let after = Math.ceil(high / 1000)
  while (after - before > 1) {
    const middle = Math.floor((before + after) / 2)
    if (wallTimeAt(middle * 1000, timeZone) > wall) after = middle
    else before = middle
  }
  return after * 1000
}

/**
 * The instant a local wall time names, with the daylight-saving rule of scheduled imports: a
 * wall time the clocks skip (02:30 on a spring-forward night in Europe/Berlin) is the first
 * instant after the gap (03:00 local), and a wall time that happens twice (02:30 on a fall-back
 * night) is its first occurrence. Consequently the result never decreases as `wall` increases.
 * @example new Date(instantOfWallTime(Date.UTC(2026, 2, 29, 2, 30), 'Europe/Berlin')).toISOString() // '2026-03-29T01:00:00.000Z'
 */
export function instantOfWallTime(wall: number, timeZone: string): number {
  // Offsets around the wall time; one of them is in force at each instant that could show it.
  const offsets = new Set<number>()
  for (const probe of [wall - 2 * DAY_MS, wall - DAY_MS, wall, wall + DAY_MS]) offsets.add(offsetAt(probe, timeZone))
  for (const offset of [...offsets]) offsets.add(offsetAt(wall - offset, timeZone))
  let earliest: number | undefined
  for (const offset of offsets) {
    const instant = wall - offset
    if (wallTimeAt(instant, timeZone) === wall && (earliest === undefined || instant < earliest)) earliest = instant
  }
  if (earliest !== undefined) return earliest
  const largest = Math.max(...offsets)
  const smallest = Math.min(...offsets)
  return firstInstantPast(wall, wall - largest, wall - smallest, timeZone)
}

/** A change of a zone's offset: at `at` (ms), from `before` to `after` (ms east of UTC). */
export interface OffsetTransition {
  /** The first instant with the new offset. */
  readonly at: number
  /** The offset until then. */
  readonly before: number
  /** The offset from then on. */
  readonly after: number
}

/**
 * Every offset change between two instants, found by sampling every 6 hours (zones change at
 * most twice a year, months apart) and narrowing each change to the second.
 */
export function offsetTransitions(timeZone: string, fromMs: number, toMs: number): OffsetTransition[] {
  const step = 6 * HOUR_MS
  const transitions: OffsetTransition[] = []
  let previous = fromMs
  let previousOffset = offsetAt(previous, timeZone)
  for (let probe = fromMs + step; previous < toMs; probe += step) {
    const offset = offsetAt(probe, timeZone)
    if (offset !== previousOffset) {
      let before = Math.floor(previous / 1000)
      let after = Math.ceil(probe / 1000)
      while (after - before > 1) {
        const middle = Math.floor((before + after) / 2)
        if (offsetAt(middle * 1000, timeZone) === previousOffset) before = middle
        else after = middle
      }
      transitions.push({ at: after * 1000, before: previousOffset, after: offset })
    }
    previous = probe
    previousOffset = offset
  }
  return transitions
}
