/**
 * The plans `npm run bench:fdw` prints: for a few representative reads, the statements the read
 * API sent to the coordinator of the partitioned layout, each with what the shards ran and what
 * the coordinator did with the rows; then a few of the same reads written otherwise (grouped by
 * dataset too, with immutable expressions), which the read API does not send, to show what would
 * push down.
 * @module
 */
import { clusterCellSize, EARTH_RADIUS_M, MAX_MERCATOR_LATITUDE } from '@chronotope/filters'
import type pg from 'pg'

import type { ScratchServer } from '../apps/web/test/helpers/scratch-postgres'
import {
  describePlan,
  describePushdown,
  explainStatement,
  logPlans,
  plansInLog,
  summarizePushdown,
  type PlanNode,
} from './read-fdw-plans'
import { FILTER_CASES, MAP_VIEWS, READ_ENDPOINTS, requestPath, type FilterCase } from './read-scenarios'

const ms = (n: number) => (n < 10 ? n.toFixed(1) : n.toFixed(0))

function printPlan(durationMs: number, statement: string, plan: PlanNode): void {
  const text = statement.replace(/\s+/g, ' ').trim()
  console.log(`  ${ms(durationMs)} ms: ${text.length > 140 ? `${text.slice(0, 140)}…` : text}`)
  console.log(`    → ${describePushdown(summarizePushdown(plan))}`)
  for (const line of describePlan(plan, 2)) console.log(line)
}

/** The representative reads: counts (one dataset, all, a decade, a category), map clusters, a histogram, search, a list page. */
function representativeRequests(oneDataset: FilterCase): Array<[string, string]> {
  const endpoint = (name: string) => READ_ENDPOINTS.find((candidate) => candidate.name === name)!
  const [world, europe] = [MAP_VIEWS[0]!, MAP_VIEWS[1]!]
  const filter = (prefix: string) => FILTER_CASES.find((candidate) => candidate.name.startsWith(prefix))!
  const none = FILTER_CASES[0]!
  return [
    ['a count over one dataset (bounds)', requestPath(endpoint('bounds'), world, oneDataset)],
    ['a count over all datasets (bounds)', requestPath(endpoint('bounds'), world, none)],
    ['a count over a decade (bounds)', requestPath(endpoint('bounds'), world, filter('time'))],
    ['a count with a data-field filter (bounds)', requestPath(endpoint('bounds'), world, filter('enum'))],
    ['map clusters in a box, one dataset', requestPath(endpoint('map-clusters'), europe, oneDataset)],
    ['map clusters in a box, all datasets', requestPath(endpoint('map-clusters'), europe, none)],
    ['a histogram over all datasets', requestPath(endpoint('histogram'), world, none)],
    ['a full-text search (list)', requestPath(endpoint('list'), world, filter('text'))],
    ['a list page', requestPath(endpoint('list'), world, none)],
  ]
}

/**
 * Sends each representative read once to the app at `baseUrl` (on the partitioned layout) with
 * auto_explain on, and prints the plan of each statement it sent.
 * @param oneDataset - the filter that narrows a read to one dataset, so to one shard
 */
export async function printRequestPlans(
  baseUrl: string,
  coordinator: ScratchServer,
  oneDataset: FilterCase,
): Promise<void> {
  console.log(
    `\nWhat ran where: each statement the read API sent, as auto_explain logged its EXPLAIN (ANALYZE, VERBOSE) ` +
      `on the coordinator ('<box>' stands for the map box's geometry literal):`,
  )
  await logPlans(coordinator, true)
  try {
    for (const [name, path] of representativeRequests(oneDataset)) {
      const before = coordinator.log().length
      await (await fetch(`${baseUrl}${path}`)).arrayBuffer()
      // The read API's own statements read `events e`; the app's others (the datasets in scope) are left out.
      const plans = plansInLog(coordinator.log().slice(before)).filter((plan) => /\bevents e\b/.test(plan.queryText))
      console.log(`\n${name}: GET ${path}`)
      for (const logged of plans) printPlan(logged.durationMs, logged.queryText, logged.plan)
    }
  } finally {
    await logPlans(coordinator, false)
  }
}

