/**
 * The quotas on events: how many one import may write and how many a user's datasets may hold.
 * An import is checked once its duplicates are known (before geocoding and before any event is
 * written), so a refused import costs no geocoder calls and leaves no events behind.
 * @module
 */
import type { Payload } from 'payload'
import type { Pool } from 'pg'

import { ImportFailure } from '../import/import-failure'
import { quotaMessage, type QuotaRefusal } from './quota-limits'
import { quotaExceeded } from './quota-meters'
import { quotaHolder, quotasOf, type UserQuotas } from './user-quotas'

/**
 * Events in every dataset a user owns, removed ones included (they still take room).
 * @example await eventsOwnedBy(pool, 7) // 12840
 */
export async function eventsOwnedBy(pool: Pool, userId: number | string): Promise<number> {
  const { rows } = await pool.query<{ count: string }>(
    `select count(*) as count from events e join datasets d on d.id = e.dataset_id where d.owner_id = $1`,
    [userId],
  )
  return Number(rows[0]?.count ?? 0)
}

/** What an import is about to write, known after its duplicates are analysed. */
export interface ImportSize {
  /** Events the import writes: its rows less the duplicates inside the file. */
  readonly events: number
  /** Of those, how many are new (not updates of events the dataset already holds). */
  readonly newEvents: number
}

/**
 * Which event quota an import would break, if any. Pure.
 * @param ownedEvents - events the owner's datasets hold now
 * @example eventQuotaRefusal({ events: 10, newEvents: 10 }, 95, { level: 'new', limits: { …, eventsTotal: 100 } })
 *   // { quota: 'eventsTotal', level: 'new', limit: 100, figure: 105 }
 */
export function eventQuotaRefusal(size: ImportSize, ownedEvents: number, quotas: UserQuotas): QuotaRefusal | null {
  const { eventsPerImport, eventsTotal } = quotas.limits
  if (eventsPerImport !== null && size.events > eventsPerImport) {
    return { quota: 'eventsPerImport', level: quotas.level, limit: eventsPerImport, figure: size.events }
  }
  if (eventsTotal !== null && size.newEvents > 0 && ownedEvents + size.newEvents > eventsTotal) {
    return { quota: 'eventsTotal', level: quotas.level, limit: eventsTotal, figure: ownedEvents + size.newEvents }
  }
  return null
}

/**
 * Ends an import whose events would break its owner's quotas, with the sentence naming the limit
 * and the figure.
 * @throws {@link ImportFailure} when a limit would be broken
 */
export async function enforceEventQuotas(
  payload: Payload,
  pool: Pool,
  ownerId: number | string | undefined,
  size: ImportSize,
): Promise<void> {
  if (ownerId === undefined) return
  const owner = await quotaHolder(payload, ownerId)
  if (!owner) return
  const quotas = await quotasOf(payload, owner)
  if (quotas.limits.eventsPerImport === null && quotas.limits.eventsTotal === null) return
  const owned = quotas.limits.eventsTotal === null ? 0 : await eventsOwnedBy(pool, owner.id)
  const refusal = eventQuotaRefusal(size, owned, quotas)
  if (refusal) throw new ImportFailure(quotaMessage(refusal))
}

/**
 * Refuses an upload at once (422) when the uploader's datasets already hold every event their
 * level allows: nothing it could import would fit.
 * @throws {@link ApiError} 422 `quota-exceeded`
 */
export async function refuseWhenEventsFull(pool: Pool, userId: number | string, quotas: UserQuotas): Promise<void> {
  const limit = quotas.limits.eventsTotal
  if (limit === null) return
  const owned = await eventsOwnedBy(pool, userId)
  if (owned >= limit) {
    throw quotaExceeded(422, { quota: 'eventsTotal', level: quotas.level, limit, figure: owned })
  }
}
