/**
 * The plans `npm run bench:fdw` prints: for a few representative reads, the statements the read
 * API sent to the coordinator of the partitioned layout, each with what the shards ran and what
 * the coordinator did with the rows; then the same counts grouped by dataset too, which the read
 * API does not send, to show what grouping by the partition key would push down.
 * @module
 */
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

/** The representative reads: counts over one dataset and over all, map clusters, a histogram, search, a list page. */
function representativeRequests(oneDataset: FilterCase): Array<[string, string]> {
  const endpoint = (name: string) => READ_ENDPOINTS.find((candidate) => candidate.name === name)!
  const [world, europe] = [MAP_VIEWS[0]!, MAP_VIEWS[1]!]
  const filter = (prefix: string) => FILTER_CASES.find((candidate) => candidate.name.startsWith(prefix))!
  const none = FILTER_CASES[0]!
  return [
    ['a count over one dataset (bounds)', requestPath(endpoint('bounds'), world, oneDataset)],
    ['a count over all datasets (bounds)', requestPath(endpoint('bounds'), world, none)],
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
 * Prints the plans of a count and a histogram over every dataset in the world box, grouped by
 * dataset as well, on the partitioned layout.
 */
export async function printWhatIfPlans(pool: pg.Pool, datasetIds: readonly number[]): Promise<void> {
  const where = 'where e.dataset_id = any($1::int[]) and e.location && st_makeenvelope($2, $3, $4, $5, 4326)'
  const values = [datasetIds, ...MAP_VIEWS[0]!.bbox]
  const statements: Array<[string, string]> = [
    [
      'a count over all datasets, grouped by dataset',
      `select e.dataset_id, count(*)::int as count from events e ${where} group by e.dataset_id`,
    ],
    [
      'a histogram over all datasets, grouped by dataset (the coordinator then adds the groups up)',
      `select date_trunc('year', e.event_time, 'UTC') as bucket, e.dataset_id, count(*)::int as count
       from events e ${where} and e.event_time is not null group by 1, e.dataset_id`,
    ],
  ]
  console.log(`\nNot the read API's SQL: the same reads grouped by dataset too (the partition key):`)
  for (const [name, text] of statements) {
    console.log(`\n${name}:`)
    const started = performance.now()
    const plan = await explainStatement(pool, text, values)
    printPlan(performance.now() - started, text, plan)
  }
}
