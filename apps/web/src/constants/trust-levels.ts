/**
 * How far Chronotope trusts a user, which sets the quotas they work within (the `quotas` global
 * holds each level's limits). Admins are never limited, whatever their level.
 * @example TRUST_LEVELS.NEW // 'new'
 */
export const TRUST_LEVELS = {
  NEW: 'new',
  TRUSTED: 'trusted',
  UNLIMITED: 'unlimited',
} as const

/** One trust level. */
export type TrustLevel = (typeof TRUST_LEVELS)[keyof typeof TRUST_LEVELS]

/** Every trust level, from the most limited up. */
export const TRUST_LEVEL_ORDER: readonly TrustLevel[] = [TRUST_LEVELS.NEW, TRUST_LEVELS.TRUSTED, TRUST_LEVELS.UNLIMITED]

/** What the admin shows for each level. */
export const TRUST_LEVEL_LABELS: Readonly<Record<TrustLevel, string>> = {
  new: 'New',
  trusted: 'Trusted',
  unlimited: 'Unlimited',
}

/**
 * Whether a value names a trust level.
 * @example isTrustLevel('trusted') // true
 */
export function isTrustLevel(value: unknown): value is TrustLevel {
  return typeof value === 'string' && (TRUST_LEVEL_ORDER as readonly string[]).includes(value)
}
