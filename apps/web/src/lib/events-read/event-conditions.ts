/**
 * The filter state as SQL: one `where` clause over `events e`, shared by the list, histogram,
 * clusters, bounds, dynamic filters and exports, so every endpoint counts exactly the same rows.
 * Values are always bound parameters; field paths go in as text arrays, never into the SQL text.
 * @module
 */
import { splitBoundingBox, type FilterState } from '@chronotope/filters'

/** A parameterised SQL fragment. */
export interface SqlFragment {
  /** SQL text with `$1`, `$2`… placeholders. */
  readonly text: string
  readonly params: readonly unknown[]
}

/**
 * The text that full-text search looks in: title, description and place. The GIN index
 * `events_search_idx` is built on exactly this expression, so keep the two the same.
 */
export const SEARCH_DOCUMENT_SQL = `to_tsvector('simple'::regconfig, public.chronotope_unaccent(coalesce(e.title, '') || ' ' || coalesce(e.description, '') || ' ' || coalesce(e.location_name, '')))`

/**
 * The `tsquery` of a search text, accents folded as in {@link SEARCH_DOCUMENT_SQL}, so "greve" and
 * "grève" both find "Grève".
 * @param parameter - the placeholder holding the text, e.g. `$2`
 * @example searchQuerySql('$2') // "websearch_to_tsquery('simple'::regconfig, public.chronotope_unaccent($2))"
 */
export function searchQuerySql(parameter: string): string {
  return `websearch_to_tsquery('simple'::regconfig, public.chronotope_unaccent(${parameter}))`
}

/** Matches the text of a JSON number or a number written as text. */
const NUMERIC_TEXT = '^\\s*-?(\\d+\\.?\\d*|\\.\\d+)([eE][-+]?\\d+)?\\s*$'

/** Which datasets a read may touch: every one (editors and admins, unfiltered), or these ids. */
export type DatasetScope = 'all' | readonly number[]

/** Collects bound parameters and hands out their placeholders. */
export class SqlParams {
  readonly values: unknown[] = []

  /** Binds a value and answers its placeholder, e.g. `$3`. */
  add(value: unknown): string {
    this.values.push(value)
    return `$${this.values.length}`
  }
}

/** How {@link eventConditions} writes some conditions, for the planner; the rows are the same. */
export interface ConditionOptions {
  /**
   * Check the map view on the rows the other conditions find, out of the spatial index's reach:
   * for a search whose matches are many times fewer than the events in view (`search-view-plan.ts`).
   */
  readonly viewOnMatches?: boolean
}

/**
 * The conditions of a filter state over `events e`, joined with `and`; events marked removed are
 * always left out.
 * @param scope - the datasets the caller may see, narrowed by the state's catalogs and datasets
 * @example eventConditions({ catalogs: [], datasets: [], fields: {}, text: 'flood' }, [1, 2], new SqlParams())
 * // "e.removed_at is null and e.dataset_id = any($1::int[]) and to_tsvector(...) @@ websearch_to_tsquery('simple', $2)"
 */
export function eventConditions(
  state: FilterState,
  scope: DatasetScope,
  params: SqlParams,
  options: ConditionOptions = {},
): string {
  // Events gone from a scheduled import's source, when marked removed, are for the admin only.
  const conditions: string[] = ['e.removed_at is null']
  if (scope !== 'all') conditions.push(`e.dataset_id = any(${params.add([...scope])}::int[])`)
  if (state.startDate) conditions.push(`e.event_time >= ${params.add(state.startDate)}::timestamptz`)
  if (state.endDate) conditions.push(`e.event_time <= ${params.add(state.endDate)}::timestamptz`)
  if (state.bbox) {
    const boxes = splitBoundingBox(state.bbox).map(
      (box) =>
        `e.location && st_makeenvelope(${params.add(box.west)}::float8, ${params.add(box.south)}::float8, ` +
        `${params.add(box.east)}::float8, ${params.add(box.north)}::float8, 4326)`,
    )
    const view = boxes.length === 1 ? boxes[0]! : `(${boxes.join(' or ')})`
    // `coalesce` is not an operator the spatial index answers, so the planner cannot use it.
    conditions.push(options.viewOnMatches ? `coalesce(${view}, false)` : view)
  }
  for (const [path, filter] of Object.entries(state.fields)) {
    const value = `(e.data #>> ${params.add(path.split('.'))}::text[])`
    if (filter.kind === 'values') {
      conditions.push(`${value} = any(${params.add(filter.values)}::text[])`)
    } else {
      const number = `(case when ${value} ~ '${NUMERIC_TEXT}' then ${value}::numeric end)`
      if (filter.min !== undefined) conditions.push(`${number} >= ${params.add(filter.min)}::numeric`)
      if (filter.max !== undefined) conditions.push(`${number} <= ${params.add(filter.max)}::numeric`)
      if (filter.min === undefined && filter.max === undefined) conditions.push(`${number} is not null`)
    }
  }
  if (state.text) conditions.push(`${SEARCH_DOCUMENT_SQL} @@ ${searchQuerySql(params.add(state.text))}`)
  return conditions.join(' and ')
}
