/**
 * The width of one histogram bar, from finest to coarsest. Buckets follow PostgreSQL's
 * `date_trunc` in UTC, so a bucket computed here names the same rows as one computed in SQL.
 */
export type HistogramInterval = 'hour' | 'day' | 'week' | 'month' | 'year' | 'decade' | 'century'

/** Every {@link HistogramInterval}, finest first. */
export const HISTOGRAM_INTERVALS: readonly HistogramInterval[] = [
  'hour',
  'day',
  'week',
  'month',
  'year',
  'decade',
  'century',
]

/** How many bars a histogram should have: {@link chooseHistogramInterval} aims between them. */
export interface HistogramTarget {
  /** The fewest bars that still show a shape; default 50. */
  min: number
  /** The most bars a chart shows legibly; default 200. */
  max: number
}

/** The most buckets {@link listBuckets} returns, so a bad interval cannot allocate millions. */
export const MAX_HISTOGRAM_BUCKETS = 10_000

const MS_PER_HOUR = 3_600_000
const MS_PER_DAY = 86_400_000
const MS_PER_WEEK = 7 * MS_PER_DAY
const DEFAULT_TARGET: HistogramTarget = { min: 50, max: 200 }

/** Midnight UTC on a date of any year; `Date.UTC` would map years 0–99 to 1900–1999. */
function utcDate(year: number, monthIndex: number, day: number): number {
  const date = new Date(0)
  date.setUTCFullYear(year, monthIndex, day)
  return date.getTime()
}

/** The first year of the decade, as PostgreSQL: 1999 → 1990, 1 BC (year 0) → 0, 44 BC (-43) → -50. */
function decadeStartYear(year: number): number {
  return Math.floor(year / 10) * 10
}

/**
 * The first year of the century, as PostgreSQL: 2000 → 1901, 2001 → 2001, and before Christ 1 BC
 * (year 0) to 100 BC (year -99) → 100 BC. PostgreSQL's formula, rewritten in astronomical years.
 */
function centuryStartYear(year: number): number {
  return Math.floor((year - 1) / 100) * 100 + 1
}

/** 1970-01-01 was a Thursday: (days + 3) mod 7 counts days since Monday. */
function mondayOnOrBefore(epochMs: number): number {
  const days = Math.floor(epochMs / MS_PER_DAY)
  return (days - ((((days + 3) % 7) + 7) % 7)) * MS_PER_DAY
}

/** {@link truncateToInterval} on epoch milliseconds. */
function truncateMs(epochMs: number, interval: HistogramInterval): number {
  switch (interval) {
    case 'hour':
      return Math.floor(epochMs / MS_PER_HOUR) * MS_PER_HOUR
    case 'day':
      return Math.floor(epochMs / MS_PER_DAY) * MS_PER_DAY
    case 'week':
      return mondayOnOrBefore(epochMs)
    default:
      break
  }
  const date = new Date(epochMs)
  const year = date.getUTCFullYear()
  if (interval === 'month') return utcDate(year, date.getUTCMonth(), 1)
  if (interval === 'year') return utcDate(year, 0, 1)
  if (interval === 'decade') return utcDate(decadeStartYear(year), 0, 1)
  return utcDate(centuryStartYear(year), 0, 1)
}

const FIXED_BUCKET_MS = { hour: MS_PER_HOUR, day: MS_PER_DAY, week: MS_PER_WEEK } as const
const YEARS_PER_BUCKET = { year: 1, decade: 10, century: 100 } as const

/**
 * The start of the bucket after the one holding `epochMs`; NaN past the last instant a Date holds.
 * For the package's own use; callers use {@link nextBucket}.
 */
export function nextBucketMs(epochMs: number, interval: HistogramInterval): number {
  const start = truncateMs(epochMs, interval)
  // A Date beyond ±8.64e15 ms is invalid, so getTime() gives NaN there as setUTCFullYear does.
  if (interval === 'hour' || interval === 'day' || interval === 'week')
    return new Date(start + FIXED_BUCKET_MS[interval]).getTime()
  const date = new Date(start)
  const year = date.getUTCFullYear()
  if (interval === 'month') return utcDate(year, date.getUTCMonth() + 1, 1)
  return utcDate(year + YEARS_PER_BUCKET[interval], 0, 1)
}

