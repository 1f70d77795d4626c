/**
 * A month series: the events of one cell (of one value) per UTC month, packed into one value of
 * `event_cell_series` (`event_value_cell_series`) as PostgreSQL writes it, per month with events
 * 12 bytes in ascending order: the month's start in epoch milliseconds (`float8send`) and its
 * count (`int4send`). A continent's inside cells of one category over fifty years are a few
 * hundred such values instead of a hundred thousand rows.
 * @module
 */
import { nextBucket, truncateToInterval, type HistogramInterval } from '@chronotope/filters'

import type { MillisecondSpan } from './point-block-codec'

/** The bytes of one month of a series: its start, its count. */
export const SERIES_MONTH_BYTES = 12

/**
 * Sums the months of `series` (one or more series run together) that lie in `span` into the
 * buckets of `interval`, keyed by each bucket's start in epoch milliseconds, as
 * `date_trunc(interval, month, 'UTC')` groups them.
 * @throws RangeError for `hour` or `day` (a month is not in one), or bytes that are not whole months
 * @example sumMonthSeries(series, { start: -Infinity, end: Infinity }, 'year') // Map { 631152000000 => 41, … }
 */
export function sumMonthSeries(
  series: Uint8Array,
  span: MillisecondSpan,
  interval: HistogramInterval,
): Map<number, number> {
  if (interval === 'hour' || interval === 'day')
    throw new RangeError(`series are kept per month; asked for ${interval}`)
  if (series.length % SERIES_MONTH_BYTES !== 0)
    throw new RangeError(`a month series of ${series.length} bytes is not whole months`)
  const view = new DataView(series.buffer, series.byteOffset, series.byteLength)
  // A series' months ascend, so a run of them shares a bucket: the bucket is worked out (once per
  // distinct month) and the map touched only where the run ends.
  const bucketsOf = new Map<number, readonly [number, number]>()
  const counts = new Map<number, number>()
  let bucket = NaN
  let bucketEnd = NaN
  let running = 0
  for (let at = 0; at < series.length; at += SERIES_MONTH_BYTES) {
    const month = view.getFloat64(at)
    if (!(month >= span.start && month < span.end)) continue
    if (!(month >= bucket && month < bucketEnd)) {
      if (running > 0) counts.set(bucket, (counts.get(bucket) ?? 0) + running)
      let bounds = bucketsOf.get(month)
      if (!bounds) {
        const start = truncateToInterval(new Date(month), interval)
        bounds = [start.getTime(), nextBucket(start, interval).getTime()]
        bucketsOf.set(month, bounds)
      }
      ;[bucket, bucketEnd] = bounds
      running = 0
    }
    running += view.getInt32(at + 8)
  }
  if (running > 0) counts.set(bucket, (counts.get(bucket) ?? 0) + running)
  return counts
}
