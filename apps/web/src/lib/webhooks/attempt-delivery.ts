/**
 * One attempt at a webhook delivery: sign the body with the webhook's secret, POST it through the
 * outbound policy (checked after DNS and on every redirect), and record what happened on the
 * delivery: delivered on any 2xx, retrying with backoff otherwise, failed at once when the policy
 * refuses the URL, failed when the retry window is over.
 * @module
 */
import { createGuardedFetch } from '@chronotope/geocoding/guarded-fetch'
import { OutboundRequestRefused } from '@chronotope/geocoding/outbound-policy'
import type { Payload } from 'payload'

import { relationId } from '../../access/relation-id'
import { settings } from '../../config/settings'
import { COLLECTION_NAMES } from '../../constants/collection-names'
import { nextWebhookAttemptAt, WEBHOOK_RETRY_SCHEDULE, type WebhookRetrySchedule } from './retry-schedule'
import type { WebhookPayload } from './webhook-events'
import { SIGNATURE_HEADER, signWebhookBody } from './webhook-signature'

/** How long a receiver has to answer, in ms. */
export const WEBHOOK_TIMEOUT_MS = 10_000

/** How much of a receiver's answer is kept in the log, in characters. */
export const RESPONSE_EXCERPT_CHARS = 500

/** The `User-Agent` of deliveries. */
export const WEBHOOK_USER_AGENT = 'Chronotope-Webhooks'

/** A delivery's status. */
export type WebhookDeliveryStatus = 'pending' | 'retrying' | 'delivered' | 'failed'

/** Options of {@link attemptWebhookDelivery}; tests inject the clock and the schedule. */
export interface AttemptOptions {
  readonly now?: Date
  readonly schedule?: WebhookRetrySchedule
  readonly timeoutMs?: number
}

/** The part of a delivery an attempt reads. */
interface DeliveryDoc {
  readonly id: number | string
  readonly webhook?: number | { readonly id: number } | null
  readonly event: string
  readonly payload: WebhookPayload
  readonly status: WebhookDeliveryStatus
  readonly attempts?: number | null
  readonly createdAt: string
}

/** The part of a webhook an attempt reads (`secret` as its owner sees it: decrypted). */
interface WebhookDoc {
  readonly url: string
  readonly active?: boolean | null
  readonly secret?: string | null
}

/** What an attempt came to. `skipped`: the delivery was already settled or is gone. */
export interface AttemptOutcome {
  readonly status: WebhookDeliveryStatus | 'skipped'
  /** When to try again (`retrying` only). */
  readonly nextAttemptAt?: Date
}

/**
 * The body as sent: the payload's four keys in their documented order, so the log shows what the
 * receiver got (the database keeps JSON keys in its own order).
 * @example serializeWebhookPayload({ id: 'evt_1', event: 'import.failed', createdAt: '…', data: {} }) // '{"id":"evt_1",…}'
 */
export function serializeWebhookPayload(body: WebhookPayload): string {
  return JSON.stringify({ id: body.id, event: body.event, createdAt: body.createdAt, data: body.data })
}

/** Reads at most {@link RESPONSE_EXCERPT_CHARS} characters of an answer and drops the rest. */
async function excerptOf(response: Response): Promise<string> {
  const reader = response.body?.getReader()
  if (!reader) return ''
  const decoder = new TextDecoder()
  let text = ''
  try {
    while (text.length < RESPONSE_EXCERPT_CHARS) {
      const { done, value } = await reader.read()
      if (done) break
      text += decoder.decode(value, { stream: true })
    }
  } finally {
    await reader.cancel().catch(() => undefined)
  }
  return text.slice(0, RESPONSE_EXCERPT_CHARS)
}

function describeFailure(error: unknown, timeoutMs: number): string {
  if (error instanceof Error && (error.name === 'TimeoutError' || error.name === 'AbortError'))
    return `No answer within ${timeoutMs / 1000} seconds`
  const cause = error instanceof Error && error.cause instanceof Error ? `: ${error.cause.message}` : ''
  return error instanceof Error ? `${error.message}${cause}` : String(error)
}

