/**
 * A user's usage beside their limits, for `GET /api/usage` and the admin's account page.
 * @module
 */
import type { Payload } from 'payload'
import type { Pool } from 'pg'

import { COLLECTION_NAMES } from '../../constants/collection-names'
import type { TrustLevel } from '../../constants/trust-levels'
import { eventsOwnedBy } from './event-quotas'
import { QUOTA_LABELS, QUOTA_NAMES, type QuotaName } from './quota-limits'
import { meteredUsage } from './quota-meters'
import { quotasOf, type QuotaHolder } from './user-quotas'

/** One quota as a user sees it. */
export interface QuotaStanding {
  readonly name: QuotaName
  /** In words, e.g. "uploads per day". */
  readonly label: string
  /** The limit; null when there is none. */
  readonly limit: number | null
  /** Where the user stands now; null for limits on a single import or schedule, which have no running total. */
  readonly used: number | null
}

/** A user's trust level and every quota's standing. */
export interface QuotaUsageReport {
  readonly user: number | string
  readonly level: TrustLevel
  readonly quotas: readonly QuotaStanding[]
}

/**
 * What a user has used of each quota: uploads in the last 24 hours, events in their datasets,
 * scheduled imports they own, and requests their API keys made in the last hour.
 * @example (await quotaUsage(payload, pool, user)).quotas[0] // { name: 'uploadsPerDay', label: 'uploads per day', limit: 20, used: 3 }
 */
export async function quotaUsage(payload: Payload, pool: Pool, user: QuotaHolder): Promise<QuotaUsageReport> {
  const { level, limits } = await quotasOf(payload, user)
  const [uploads, events, schedules, requests] = await Promise.all([
    meteredUsage(pool, 'uploadsPerDay', user.id),
    eventsOwnedBy(pool, user.id),
    payload
      .count({
        collection: COLLECTION_NAMES.SCHEDULED_IMPORTS,
        where: { owner: { equals: user.id } },
        overrideAccess: true,
      })
      .then((result) => result.totalDocs),
    meteredUsage(pool, 'apiRequestsPerHour', user.id),
  ])
  const used: Record<QuotaName, number | null> = {
    uploadsPerDay: uploads,
    eventsPerImport: null,
    eventsTotal: events,
    scheduledImports: schedules,
    shortestScheduleMinutes: null,
    apiRequestsPerHour: requests,
  }
  return {
    user: user.id,
    level,
    quotas: QUOTA_NAMES.map((name) => ({ name, label: QUOTA_LABELS[name], limit: limits[name], used: used[name] })),
  }
}
