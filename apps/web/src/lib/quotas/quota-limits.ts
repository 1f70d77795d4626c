/**
 * Quotas by trust level, the pure part: which limits exist, their defaults per level, and how a
 * limit reached is put into words and headers. The limits themselves live in the `quotas` global
 * (an admin edits them); users carry a `trustLevel`.
 * @module
 */
import { TRUST_LEVELS, type TrustLevel } from '../../constants/trust-levels'

/** The limits a trust level sets; `null` means no limit. */
export interface QuotaLimits {
  /** Uploads (`POST /api/import/upload`) per rolling 24 hours. */
  readonly uploadsPerDay: number | null
  /** Events one import may write (rows after duplicates inside the file). */
  readonly eventsPerImport: number | null
  /** Events in all the datasets the user owns together. */
  readonly eventsTotal: number | null
  /** Scheduled imports the user may own. */
  readonly scheduledImports: number | null
  /** Shortest time between two runs of one of their schedules, in minutes. */
  readonly shortestScheduleMinutes: number | null
  /** Requests made with one of their API keys per rolling hour. */
  readonly apiRequestsPerHour: number | null
}

/** The name of one quota. */
export type QuotaName = keyof QuotaLimits

/** Every quota, in the order people read them. */
export const QUOTA_NAMES: readonly QuotaName[] = [
  'uploadsPerDay',
  'eventsPerImport',
  'eventsTotal',
  'scheduledImports',
  'shortestScheduleMinutes',
  'apiRequestsPerHour',
]

/** How each quota is named in messages and in the admin. */
export const QUOTA_LABELS: Readonly<Record<QuotaName, string>> = {
  uploadsPerDay: 'uploads per day',
  eventsPerImport: 'events per import',
  eventsTotal: 'events in total',
  scheduledImports: 'scheduled imports',
  shortestScheduleMinutes: 'shortest schedule interval (minutes)',
  apiRequestsPerHour: 'API requests per hour',
}

const NO_LIMITS: QuotaLimits = {
  uploadsPerDay: null,
  eventsPerImport: null,
  eventsTotal: null,
  scheduledImports: null,
  shortestScheduleMinutes: null,
  apiRequestsPerHour: null,
}

/**
 * The limits a fresh installation starts with. `new` lets someone try Chronotope with real files
 * without letting an unknown account fill the database; `trusted` suits a newsroom's daily work.
 */
export const DEFAULT_QUOTAS: Readonly<Record<TrustLevel, QuotaLimits>> = {
  new: {
    uploadsPerDay: 20,
    eventsPerImport: 50_000,
    eventsTotal: 250_000,
    scheduledImports: 2,
    shortestScheduleMinutes: 60,
    apiRequestsPerHour: 1_000,
  },
  trusted: {
    uploadsPerDay: 200,
    eventsPerImport: 1_000_000,
    eventsTotal: 10_000_000,
    scheduledImports: 25,
    shortestScheduleMinutes: 5,
    apiRequestsPerHour: 10_000,
  },
  unlimited: NO_LIMITS,
}

function limitOf(value: unknown): number | null {
  return typeof value === 'number' && Number.isFinite(value) && value >= 0 ? Math.floor(value) : null
}

/**
 * A level's limits as stored in the `quotas` global (one group per level, empty fields meaning no
 * limit); a level the global has never held gets the defaults.
 * @example limitsOfLevel({ new: { uploadsPerDay: 5 } }, 'new').uploadsPerDay // 5
 */
export function limitsOfLevel(
  stored: Readonly<Record<string, unknown>> | null | undefined,
  level: TrustLevel,
): QuotaLimits {
  if (level === TRUST_LEVELS.UNLIMITED) return NO_LIMITS
  const group = stored?.[level] as Record<string, unknown> | null | undefined
  if (!group) return DEFAULT_QUOTAS[level]
  return Object.fromEntries(QUOTA_NAMES.map((name) => [name, limitOf(group[name])])) as unknown as QuotaLimits
}

/** Why a request was refused by a quota, for the answer's body. */
export interface QuotaRefusal {
  readonly quota: QuotaName
  readonly level: TrustLevel
  readonly limit: number
  /** The figure that breaks the limit: what the request would bring the usage to, or the value asked for. */
  readonly figure: number
}

const numberFormat = new Intl.NumberFormat('en')

/**
 * The sentence a refusal answers with: the limit, the level and the figure that broke it.
 * @example quotaMessage({ quota: 'eventsPerImport', level: 'new', limit: 50000, figure: 61234 })
 *   // 'This import would write 61,234 events; the limit of the "new" level is 50,000 events per import.…'
 */
export function quotaMessage(refusal: QuotaRefusal): string {
  const limit = numberFormat.format(refusal.limit)
  const figure = numberFormat.format(refusal.figure)
  const level = `the limit of the "${refusal.level}" level`
  const advice = ' An admin can raise your trust level or the limits (Settings › Quotas).'
  switch (refusal.quota) {
    case 'uploadsPerDay':
      return `You have made ${figure} uploads in the last 24 hours; ${level} is ${limit} uploads per day.${advice}`
    case 'eventsPerImport':
      return `This import would write ${figure} events; ${level} is ${limit} events per import.${advice}`
    case 'eventsTotal':
      return `Your datasets would hold ${figure} events; ${level} is ${limit} events in total.${advice}`
    case 'scheduledImports':
      return `This would be your scheduled import number ${figure}; ${level} is ${limit} scheduled imports.${advice}`
    case 'shortestScheduleMinutes':
      return `This schedule runs as often as every ${figure} minutes; ${level} is one run every ${limit} minutes at most.${advice}`
    case 'apiRequestsPerHour':
      return `Your API keys have made ${figure} requests in the last hour; ${level} is ${limit} requests per hour.${advice}`
  }
}

/** Where a metered answer stands against its limit, for the `RateLimit-*` headers. */
export interface MeterReading {
  readonly limit: number
  /** Requests or uploads still allowed in the window, never below 0. */
  readonly remaining: number
  /** Seconds until the window frees room again (until the oldest counted attempt leaves it). */
  readonly resetSeconds: number
}

/**
 * The `RateLimit-Limit` / `RateLimit-Remaining` / `RateLimit-Reset` headers of a metered answer
 * (the IETF draft's names).
 * @example rateLimitHeaders({ limit: 10, remaining: 3, resetSeconds: 30 })['RateLimit-Reset'] // '30'
 */
export function rateLimitHeaders(reading: MeterReading): Record<string, string> {
  return {
    'RateLimit-Limit': String(reading.limit),
    'RateLimit-Remaining': String(Math.max(0, reading.remaining)),
    'RateLimit-Reset': String(Math.max(0, Math.ceil(reading.resetSeconds))),
  }
}
