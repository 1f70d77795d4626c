import { monthName } from './calendar'
import { formatHistoricalYear } from './format-historical-date'

/** The calendar unit a tick step counts in. */
export type TimeAxisUnit = 'year' | 'month' | 'day' | 'hour'

/** One tick of a time axis: where it sits and what it says. */
export interface TimeAxisTick {
  /** The tick's instant, UTC epoch milliseconds. */
  readonly epochMs: number
  /** The tick's text as people write it: `490 BC`, `AD 79`, `1914`, `March 1921`, `14 Oct 1066`, `09:00`. */
  readonly label: string
  /** The unit the axis steps in. */
  readonly unit: TimeAxisUnit
}

/** A step between ticks: so many of a unit, with a rough length to count ticks before making them. */
interface TickStep {
  readonly unit: TimeAxisUnit
  readonly every: number
  readonly approxMs: number
}

const MS_PER_HOUR = 3_600_000
const MS_PER_DAY = 86_400_000
const MS_PER_MONTH = 30.436875 * MS_PER_DAY
const MS_PER_YEAR = 365.2425 * MS_PER_DAY
const MAX_EPOCH_MS = 8.64e15
const MAX_TICKS = 1000

const YEAR_STEPS = [1, 2, 5, 10, 20, 50, 100, 200, 500, 1000, 2000, 5000, 10_000, 20_000, 50_000, 100_000]

/** Every step an axis may use, finest first: hours, days, weeks (days 1, 8, 15, 22), months, years. */
const STEPS: readonly TickStep[] = [
  ...[1, 3, 6, 12].map((every) => ({ unit: 'hour' as const, every, approxMs: every * MS_PER_HOUR })),
  ...[1, 2, 7, 14].map((every) => ({ unit: 'day' as const, every, approxMs: every * MS_PER_DAY })),
  ...[1, 3, 6].map((every) => ({ unit: 'month' as const, every, approxMs: every * MS_PER_MONTH })),
  ...YEAR_STEPS.map((every) => ({ unit: 'year' as const, every, approxMs: every * MS_PER_YEAR })),
]

/** Midnight UTC on a date of any year; `Date.UTC` would map years 0–99 to 1900–1999. */
function utcInstant(year: number, monthIndex: number, day = 1, hour = 0): number {
  const date = new Date(0)
  date.setUTCFullYear(year, monthIndex, day)
  date.setUTCHours(hour)
  return date.getTime()
}

function twoDigits(value: number): string {
  return String(value).padStart(2, '0')
}

/** `14 Oct 1066`, `3 Mar 490 BC`: a day as people write it on an axis, the month shortened. */
function dayLabel(date: Date): string {
  return `${date.getUTCDate()} ${monthName(date.getUTCMonth() + 1).slice(0, 3)} ${formatHistoricalYear(date.getUTCFullYear())}`
}

function yearTicks(startMs: number, endMs: number, every: number): TimeAxisTick[] {
  const first = new Date(startMs).getUTCFullYear()
  const last = new Date(endMs).getUTCFullYear()
  const years: number[] = []
  // Before the common era the round numbers people write are the historical ones (500 BC is
  // astronomical -499); after it the astronomical ones (AD 500).
  for (let year = 1 - Math.floor((1 - first) / every) * every; year <= Math.min(last, 0); year += every) {
    years.push(year)
  }
  // AD 1 marks the era's start once ticks are ten years or more apart.
  if (every >= 10 && first <= 1 && last >= 1) years.push(1)
  for (let year = Math.max(every, Math.ceil(first / every) * every); year <= last; year += every) years.push(year)
  return years
    .map((year) => ({ epochMs: utcInstant(year, 0), label: formatHistoricalYear(year), unit: 'year' as const }))
    .filter((tick) => tick.epochMs >= startMs && tick.epochMs <= endMs)
}

function monthTicks(startMs: number, endMs: number, every: number): TimeAxisTick[] {
  const ticks: TimeAxisTick[] = []
  const start = new Date(startMs)
  let year = start.getUTCFullYear()
  let monthIndex = start.getUTCMonth()
  for (;;) {
    const epochMs = utcInstant(year, monthIndex)
    if (epochMs > endMs) break
    if (monthIndex % every === 0 && epochMs >= startMs) {
      ticks.push({ epochMs, label: `${monthName(monthIndex + 1)} ${formatHistoricalYear(year)}`, unit: 'month' })
    }
    monthIndex += 1
    if (monthIndex === 12) {
      monthIndex = 0
      year += 1
    }
  }
  return ticks
}