/**
 * The map-clusters cells of map-clusters.ts grouped by dataset too, so the coordinator would merge
 * each cell's per-dataset rows; `$6` is the earth's radius, `$7` the cell size, `$8` the largest
 * latitude, and `clampedLatitude` keeps the latitude within it.
 */
function clusterCellsSql(where: string, clampedLatitude: string): string {
  return `select cx, cy, dataset_id, count(*)::int as count, sum(lon) as lon_sum, sum(lat) as lat_sum,
      min(lon) as west, min(lat) as south, max(lon) as east, max(lat) as north, min(id) as first_id
    from (
      select e.id, e.dataset_id, st_x(e.location) as lon, st_y(e.location) as lat,
        floor(radians(st_x(e.location)) * $6::float8 / $7::float8) as cx,
        floor(ln(tan(pi() / 4 + radians(${clampedLatitude}) / 2)) * $6::float8 / $7::float8) as cy
      from events e ${where} and e.location is not null
    ) p group by cx, cy, dataset_id`
}

/**
 * Prints, on the partitioned layout, the plans of reads over every dataset in the world box written
 * as the read API could write them to be pushed down: grouped by dataset as well (the partition
 * key), the histogram's buckets without a text argument, a data field compared as `jsonb`.
 * postgres_fdw sends a function or operator with a text argument only when that text comes from a
 * shard's column (its collation check), and `date_trunc(…, 'UTC')` is STABLE besides.
 */
export async function printWhatIfPlans(pool: pg.Pool, datasetIds: readonly number[]): Promise<void> {
  const where = 'where e.dataset_id = any($1::int[]) and e.location && st_makeenvelope($2, $3, $4, $5, 4326)'
  const values = [datasetIds, ...MAP_VIEWS[0]!.bbox]
  const statements: Array<[string, string, unknown[]]> = [
    [
      'a count, grouped by dataset',
      `select e.dataset_id, count(*)::int as count from events e ${where} group by e.dataset_id`,
      values,
    ],
    [
      "a histogram as the read API buckets it (date_trunc(…, 'UTC'), which is only STABLE), grouped by dataset",
      `select date_trunc('year', e.event_time, 'UTC') as bucket, e.dataset_id, count(*)::int as count
       from events e ${where} and e.event_time is not null group by 1, e.dataset_id`,
      values,
    ],
    [
      "a histogram bucketed with date_bin('1 day', …), which takes no text, grouped by dataset",
      `select date_bin('1 day', e.event_time, 'epoch') as bucket, e.dataset_id, count(*)::int as count
       from events e ${where} and e.event_time is not null group by 1, e.dataset_id`,
      values,
    ],
    [
      "map clusters at zoom 4 with the read API's cells (clamped with greatest/least), grouped by dataset",
      clusterCellsSql(where, 'greatest(least(st_y(e.location), $8::float8), -$8::float8)'),
      [...values, EARTH_RADIUS_M, clusterCellSize(4), MAX_MERCATOR_LATITUDE],
    ],
    [
      'the same cells clamped with CASE, which postgres_fdw sends (it sends no greatest/least)',
      clusterCellsSql(
        where,
        'case when st_y(e.location) > $8::float8 then $8::float8 when st_y(e.location) < -$8::float8 then -$8::float8 else st_y(e.location) end',
      ),
      [...values, EARTH_RADIUS_M, clusterCellSize(4), MAX_MERCATOR_LATITUDE],
    ],
    [
      'a count with the data-field filter as jsonb containment (data @> {"category": "quake"}), grouped by dataset',
      `select e.dataset_id, count(*)::int as count from events e ${where}
         and e.data @> any($6::jsonb[]) group by e.dataset_id`,
      [...values, [JSON.stringify({ category: 'quake' })]],
    ],
  ]
  console.log(`\nNot the read API's SQL: the same reads written to be pushed down:`)
  for (const [name, text, statementValues] of statements) {
    console.log(`\n${name}:`)
    const started = performance.now()
    const plan = await explainStatement(pool, text, statementValues)
    printPlan(performance.now() - started, text, plan)
  }
}
