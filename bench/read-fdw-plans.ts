/**
 * What ran where, for `npm run bench:fdw`: turns PostgreSQL's auto_explain on for a moment on the
 * coordinator, so every statement the read API sends logs its `EXPLAIN (ANALYZE, VERBOSE)` plan
 * as JSON, reads those plans back from the server's log, and says of each which parts the shards
 * ran (a foreign scan's `Remote SQL`) and which the coordinator ran (its filters and aggregates)
 * on how many rows fetched from the shards.
 * @module
 */
import pg from 'pg'

import type { ScratchServer } from '../apps/web/test/helpers/scratch-postgres'

/** One node of a plan as `EXPLAIN (FORMAT JSON)` writes it: the fields read here. */
export interface PlanNode {
  readonly 'Node Type': string
  readonly 'Relation Name'?: string
  /** What a foreign scan stands for when it was pushed down whole, e.g. `Aggregate on (public.events_shard1 e)`. */
  readonly Relations?: string
  readonly 'Remote SQL'?: string
  readonly Filter?: string
  readonly 'Rows Removed by Filter'?: number
  readonly 'Partial Mode'?: string
  readonly 'Async Capable'?: boolean
  readonly 'Subplans Removed'?: number
  readonly 'Actual Rows'?: number
  readonly 'Actual Loops'?: number
  readonly 'Actual Total Time'?: number
  readonly Plans?: readonly PlanNode[]
}

/** A statement and its plan, as auto_explain logged it. */
export interface LoggedPlan {
  readonly queryText: string
  readonly durationMs: number
  readonly plan: PlanNode
}

/**
 * Turns the logging of every statement's analyzed, verbose plan on or off on `server`, for every
 * session at once (a configuration reload reaches the app's pooled connections too).
 * Needs auto_explain in `session_preload_libraries` before the sessions start.
 */
export async function logPlans(server: ScratchServer, on: boolean): Promise<void> {
  const client = new pg.Client({ connectionString: server.url() })
  await client.connect()
  try {
    // Loaded here too, so this session knows auto_explain's settings and checks their values.
    await client.query(`load 'auto_explain'`)
    const settings = ['log_analyze = on', 'log_verbose = on', `log_format = 'json'`, 'log_min_duration = 0']
    for (const setting of settings)
      await client.query(
        on ? `alter system set auto_explain.${setting}` : `alter system reset auto_explain.${setting.split(' ')[0]}`,
      )
    await client.query('select pg_reload_conf()')
  } finally {
    await client.end()
  }
  // Backends read the new settings before their next statement; give the reload signal a moment.
  await new Promise((resolve) => setTimeout(resolve, 500))
}

// A log entry starts with the timestamp of log_line_prefix; its further lines start with a tab.
const ENTRY_START = /^\d{4}-\d\d-\d\d /

/**
 * The plans auto_explain wrote in a piece of the server's log, in order.
 * @example plansInLog(server.log().slice(before)).length // 3
 */
export function plansInLog(log: string): LoggedPlan[] {
  const entries: string[][] = []
  for (const line of log.split('\n')) {
    if (ENTRY_START.test(line)) entries.push([line])
    else if (line.startsWith('\t')) entries.at(-1)?.push(line.slice(1))
  }
  const plans: LoggedPlan[] = []
  for (const [first, ...rest] of entries) {
    const duration = /LOG: {2}duration: ([\d.]+) ms {2}plan:/.exec(first!)
    if (!duration) continue
    const parsed = JSON.parse(rest.join('\n')) as { 'Query Text': string; Plan: PlanNode }
    plans.push({ queryText: parsed['Query Text'], durationMs: Number(duration[1]), plan: parsed.Plan })
  }
  return plans
}

function* walk(node: PlanNode): Generator<PlanNode> {
  yield node
  for (const child of node.Plans ?? []) yield* walk(child)
}

const rowsOf = (node: PlanNode) => (node['Actual Rows'] ?? 0) * (node['Actual Loops'] ?? 1)
// A foreign scan's rows count after the coordinator's own filter; the shard sent those removed too.
const rowsReadOf = (node: PlanNode) => rowsOf(node) + (node['Rows Removed by Filter'] ?? 0)
const fmt = (n: number) => Math.round(n).toLocaleString('en')