/** Days of the month a step of `every` days marks: 1, 8, 15, 22 for a week, so months restart it. */
function isDayTick(dayOfMonth: number, every: number): boolean {
  if (every === 1) return true
  // The 29th is skipped for weeks and fortnights: it would sit a day or two before the next 1st.
  if (every >= 7) return (dayOfMonth - 1) % every === 0 && dayOfMonth <= 28
  return (dayOfMonth - 1) % every === 0 && dayOfMonth < 31
}

function dayTicks(startMs: number, endMs: number, every: number): TimeAxisTick[] {
  const ticks: TimeAxisTick[] = []
  // UTC days are exactly a day long, so stepping by milliseconds stays on midnights.
  for (let epochMs = Math.ceil(startMs / MS_PER_DAY) * MS_PER_DAY; epochMs <= endMs; epochMs += MS_PER_DAY) {
    const date = new Date(epochMs)
    if (isDayTick(date.getUTCDate(), every)) ticks.push({ epochMs, label: dayLabel(date), unit: 'day' })
  }
  return ticks
}

function hourTicks(startMs: number, endMs: number, every: number): TimeAxisTick[] {
  const ticks: TimeAxisTick[] = []
  for (let epochMs = Math.ceil(startMs / MS_PER_HOUR) * MS_PER_HOUR; epochMs <= endMs; epochMs += MS_PER_HOUR) {
    const date = new Date(epochMs)
    const hour = date.getUTCHours()
    if (hour % every !== 0) continue
    // A new day is named by its date, so the axis says which day its hours belong to.
    const label = hour === 0 ? dayLabel(date) : `${twoDigits(hour)}:00`
    ticks.push({ epochMs, label, unit: 'hour' })
  }
  return ticks
}

/**
 * Calendar-aware ticks for a time axis over [startMs, endMs]: the finest step (hours; days; weeks as
 * days 1, 8, 15, 22; months, quarters, half-years; years, decades, centuries, millennia) giving about
 * `maxTicks` ticks or fewer, labelled as people write them. Years before the common era tick at round
 * BC years (`500 BC`, `400 BC`), years before 1000 carry `AD`, and a coarse tick never pretends to
 * a precision it lacks: a year tick says `1914`, never `1 Jan 1914 00:00`. All in UTC.
 * @param maxTicks - at least 1; e.g. the axis width in pixels divided by the widest label's width
 * @returns ticks in time order; empty for an empty or unreadable range
 * @example timeAxisTicks(Date.UTC(1900, 0, 1), Date.UTC(2000, 0, 1), 6).map((t) => t.label) // ['1900', '1920', '1940', '1960', '1980', '2000']
 * @example timeAxisTicks(new Date('-000499-01-01T00:00:00Z').getTime(), new Date('0100-01-01T00:00:00Z').getTime(), 8).map((t) => t.label) // ['500 BC', '400 BC', '300 BC', '200 BC', '100 BC', 'AD 1', 'AD 100']
 */
export function timeAxisTicks(startMs: number, endMs: number, maxTicks: number): TimeAxisTick[] {
  if (!Number.isFinite(startMs) || !Number.isFinite(endMs) || endMs < startMs) return []
  if (Math.abs(startMs) > MAX_EPOCH_MS || Math.abs(endMs) > MAX_EPOCH_MS) return []
  // Capped so a careless maxTicks cannot make the finest step walk millions of hours.
  const limit = Math.min(MAX_TICKS, Math.max(1, Math.floor(maxTicks)))
  const span = endMs - startMs
  const step = STEPS.find((candidate) => Math.floor(span / candidate.approxMs) + 1 <= limit) ?? STEPS[STEPS.length - 1]!
  let ticks: TimeAxisTick[]
  switch (step.unit) {
    case 'year':
      ticks = yearTicks(startMs, endMs, step.every)
      break
    case 'month':
      ticks = monthTicks(startMs, endMs, step.every)
      break
    case 'day':
      ticks = dayTicks(startMs, endMs, step.every)
      break
    default:
      ticks = hourTicks(startMs, endMs, step.every)
  }
  return ticks
}
