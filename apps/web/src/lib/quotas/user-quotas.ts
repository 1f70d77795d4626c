/**
 * A user's quotas: their trust level, and that level's limits from the `quotas` global. The
 * global is read at most every {@link QUOTA_CACHE_SECONDS} seconds per process, since the API
 * request meter asks on every request made with a key.
 * @module
 */
import type { Payload } from 'payload'

import { settings } from '../../config/settings'
import { COLLECTION_NAMES, GLOBAL_NAMES } from '../../constants/collection-names'
import { ROLES } from '../../constants/roles'
import { isTrustLevel, TRUST_LEVELS, type TrustLevel } from '../../constants/trust-levels'
import { limitsOfLevel, type QuotaLimits } from './quota-limits'

/** Seconds a process keeps the `quotas` global before reading it again. */
export const QUOTA_CACHE_SECONDS = 15

/** The part of a user the quotas read. */
export interface QuotaHolder {
  readonly id: number | string
  readonly role?: string | null
  readonly trustLevel?: string | null
}

/** A user's trust level and the limits it sets. */
export interface UserQuotas {
  readonly level: TrustLevel
  readonly limits: QuotaLimits
}

let cached: { readonly until: number; readonly stored: Promise<Record<string, unknown> | null> } | undefined

/** Drops the cached global, so this process reads the new limits at once (after an admin's change). */
export function forgetQuotaLimits(): void {
  cached = undefined
}

function storedQuotas(payload: Payload): Promise<Record<string, unknown> | null> {
  const now = Date.now()
  if (!cached || cached.until <= now) {
    const stored = payload
      .findGlobal({ slug: GLOBAL_NAMES.QUOTAS, depth: 0, overrideAccess: true })
      .then((doc) => doc as unknown as Record<string, unknown>)
      .catch((error: unknown) => {
        forgetQuotaLimits()
        throw error
      })
    cached = { until: now + QUOTA_CACHE_SECONDS * 1000, stored }
  }
  return cached.stored
}

/**
 * The trust level a user's quotas follow: admins are never limited; a user without a level (one
 * made before levels existed) has the installation's default.
 * @example trustLevelOf({ id: 1, role: 'admin', trustLevel: 'new' }) // 'unlimited'
 */
export function trustLevelOf(user: QuotaHolder): TrustLevel {
  if (user.role === ROLES.ADMIN) return TRUST_LEVELS.UNLIMITED
  return isTrustLevel(user.trustLevel) ? user.trustLevel : settings.defaultTrustLevel
}

/**
 * A user's trust level and its limits.
 * @example const { limits } = await quotasOf(req.payload, req.user)
 */
export async function quotasOf(payload: Payload, user: QuotaHolder): Promise<UserQuotas> {
  const level = trustLevelOf(user)
  if (level === TRUST_LEVELS.UNLIMITED) return { level, limits: limitsOfLevel(null, level) }
  return { level, limits: limitsOfLevel(await storedQuotas(payload), level) }
}

/** A user as the quotas read them, by id; undefined when the account is gone. */
export async function quotaHolder(payload: Payload, userId: number | string): Promise<QuotaHolder | undefined> {
  try {
    const user = await payload.findByID({
      collection: COLLECTION_NAMES.USERS,
      id: userId,
      depth: 0,
      overrideAccess: true,
    })
    const { role, trustLevel } = user as { role?: string | null; trustLevel?: string | null }
    return { id: user.id, role, trustLevel }
  } catch {
    return undefined
  }
}
