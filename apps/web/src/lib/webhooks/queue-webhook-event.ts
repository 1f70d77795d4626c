/**
 * Emitting an event to outgoing webhooks: one delivery per active webhook of the owner that
 * subscribes to it, each sent by a `deliver-webhook` job on the webhooks queue.
 * @module
 */
import { randomUUID } from 'node:crypto'

import type { Payload, PayloadRequest } from 'payload'

import { COLLECTION_NAMES } from '../../constants/collection-names'
import { JOB_QUEUES, JOB_TYPES } from '../../constants/job-types'
import type { WebhookEvent, WebhookEventDataMap, WebhookPayload } from './webhook-events'

/** What {@link queueWebhookEvent} emits. */
export interface WebhookEventToQueue<E extends WebhookEvent> {
  readonly event: E
  /** Whose webhooks receive it: the owner of what the event is about. */
  readonly ownerId: number | string
  readonly data: WebhookEventDataMap[E]
  /** When it happened; default now. */
  readonly createdAt?: Date
  /** The request whose transaction the deliveries join (a hook's `req`), if any. */
  readonly req?: PayloadRequest
}

/**
 * Queues `event` for every active webhook of `ownerId` subscribed to it and returns the new
 * deliveries' ids (none when no webhook listens). The body is built once, so every webhook gets
 * the same event id.
 * @example await queueWebhookEvent(payload, { event: 'schedule.paused', ownerId: 3, data: { scheduledImportId: 9, name: 'Daily', reason: 'HTTP 500', failures: 5, datasetId: 4 } })
 */
export async function queueWebhookEvent<E extends WebhookEvent>(
  payload: Payload,
  { event, ownerId, data, createdAt = new Date(), req }: WebhookEventToQueue<E>,
): Promise<number[]> {
  const { docs: webhooks } = await payload.find({
    collection: COLLECTION_NAMES.WEBHOOKS,
    where: {
      and: [{ owner: { equals: ownerId } }, { active: { equals: true } }, { events: { in: [event] } }],
    },
    depth: 0,
    limit: 0,
    pagination: false,
    select: { id: true },
    overrideAccess: true,
    req,
  })
  if (webhooks.length === 0) return []
  const body: WebhookPayload<E> = {
    id: `evt_${randomUUID().replaceAll('-', '')}`,
    event,
    createdAt: createdAt.toISOString(),
    data,
  }
  const ids: number[] = []
  for (const webhook of webhooks) {
    ids.push(await queueDelivery(payload, { webhookId: webhook.id, ownerId, body, req }))
  }
  return ids
}

/** What {@link queueDelivery} needs. */
export interface DeliveryToQueue {
  readonly webhookId: number | string
  readonly ownerId: number | string
  readonly body: WebhookPayload
  /** The delivery this one sends again, for "send again". */
  readonly redeliveryOf?: number | string
  readonly req?: PayloadRequest
}

/**
 * Creates one pending delivery and queues the job that sends it; returns the delivery's id.
 * @example await queueDelivery(payload, { webhookId: 2, ownerId: 3, body })
 */
export async function queueDelivery(
  payload: Payload,
  { webhookId, ownerId, body, redeliveryOf, req }: DeliveryToQueue,
): Promise<number> {
  const delivery = await payload.create({
    collection: COLLECTION_NAMES.WEBHOOK_DELIVERIES,
    data: {
      webhook: Number(webhookId),
      owner: Number(ownerId),
      event: body.event,
      eventId: body.id,
      payload: { ...body },
      status: 'pending',
      attempts: 0,
      nextAttemptAt: new Date().toISOString(),
      ...(redeliveryOf === undefined ? {} : { redeliveryOf: Number(redeliveryOf) }),
    },
    depth: 0,
    overrideAccess: true,
    req,
  })
  await payload.jobs.queue({
    task: JOB_TYPES.DELIVER_WEBHOOK,
    input: { deliveryId: delivery.id },
    queue: JOB_QUEUES.WEBHOOKS,
    req,
  })
  return Number(delivery.id)
}