/** Buckets from the one holding `startMs` to the one holding `endMs`, counted without a loop. */
function bucketsBetween(startMs: number, endMs: number, interval: HistogramInterval): number {
  const first = truncateMs(startMs, interval)
  const last = truncateMs(endMs, interval)
  // Both starts are whole multiples of the bucket length apart, so the division is exact.
  if (interval === 'hour' || interval === 'day' || interval === 'week')
    return (last - first) / FIXED_BUCKET_MS[interval] + 1
  const firstDate = new Date(first)
  const lastDate = new Date(last)
  if (interval === 'month') {
    return (
      (lastDate.getUTCFullYear() - firstDate.getUTCFullYear()) * 12 +
      lastDate.getUTCMonth() -
      firstDate.getUTCMonth() +
      1
    )
  }
  return (lastDate.getUTCFullYear() - firstDate.getUTCFullYear()) / YEARS_PER_BUCKET[interval] + 1
}

function checkDate(date: Date, name: string): number {
  const epochMs = date instanceof Date ? date.getTime() : Number.NaN
  if (Number.isNaN(epochMs)) throw new RangeError(`${name} must be a valid Date`)
  return epochMs
}

function checkRange(start: Date, end: Date): [number, number] {
  const startMs = checkDate(start, 'start')
  const endMs = checkDate(end, 'end')
  if (startMs > endMs)
    throw new RangeError(`start (${start.toISOString()}) must not be after end (${end.toISOString()})`)
  return [startMs, endMs]
}

/**
 * Truncates a date to the start of its bucket, like PostgreSQL's `date_trunc` in UTC: weeks start on
 * Monday (ISO), decades on years divisible by 10, centuries on years ending in 01 (1901-01-01 for
 * 1901–2000). Years are astronomical (year 0 is 1 BC) and BCE periods follow PostgreSQL's output:
 * 44 BC (-43) truncates to 51 BC (-50) as a decade and to 100 BC (-99) as a century, so the
 * century before Christ is 100 BC–1 BC.
 * @throws RangeError for an invalid Date
 * @example truncateToInterval(new Date('2000-06-15T00:00:00Z'), 'century').toISOString() // '1901-01-01T00:00:00.000Z'
 * @example truncateToInterval(new Date('-000043-03-15T00:00:00Z'), 'decade').toISOString() // '-000050-01-01T00:00:00.000Z'
 */
export function truncateToInterval(date: Date, interval: HistogramInterval): Date {
  return new Date(truncateMs(checkDate(date, 'date'), interval))
}

/**
 * The start of the bucket after the one holding `date`: one hour, day or week later (UTC has no
 * daylight saving), or the next month, year, decade or century on the calendar.
 * @throws RangeError for an invalid Date, or past the last Date JavaScript holds (275760-09-13)
 * @example nextBucket(new Date('2021-01-31T10:00:00Z'), 'month').toISOString() // '2021-02-01T00:00:00.000Z'
 */
export function nextBucket(date: Date, interval: HistogramInterval): Date {
  const next = nextBucketMs(checkDate(date, 'date'), interval)
  if (Number.isNaN(next))
    throw new RangeError(`there is no ${interval} after ${date.toISOString()} within the dates JavaScript holds`)
  return new Date(next)
}

/**
 * How many buckets of an interval cover [start, end], counting the partial ones at each edge,
 * without listing them.
 * @throws RangeError for invalid Dates or when start is after end
 * @example countBuckets(new Date('2020-01-01T00:00:00Z'), new Date('2020-12-31T23:59:59Z'), 'month') // 12
 */
export function countBuckets(start: Date, end: Date, interval: HistogramInterval): number {
  const [startMs, endMs] = checkRange(start, end)
  const count = bucketsBetween(startMs, endMs, interval)
  // NaN when the first bucket would start before the earliest Date (-271821-04-20).
  if (Number.isNaN(count))
    throw new RangeError(
      `the ${interval} holding ${start.toISOString()} starts before the earliest Date JavaScript holds`,
    )
  return count
}

