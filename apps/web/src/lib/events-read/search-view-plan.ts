/**
 * How the SQL of a search in a map view finds its rows. PostgreSQL takes a search's matches from
 * the full-text index and, for a view, ANDs them with the spatial index's map of every event in
 * the view. For a wide view that map is the costly part: 1.9 million events in a view of Europe
 * took 0.64 s to map, for a search of 100,000 matches whose rows took 0.3 s to read whole. So when
 * the view holds many times more events than the search matches, the view is checked on the
 * matches instead ({@link ConditionOptions.viewOnMatches}).
 * @module
 */
import type { FilterState } from '@chronotope/filters'
import type { Pool } from 'pg'

import { eventConditions, SqlParams, type ConditionOptions, type DatasetScope } from './event-conditions'

/**
 * How many times more events than matches a view may hold before the spatial index costs more
 * than it saves: mapping an event of the view costs about a twelfth of reading a match's row
 * (0.34 µs against some 3–4 µs, on an idle 2-core machine, ten million events).
 */
export const VIEW_TO_MATCHES_FOR_INDEX = 8

/** The planner's estimate of the rows `where` selects: a plan, not a count, so it costs a millisecond. */
export async function estimatedRows(pool: Pool, where: string, values: readonly unknown[]): Promise<number> {
  const { rows } = await pool.query<{ 'QUERY PLAN': Array<{ Plan: { 'Plan Rows': number } }> }>(
    `explain (format json) select 1 from events e where ${where}`,
    [...values],
  )
  return rows[0]?.['QUERY PLAN'][0]?.Plan['Plan Rows'] ?? Infinity
}

async function estimateOf(pool: Pool, state: FilterState, scope: DatasetScope): Promise<number> {
  const params = new SqlParams()
  return estimatedRows(pool, eventConditions(state, scope, params), params.values)
}

/**
 * Whether a view the planner expects to hold `inView` events is better checked on a search's
 * `matching` rows than mapped through the spatial index.
 * @example checksViewOnMatches(1_900_000, 100_000) // true: Europe, a word in 1 % of the events
 * @example checksViewOnMatches(4_500, 2_000_000) // false: Paris, a common word
 */
export function checksViewOnMatches(inView: number, matching: number): boolean {
  return inView > VIEW_TO_MATCHES_FOR_INDEX * matching
}

/**
 * The options of {@link eventConditions} for a read of `state` from the events: the view checked
 * on a search's matches when the planner expects the view to hold more than
 * {@link VIEW_TO_MATCHES_FOR_INDEX} times as many events as the search matches.
 */
export async function searchViewPlan(pool: Pool, state: FilterState, scope: DatasetScope): Promise<ConditionOptions> {
  if (!state.text || !state.bbox) return {}
  const { catalogs, datasets } = state
  const [inView, matching] = await Promise.all([
    estimateOf(pool, { catalogs, datasets, fields: {}, bbox: state.bbox }, scope),
    estimateOf(pool, { catalogs, datasets, fields: {}, text: state.text }, scope),
  ])
  return { viewOnMatches: checksViewOnMatches(inView, matching) }
}