function label(node: PlanNode): string {
  const async = node['Async Capable'] ? 'Async ' : ''
  const partial = node['Partial Mode'] && node['Partial Mode'] !== 'Simple' ? ` (${node['Partial Mode']})` : ''
  const on = node.Relations ? ` ${node.Relations}` : node['Relation Name'] ? ` on ${node['Relation Name']}` : ''
  const removed = node['Subplans Removed'] ? `, ${node['Subplans Removed']} partitions pruned` : ''
  const filtered = node['Rows Removed by Filter'] ? ` (${fmt(node['Rows Removed by Filter'])} removed by filter)` : ''
  return `${async}${node['Node Type']}${partial}${on}: ${fmt(rowsOf(node))} rows${filtered}${removed}`
}

// A map box reaches the shard as a hex geometry literal of some 200 characters.
const shortenGeometry = (sql: string) => sql.replace(/'0103[0-9A-F]{40,}'/g, "'<box>'")

/**
 * The plan as indented lines: each node with its rows, the conditions the coordinator checked
 * itself (`Filter`), and the SQL each shard was sent (`Remote SQL`).
 */
export function describePlan(node: PlanNode, depth = 0): string[] {
  const indent = '  '.repeat(depth)
  const lines = [`${indent}${label(node)}`]
  if (node.Filter) lines.push(`${indent}  Filter on the coordinator: ${node.Filter}`)
  if (node['Remote SQL']) lines.push(`${indent}  Remote SQL: ${shortenGeometry(node['Remote SQL'])}`)
  for (const child of node.Plans ?? []) lines.push(...describePlan(child, depth + 1))
  return lines
}

/** What a plan left to the coordinator, in one line. */
export interface PushdownSummary {
  /**
   * Rows the coordinator read from the shards. A scan stopped early by a limit may have been sent
   * more, up to `fetch_size` a round trip.
   */
  readonly rowsRead: number
  /** Whether every shard scan ran the aggregate itself (one row or one row a group back). */
  readonly aggregatePushed: boolean
  /** Whether the coordinator aggregated rows it fetched. */
  readonly aggregatedOnCoordinator: boolean
  /** Conditions the coordinator checked on fetched rows, because the shard could not. */
  readonly coordinatorFilters: readonly string[]
}

/**
 * Runs `EXPLAIN (ANALYZE, VERBOSE, FORMAT JSON)` of one statement, for SQL the read API does not
 * send (what a change to it would push down).
 */
export async function explainStatement(pool: pg.Pool, text: string, values: readonly unknown[]): Promise<PlanNode> {
  const { rows } = await pool.query<{ 'QUERY PLAN': Array<{ Plan: PlanNode }> }>(
    `explain (analyze, verbose, format json) ${text}`,
    [...values],
  )
  return rows[0]!['QUERY PLAN'][0]!.Plan
}

/** Sums up where a plan's work ran. */
export function summarizePushdown(plan: PlanNode): PushdownSummary {
  const nodes = [...walk(plan)]
  const scans = nodes.filter((node) => node['Node Type'] === 'Foreign Scan')
  return {
    rowsRead: scans.reduce((sum, node) => sum + rowsReadOf(node), 0),
    aggregatePushed: scans.length > 0 && scans.every((node) => node.Relations?.startsWith('Aggregate on') === true),
    aggregatedOnCoordinator: nodes.some((node) => node['Node Type'] === 'Aggregate'),
    coordinatorFilters: nodes.flatMap((node) => (node.Filter ? [node.Filter] : [])),
  }
}

/**
 * The summary as a sentence.
 * @example describePushdown(summary) // 'aggregate ran on the shards; 2 rows read from the shards'
 */
export function describePushdown(summary: PushdownSummary): string {
  const parts = [
    summary.aggregatePushed
      ? 'aggregate ran on the shards'
      : summary.aggregatedOnCoordinator
        ? 'aggregated on the coordinator'
        : 'rows merged on the coordinator',
    `${fmt(summary.rowsRead)} rows read from the shards`,
  ]
  if (summary.coordinatorFilters.length > 0) parts.push('some conditions checked on the coordinator')
  return parts.join('; ')
}