/**
 * The starts of the buckets covering [start, end], the first one at or before `start`; the
 * histogram's x axis, with empty buckets included.
 * @throws RangeError for invalid Dates, when start is after end, or beyond 10,000 buckets
 * @example listBuckets(new Date('2020-01-15T00:00:00Z'), new Date('2020-03-01T00:00:00Z'), 'month').map((d) => d.toISOString().slice(0, 10)) // ['2020-01-01', '2020-02-01', '2020-03-01']
 */
export function listBuckets(start: Date, end: Date, interval: HistogramInterval): Date[] {
  const count = countBuckets(start, end, interval)
  if (count > MAX_HISTOGRAM_BUCKETS) {
    throw new RangeError(
      `${start.toISOString()} to ${end.toISOString()} spans ${count} ${interval} buckets; the most is ${MAX_HISTOGRAM_BUCKETS}, choose a coarser interval`,
    )
  }
  const buckets: Date[] = []
  let bucket = truncateMs(start.getTime(), interval)
  for (let index = 0; index < count; index++) {
    buckets.push(new Date(bucket))
    bucket = nextBucketMs(bucket, interval)
  }
  return buckets
}

/**
 * Picks the finest interval whose bucket count over [start, end] is at most `target.max`, preferring
 * one with at least `target.min` buckets; 'century' when even centuries are too many.
 * @throws RangeError for invalid Dates, when start is after end, or for a target with min > max
 * @example chooseHistogramInterval(new Date('1970-01-01T00:00:00Z'), new Date('2019-12-31T00:00:00Z')) // 'year' (600 months, 50 years)
 * @example chooseHistogramInterval(new Date('2021-01-01T00:00:00Z'), new Date('2021-01-05T00:00:00Z')) // 'hour' (97 hours)
 */
export function chooseHistogramInterval(
  start: Date,
  end: Date,
  target: HistogramTarget = DEFAULT_TARGET,
): HistogramInterval {
  if (!(target.min >= 1 && target.max >= target.min)) {
    throw new RangeError(`target must have 1 <= min <= max; got min ${target.min}, max ${target.max}`)
  }
  const fitting = HISTOGRAM_INTERVALS.map((interval) => ({
    interval,
    count: countBuckets(start, end, interval),
  })).filter(({ count }) => count <= target.max)
  return (fitting.find(({ count }) => count >= target.min) ?? fitting[0])?.interval ?? 'century'
}

/**
 * Sums counts kept per UTC day into the buckets of a coarser interval, keyed by each bucket's start
 * in epoch milliseconds, as `date_trunc(interval, day, 'UTC')` would group them. Every interval but
 * 'hour' is made of whole UTC days, so a histogram can count its rows once per day, learn their
 * range from the same pass, and only then choose its interval.
 * @param dayCounts - counts keyed by the epoch milliseconds of a UTC midnight
 * @throws RangeError for 'hour', or for a key that is not a UTC midnight
 * @example rollUpDayCounts(new Map([[Date.UTC(2021, 0, 4), 2], [Date.UTC(2021, 0, 30), 3]]), 'month') // Map { 1609459200000 => 5 }
 */
export function rollUpDayCounts(
  dayCounts: ReadonlyMap<number, number>,
  interval: Exclude<HistogramInterval, 'hour'>,
): Map<number, number> {
  if ((interval as HistogramInterval) === 'hour') throw new RangeError('day counts cannot fill hour buckets')
  const buckets = new Map<number, number>()
  for (const [dayMs, count] of dayCounts) {
    if (truncateMs(dayMs, 'day') !== dayMs)
      throw new RangeError(`${new Date(dayMs).toISOString()} is not the start of a UTC day`)
    const bucket = truncateMs(dayMs, interval)
    buckets.set(bucket, (buckets.get(bucket) ?? 0) + count)
  }
  return buckets
}
