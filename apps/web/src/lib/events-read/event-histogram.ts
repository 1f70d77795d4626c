/**
 * `GET /api/events/histogram`: counts of the filtered events over time, in calendar buckets
 * (PostgreSQL's `date_trunc` in UTC), with empty buckets filled in. Years before 1970 and BCE work.
 * @module
 */
import {
  chooseHistogramInterval,
  listBuckets,
  MAX_HISTOGRAM_BUCKETS,
  nextBucket,
  parseFilterInstant,
  type FilterState,
  type HistogramInterval,
  type HistogramIntervalParam,
} from '@chronotope/filters'
import type { Pool } from 'pg'

import { ApiError } from '../api/api-error'
import { eventConditions, SqlParams, type DatasetScope } from './event-conditions'
import type { HistogramResponse } from './read-responses'

async function timeRange(pool: Pool, state: FilterState, scope: DatasetScope): Promise<{ start: Date; end: Date } | null> {
  if (state.startDate && state.endDate) {
    return { start: parseFilterInstant(state.startDate), end: parseFilterInstant(state.endDate) }
  }
  const params = new SqlParams()
  const where = eventConditions(state, scope, params)
  // Two index probes on event_time instead of one min/max aggregate over every row.
  const { rows } = await pool.query<{ first: Date | null; last: Date | null }>(
    `select (select e.event_time from events e where ${where} and e.event_time is not null order by e.event_time asc limit 1) as first,
            (select e.event_time from events e where ${where} and e.event_time is not null order by e.event_time desc limit 1) as last`,
    params.values,
  )
  const { first, last } = rows[0] ?? { first: null, last: null }
  if (!first || !last) return null
  return {
    start: state.startDate ? parseFilterInstant(state.startDate) : first,
    end: state.endDate ? parseFilterInstant(state.endDate) : last,
  }
}

/**
 * Counts events per bucket.
 * @throws {@link ApiError} 400 naming `interval` when it would make more than 10,000 buckets
 */
export async function eventHistogram(
  pool: Pool,
  state: FilterState,
  scope: DatasetScope,
  asked: HistogramIntervalParam,
): Promise<HistogramResponse> {
  const range = await timeRange(pool, state, scope)
  if (!range) return { interval: asked === 'auto' ? 'year' : asked, buckets: [], total: 0, range: null }
  const interval: HistogramInterval = asked === 'auto' ? chooseHistogramInterval(range.start, range.end) : asked
  let starts: Date[]
  try {
    starts = listBuckets(range.start, range.end, interval)
  } catch {
    throw new ApiError(
      400,
      'too-many-buckets',
      `interval: "${interval}" makes more than ${MAX_HISTOGRAM_BUCKETS.toLocaleString('en')} buckets for this range; choose a coarser interval or auto`,
      'interval',
    )
  }
  const params = new SqlParams()
  const where = eventConditions(state, scope, params)
  const { rows } = await pool.query<{ bucket: Date; count: number }>(
    `select date_trunc(${params.add(interval)}, e.event_time, 'UTC') as bucket, count(*)::int as count
     from events e where ${where} and e.event_time is not null group by 1`,
    params.values,
  )
  const counts = new Map(rows.map((row) => [row.bucket.getTime(), row.count]))
  const buckets = starts.map((start) => ({
    start: start.toISOString(),
    end: nextBucket(start, interval).toISOString(),
    count: counts.get(start.getTime()) ?? 0,
  }))
  return {
    interval,
    buckets,
    total: rows.reduce((sum, row) => sum + row.count, 0),
    range: { start: range.start.toISOString(), end: range.end.toISOString() },
  }
}