/**
 * Sends a delivery once and records the outcome on it. Settled deliveries (delivered, failed) are
 * left alone, so a job that runs twice sends once.
 * @example const { status, nextAttemptAt } = await attemptWebhookDelivery(payload, 12)
 */
export async function attemptWebhookDelivery(
  payload: Payload,
  deliveryId: number | string,
  { now = new Date(), schedule = WEBHOOK_RETRY_SCHEDULE, timeoutMs = WEBHOOK_TIMEOUT_MS }: AttemptOptions = {},
): Promise<AttemptOutcome> {
  const delivery = (await payload
    .findByID({ collection: COLLECTION_NAMES.WEBHOOK_DELIVERIES, id: deliveryId, depth: 0, overrideAccess: true })
    .catch(() => null)) as DeliveryDoc | null
  if (!delivery || delivery.status === 'delivered' || delivery.status === 'failed') return { status: 'skipped' }
  const attempts = (delivery.attempts ?? 0) + 1
  const record = async (status: WebhookDeliveryStatus, fields: Record<string, unknown>, nextAttemptAt?: Date) => {
    await payload.update({
      collection: COLLECTION_NAMES.WEBHOOK_DELIVERIES,
      id: deliveryId,
      data: {
        status,
        attempts,
        lastAttemptAt: now.toISOString(),
        nextAttemptAt: nextAttemptAt?.toISOString() ?? null,
        ...fields,
      },
      depth: 0,
      overrideAccess: true,
    })
    return { status, ...(nextAttemptAt ? { nextAttemptAt } : {}) }
  }

  const webhookId = relationId(delivery.webhook)
  const webhook = (
    webhookId === undefined
      ? null
      : await payload
          .findByID({ collection: COLLECTION_NAMES.WEBHOOKS, id: webhookId, depth: 0, overrideAccess: true })
          .catch(() => null)
  ) as WebhookDoc | null
  if (!webhook) return record('failed', { lastError: 'The webhook was deleted' })
  if (!webhook.active) return record('failed', { lastError: 'The webhook is turned off' })
  if (typeof webhook.secret !== 'string' || webhook.secret === '')
    return record('failed', { lastError: 'The signing secret cannot be read (PAYLOAD_SECRET changed?); rotate it' })

  const body = serializeWebhookPayload(delivery.payload)
  const timestamp = Math.floor(now.getTime() / 1000)
  const guardedFetch = createGuardedFetch({ allowList: settings.webhookAllowedHosts, maxRedirects: 3 })
  let code: number | null = null
  let excerpt: string | null = null
  let failure: string
  try {
    const response = await guardedFetch(webhook.url, {
      method: 'POST',
      body,
      headers: {
        'Content-Type': 'application/json',
        'User-Agent': WEBHOOK_USER_AGENT,
        'X-Chronotope-Event': delivery.event,
        'X-Chronotope-Delivery': String(delivery.id),
        [SIGNATURE_HEADER]: signWebhookBody(webhook.secret, body, timestamp),
      },
      signal: AbortSignal.timeout(timeoutMs),
    })
    code = response.status
    excerpt = await excerptOf(response).catch(() => null)
    if (response.ok) {
      return record('delivered', {
        lastResponseCode: code,
        responseExcerpt: excerpt,
        lastError: null,
        deliveredAt: new Date().toISOString(),
      })
    }
    failure = `The receiver answered ${code}`
  } catch (error) {
    if (error instanceof OutboundRequestRefused) {
      return record('failed', { lastResponseCode: null, responseExcerpt: null, lastError: error.message })
    }
    failure = describeFailure(error, timeoutMs)
  }
  const next = nextWebhookAttemptAt(attempts, new Date(delivery.createdAt), now, schedule)
  const fields = { lastResponseCode: code, responseExcerpt: excerpt, lastError: failure }
  if (next === null) {
    return record('failed', {
      ...fields,
      lastError: `${failure}; gave up ${Math.round(schedule.windowSeconds / 3600)} hours after the event`,
    })
  }
  return record('retrying', fields, next)
}
