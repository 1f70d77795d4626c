import { describe, expect, it } from 'vitest'

import { nextWebhookAttemptAt, WEBHOOK_RETRY_WINDOW_SECONDS } from './retry-schedule'

const EVENT = new Date('2026-11-28T00:00:00Z')
const at = (seconds: number) => new Date(EVENT.getTime() + seconds * 1000)

describe('when a failed delivery is tried again', () => {
  it('waits 1 minute, 5, 30, 2 hours, then 6 hours at a time', () => {
    expect(nextWebhookAttemptAt(1, EVENT, EVENT)).toEqual(at(60))
    expect(nextWebhookAttemptAt(2, EVENT, at(60))).toEqual(at(60 + 300))
    expect(nextWebhookAttemptAt(3, EVENT, at(360))).toEqual(at(360 + 1800))
    expect(nextWebhookAttemptAt(4, EVENT, at(2160))).toEqual(at(2160 + 7200))
    expect(nextWebhookAttemptAt(5, EVENT, at(9360))).toEqual(at(9360 + 21_600))
    expect(nextWebhookAttemptAt(9, EVENT, at(3600))).toEqual(at(3600 + 21_600))
  })

  it('gives up when the next attempt would be more than 24 hours after the event', () => {
    expect(WEBHOOK_RETRY_WINDOW_SECONDS).toBe(86_400)
    expect(nextWebhookAttemptAt(6, EVENT, at(86_400 - 21_600))).toEqual(at(86_400))
    expect(nextWebhookAttemptAt(7, EVENT, at(86_400 - 21_599))).toBeNull()
  })

  it('follows an injected schedule', () => {
    const schedule = { delaysSeconds: [1, 2], windowSeconds: 5 }
    expect(nextWebhookAttemptAt(1, EVENT, EVENT, schedule)).toEqual(at(1))
    expect(nextWebhookAttemptAt(5, EVENT, at(3), schedule)).toEqual(at(5))
    expect(nextWebhookAttemptAt(5, EVENT, at(4), schedule)).toBeNull()
  })
})
