import { describe, expect, it } from 'vitest'

import { eventQuotaRefusal } from './event-quotas'
import {
  DEFAULT_QUOTAS,
  limitsOfLevel,
  QUOTA_NAMES,
  quotaMessage,
  rateLimitHeaders,
  type QuotaLimits,
} from './quota-limits'
import { scheduleQuotaRefusal } from './schedule-quotas'
import type { UserQuotas } from './user-quotas'

const small: QuotaLimits = {
  uploadsPerDay: 3,
  eventsPerImport: 100,
  eventsTotal: 1_000,
  scheduledImports: 2,
  shortestScheduleMinutes: 60,
  apiRequestsPerHour: 10,
}
const quotas: UserQuotas = { level: 'new', limits: small }

describe('limitsOfLevel', () => {
  it('reads a level from the stored global, an empty field meaning no limit', () => {
    const stored = { new: { ...small, eventsTotal: null, apiRequestsPerHour: undefined } }
    expect(limitsOfLevel(stored, 'new')).toEqual({ ...small, eventsTotal: null, apiRequestsPerHour: null })
  })

  it('gives the defaults for a level never saved, and no limits for unlimited', () => {
    expect(limitsOfLevel(null, 'trusted')).toEqual(DEFAULT_QUOTAS.trusted)
    expect(limitsOfLevel({}, 'new')).toEqual(DEFAULT_QUOTAS.new)
    expect(Object.values(limitsOfLevel({ unlimited: small }, 'unlimited'))).toEqual(QUOTA_NAMES.map(() => null))
  })

  it('refuses figures that are no limit: negative, fractional or not numbers', () => {
    const stored = { new: { ...small, uploadsPerDay: -1, eventsPerImport: 2.7, eventsTotal: '5' } }
    const limits = limitsOfLevel(stored, 'new')
    expect(limits.uploadsPerDay).toBeNull()
    expect(limits.eventsPerImport).toBe(2)
    expect(limits.eventsTotal).toBeNull()
  })
})

describe('eventQuotaRefusal', () => {
  it('refuses an import writing more events than one import may', () => {
    expect(eventQuotaRefusal({ events: 101, newEvents: 0 }, 0, quotas)).toEqual({
      quota: 'eventsPerImport',
      level: 'new',
      limit: 100,
      figure: 101,
    })
    expect(eventQuotaRefusal({ events: 100, newEvents: 100 }, 0, quotas)).toBeNull()
  })

  it('counts only new events against the total, up to and including the limit', () => {
    expect(eventQuotaRefusal({ events: 100, newEvents: 100 }, 900, quotas)).toBeNull()
    expect(eventQuotaRefusal({ events: 100, newEvents: 100 }, 901, quotas)).toMatchObject({
      quota: 'eventsTotal',
      figure: 1_001,
    })
    // Updates only: an account already over its total may still refresh what it has.
    expect(eventQuotaRefusal({ events: 100, newEvents: 0 }, 5_000, quotas)).toBeNull()
  })
})

describe('scheduleQuotaRefusal', () => {
  it('refuses one schedule more than the level allows', () => {
    expect(scheduleQuotaRefusal(1, undefined, quotas)).toBeNull()
    expect(scheduleQuotaRefusal(2, undefined, quotas)).toEqual({
      quota: 'scheduledImports',
      level: 'new',
      limit: 2,
      figure: 3,
    })
    // Changing an existing schedule does not count it again.
    expect(scheduleQuotaRefusal(undefined, 90, quotas)).toBeNull()
  })

  it('refuses a schedule that runs more often than the level allows', () => {
    expect(scheduleQuotaRefusal(0, 59.5, quotas)).toMatchObject({ quota: 'shortestScheduleMinutes', figure: 59 })
    expect(scheduleQuotaRefusal(0, 60, quotas)).toBeNull()
    expect(scheduleQuotaRefusal(0, Infinity, quotas)).toBeNull()
  })
})

describe('quotaMessage', () => {
  it('names the figure, the level and the limit of every quota', () => {
    for (const quota of QUOTA_NAMES) {
      const message = quotaMessage({ quota, level: 'new', limit: 50_000, figure: 61_234 })
      expect(message).toContain('61,234')
      expect(message).toContain('"new" level is')
      expect(message).toMatch(/50,000|50000/)
    }
  })
})

describe('rateLimitHeaders', () => {
  it('puts the reading in the draft standard headers, never below zero', () => {
    expect(rateLimitHeaders({ limit: 10, remaining: -2, resetSeconds: 29.2 })).toEqual({
      'RateLimit-Limit': '10',
      'RateLimit-Remaining': '0',
      'RateLimit-Reset': '30',
    })
  })
})
