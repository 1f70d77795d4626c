/**
 * What a scheduled run wrote, saved on its run document inside the run's own transaction, so the
 * history and the dataset can never disagree.
 * @module
 */
import type { PoolClient } from 'pg'

import type { StoredProgress } from '../import/import-documents'
import type { EventChange } from './event-changes'
import type { GoneOutcome } from './scheduled-run-writer'

/** The create-events counts of the run's import job, as that stage keeps them. */
export interface RunWriteCounts {
  readonly eventsCreated: number
  readonly eventsUpdated: number
  readonly eventsUnchanged: number
  readonly eventsLeftAlone: number
  readonly rowErrors: number
}

/** What {@link recordRunWrites} saves. */
export interface RunWrites {
  readonly runId: number
  readonly importJobId: number
  readonly counts: RunWriteCounts
  readonly gone: GoneOutcome
  readonly changes: readonly EventChange[]
  /** The import job's progress with the settled checkpoint, saved in the same transaction. */
  readonly progress: StoredProgress
}

/**
 * Saves the run's counts, listed changes and gone events, and marks its import job's checkpoint
 * settled (a retry after the commit must not settle gone events a second time).
 * @param client - the run's open transaction
 */
export async function recordRunWrites(client: PoolClient, writes: RunWrites): Promise<void> {
  const { counts, gone } = writes
  await client.query(
    `update scheduled_import_runs set counts_added = $2, counts_updated = $3, counts_unchanged = $4,
        counts_left_alone = $5, counts_row_errors = $6, counts_gone = $7, counts_removed = $8,
        counts_restored = $9, changes = $10::jsonb, gone_events = $11::jsonb, updated_at = now()
      where id = $1`,
    [
      writes.runId,
      counts.eventsCreated,
      counts.eventsUpdated,
      counts.eventsUnchanged,
      counts.eventsLeftAlone,
      counts.rowErrors,
      gone.gone,
      gone.removed,
      gone.restored,
      JSON.stringify(writes.changes),
      JSON.stringify({ events: gone.listed, ...(gone.heldBack ? { heldBack: gone.heldBack } : {}) }),
    ],
  )
  await client.query('update import_jobs set progress = $2::jsonb where id = $1', [
    writes.importJobId,
    JSON.stringify(writes.progress),
  ])
}
