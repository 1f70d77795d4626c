/**
 * The timeline's stacked bars: the whole histogram split into one layer per dataset or per value
 * of a field, each layer from its own histogram request at the same interval, and "Other" for what
 * the layers leave (datasets or values beyond the palette, events without the field). Pure.
 * @module
 */
import type { HistogramResponse } from '../../lib/events-read/read-responses'
import { OTHER_COLOR } from './explore-colors'
import type { TimelineBucket } from './timeline-dates'

/** A layer of the stack, as the legend shows it. */
export interface StackSeries {
  /** Stable key: the dataset id or the field value. */
  readonly key: string
  readonly label: string
  readonly color: string
}

/** The key of the "Other" layer. */
export const OTHER_SERIES_KEY = '\u0000other'

/** One bar: its bucket and the count of each layer, in the order of {@link StackedHistogram.series}. */
export interface StackedBar extends TimelineBucket {
  readonly counts: readonly number[]
}

/** Bars ready to draw: the layers (the "Other" layer last, only when it holds events) and the bars. */
export interface StackedHistogram {
  readonly series: readonly StackSeries[]
  readonly bars: readonly StackedBar[]
}

/**
 * The buckets of a histogram answer in epoch milliseconds.
 * @example timelineBuckets({ interval: 'year', total: 1, range: null, buckets: [{ start: '1914-01-01T00:00:00.000Z', end: '1915-01-01T00:00:00.000Z', count: 1 }] })[0].startMs // -1767225600000
 */
export function timelineBuckets(histogram: Pick<HistogramResponse, 'buckets'>): TimelineBucket[] {
  return histogram.buckets.map((bucket) => ({
    startMs: Date.parse(bucket.start),
    endMs: Date.parse(bucket.end),
    count: bucket.count,
  }))
}

/**
 * Splits the whole histogram's bars into layers. A layer's buckets are matched to the bars by
 * start, since each layer's request covers only its own events' span; a bucket a layer lacks counts
 * 0. "Other" is each bar's count minus the layers' (never below 0: an event whose field holds
 * several values counts in several layers).
 * @param layers - each layer's series and its histogram buckets, in stacking order (bottom first)
 * @example stackHistogram([{ startMs: 0, endMs: 1, count: 5 }], [{ series: { key: '1', label: 'A', color: '#000' }, buckets: [{ startMs: 0, endMs: 1, count: 3 }] }]).bars[0].counts // [3, 2]
 */
export function stackHistogram(
  whole: readonly TimelineBucket[],
  layers: ReadonlyArray<{ readonly series: StackSeries; readonly buckets: readonly TimelineBucket[] }>,
): StackedHistogram {
  const countsByStart = layers.map(
    (layer) => new Map(layer.buckets.map((bucket) => [bucket.startMs, bucket.count] as const)),
  )
  let otherTotal = 0
  const bars = whole.map((bucket) => {
    const counts = countsByStart.map((byStart) => byStart.get(bucket.startMs) ?? 0)
    const other = Math.max(0, bucket.count - counts.reduce((sum, count) => sum + count, 0))
    otherTotal += other
    return { ...bucket, counts: [...counts, other] }
  })
  const series = layers.map((layer) => layer.series)
  if (otherTotal === 0) {
    return { series, bars: bars.map((bar) => ({ ...bar, counts: bar.counts.slice(0, -1) })) }
  }
  return { series: [...series, { key: OTHER_SERIES_KEY, label: 'Other', color: OTHER_COLOR }], bars }
}

/**
 * The whole histogram as one layer, for the unstacked timeline.
 * @example unstackedHistogram([{ startMs: 0, endMs: 1, count: 5 }]).bars[0].counts // [5]
 */
export function unstackedHistogram(whole: readonly TimelineBucket[]): StackedHistogram {
  return { series: [], bars: whole.map((bucket) => ({ ...bucket, counts: [bucket.count] })) }
}
