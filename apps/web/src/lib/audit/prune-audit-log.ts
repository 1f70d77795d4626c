/**
 * Retention of the audit log: deleting entries older than `CHRONOTOPE_AUDIT_RETENTION_DAYS`. The
 * database refuses every other delete of an entry; this one sets `chronotope.audit_prune` for its
 * own transaction, which the table's trigger lets through (migration 20261128_220000_audit_log).
 * @module
 */
import type { Pool } from 'pg'

/** The transaction-local setting the audit log's trigger reads to let the retention delete through. */
export const AUDIT_PRUNE_SETTING = 'chronotope.audit_prune'

// Entries deleted per transaction, so a first prune of a long log never holds one huge lock.
const BATCH = 5000

/**
 * The time before which entries go, for `retentionDays` (0: none go, `undefined` is answered).
 * @example pruneCutoff(new Date('2026-11-28T00:00:00Z'), 30)?.toISOString() // '2026-10-29T00:00:00.000Z'
 */
export function pruneCutoff(now: Date, retentionDays: number): Date | undefined {
  if (retentionDays <= 0) return undefined
  return new Date(now.getTime() - retentionDays * 24 * 60 * 60 * 1000)
}

/** Deletes the audit log's entries created before `cutoff`, in batches; answers how many went. */
export async function pruneAuditLog(pool: Pool, cutoff: Date): Promise<number> {
  let deleted = 0
  for (;;) {
    const client = await pool.connect()
    let count: number
    try {
      await client.query('BEGIN')
      await client.query(`SELECT set_config('${AUDIT_PRUNE_SETTING}', 'on', true)`)
      const result = await client.query(
        `DELETE FROM "audit_log" WHERE "id" IN (
           SELECT "id" FROM "audit_log" WHERE "created_at" < $1 ORDER BY "id" LIMIT ${BATCH})`,
        [cutoff.toISOString()],
      )
      await client.query('COMMIT')
      count = result.rowCount ?? 0
    } catch (error) {
      await client.query('ROLLBACK').catch(() => undefined)
      throw error
    } finally {
      client.release()
    }
    deleted += count
    if (count < BATCH) return deleted
  }
}
