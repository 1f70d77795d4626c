/**
 * One reference check per import batch instead of one per row. Every event of an import batch
 * points at the same dataset and import job, yet PostgreSQL checks both foreign keys row by row
 * (a lookup and a row lock each) and runs the events table's statement-level version trigger over
 * a copy of the batch's rows: together a quarter of the database's cost of an import. When the
 * database role may set `session_replication_role`, the batch's writer instead locks the two
 * referenced rows once (`FOR KEY SHARE`, the lock a foreign key check takes), copies the rows with
 * those per-row triggers off, and bumps the dataset's event index version as the trigger would.
 * The guarantees are the same: the referenced rows exist and cannot be deleted before the batch
 * commits, and readers see a new version.
 * @module
 */
import type { PoolClient } from 'pg'

import type { EventRow } from './bulk-insert-events'

/** The rows a batch of events references, when every event references the same ones. */
export interface BatchReferences {
  readonly datasetId: number
  readonly importJobId: number | null
}

/**
 * The dataset and import job every row references, or undefined when the rows differ (or there
 * are none), in which case only the foreign keys' own per-row checks will do.
 * @example sharedReferences([{ datasetId: 4, importJobId: 9, … }]) // { datasetId: 4, importJobId: 9 }
 */
export function sharedReferences(
  rows: readonly Pick<EventRow, 'datasetId' | 'importJobId'>[],
): BatchReferences | undefined {
  const first = rows[0]
  if (!first) return undefined
  for (let index = 1; index < rows.length; index++) {
    const row = rows[index]!
    if (row.datasetId !== first.datasetId || row.importJobId !== first.importJobId) return undefined
  }
  return { datasetId: first.datasetId, importJobId: first.importJobId }
}

// Per connection: a pool's connections keep their role for life, and asking costs a round trip.
const mayTurnOffTriggers = new WeakMap<PoolClient, Promise<boolean>>()

/**
 * Whether the connection's role may set `session_replication_role`: a superuser, or (PostgreSQL 15
 * and later) a role granted `SET ON PARAMETER session_replication_role`.
 */
export function mayTurnOffRowTriggers(client: PoolClient): Promise<boolean> {
  let answer = mayTurnOffTriggers.get(client)
  if (!answer) {
    answer = askMayTurnOffRowTriggers(client)
    mayTurnOffTriggers.set(client, answer)
  }
  return answer
}

async function askMayTurnOffRowTriggers(client: PoolClient): Promise<boolean> {
  const { rows } = await client.query<{ superuser: boolean; version: number }>(
    `select coalesce((select rolsuper from pg_roles where rolname = current_user), false) as superuser,
       current_setting('server_version_num')::int as version`,
  )
  const { superuser, version } = rows[0]!
  if (superuser) return true
  // The function is new in PostgreSQL 15; older servers only let superusers set the parameter.
  if (version < 150_000) return false
  const granted = await client.query<{ granted: boolean }>(
    `select has_parameter_privilege('session_replication_role', 'SET') as granted`,
  )
  return granted.rows[0]!.granted
}

/**
 * Locks the rows a batch references, as a foreign key check would, and answers whether they all
 * exist; when one does not, the caller writes with the per-row checks on, so the database reports
 * the violation in its own words.
 */
async function lockReferences(client: PoolClient, references: BatchReferences): Promise<boolean> {
  const dataset = await client.query('select 1 from datasets where id = $1 for key share', [references.datasetId])
  if (dataset.rowCount !== 1) return false
  if (references.importJobId === null) return true
  const job = await client.query('select 1 from import_jobs where id = $1 for key share', [references.importJobId])
  return job.rowCount === 1
}

/**
 * Runs `insert`, which adds `count` events to the referenced dataset and nothing else, with the
 * events table's per-row foreign key checks and version trigger off, after checking the references
 * once. Must run inside a transaction (or savepoint) the caller rolls back on error, which also
 * puts the triggers back on.
 * @param beforeVersionBump - awaited between the insert and the version bump, which locks the
 * dataset's version row until commit (batches written side by side wait there for the earlier one)
 * @returns false, without running `insert`, when the role may not turn triggers off or a
 * referenced row is missing: the caller then writes the usual way
 */
export async function insertWithOneReferenceCheck(
  client: PoolClient,
  references: BatchReferences,
  count: number,
  insert: () => Promise<void>,
  beforeVersionBump: () => Promise<void> = () => Promise.resolve(),
): Promise<boolean> {
  if (!(await mayTurnOffRowTriggers(client))) return false
  if (!(await lockReferences(client, references))) return false
  await client.query('set local session_replication_role = replica')
  await insert()
  await client.query('set local session_replication_role = origin')
  await beforeVersionBump()
  // What the statement-level trigger `event_index_insert` (migration 20261121_090000) records.
  await client.query(
    `insert into event_index_versions as v (dataset_id, version, event_count)
       values ($1, nextval('event_index_version_seq'), $2)
       on conflict (dataset_id) do update set version = excluded.version, event_count = v.event_count + excluded.event_count`,
    [references.datasetId, count],
  )
  return true
}
