/**
 * The first and last event time of a filter state's events, from two probes of the time index
 * rather than a min/max aggregate over every row.
 * @module
 */
import type { FilterState } from '@chronotope/filters'
import type { Pool } from 'pg'

import { eventConditions, SqlParams, type ConditionOptions, type DatasetScope } from './event-conditions'

/** The first and last time of the events a read selects; events without a time are left out. */
export interface EventTimeExtent {
  readonly first: Date
  readonly last: Date
}

/**
 * The first and last time of the events of `state` in `scope`, or null when none has a time.
 * Each end is one walk of the time index from that end, which stops at the first event that
 * passes: cheap for filters most events pass, not for a rare search word.
 */
export async function eventTimeExtent(
  pool: Pool,
  state: FilterState,
  scope: DatasetScope,
  options: ConditionOptions = {},
): Promise<EventTimeExtent | null> {
  const params = new SqlParams()
  const where = eventConditions(state, scope, params, options)
  const { rows } = await pool.query<{ first: Date | null; last: Date | null }>(
    `select (select e.event_time from events e where ${where} and e.event_time is not null order by e.event_time asc limit 1) as first,
            (select e.event_time from events e where ${where} and e.event_time is not null order by e.event_time desc limit 1) as last`,
    params.values,
  )
  const { first, last } = rows[0] ?? { first: null, last: null }
  return first && last ? { first, last } : null
}
