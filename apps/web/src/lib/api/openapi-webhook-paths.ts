/**
 * The OpenAPI paths of the outgoing webhooks' own endpoints: rotating a webhook's signing secret
 * (`/api/webhooks/{id}/rotate-secret`) and sending a delivery again
 * (`/api/webhook-deliveries/{id}/redeliver`). The webhooks and their log themselves are CMS
 * collections (`/api/webhooks`, `/api/webhook-deliveries`), described with the collections.
 * @module
 */
import { errorAnswer, jsonAnswer, pathParameter, type Schema } from './openapi-parts'

/** Response type of a rotation: the webhook's id and its new secret. */
const ROTATED: Schema = {
  type: 'object',
  required: ['id', 'secret'],
  additionalProperties: false,
  properties: {
    id: { type: 'integer' },
    secret: {
      type: 'string',
      pattern: '^whsec_',
      description: 'The new signing secret; deliveries from now on are signed with it.',
    },
  },
}

/** Response type of a redelivery: the new delivery, queued. */
const REDELIVERY: Schema = {
  type: 'object',
  required: ['delivery'],
  additionalProperties: false,
  properties: {
    delivery: {
      type: 'object',
      required: ['id', 'status'],
      additionalProperties: false,
      properties: {
        id: { type: 'integer', description: 'The new delivery’s id: read it at `/api/webhook-deliveries/{id}`.' },
        status: { const: 'pending' },
      },
    },
  },
}

const SIGNED_IN = errorAnswer('Not signed in.')
const NOT_YOURS = (what: string) =>
  errorAnswer(`No such ${what}, or not one of yours: the same answer, so ids reveal nothing.`)

/** The paths of the webhook endpoints. */
export function webhookPaths(): Record<string, unknown> {
  return {
    '/api/webhooks/{id}/rotate-secret': {
      post: {
        operationId: 'rotateWebhookSecret',
        summary: 'Replace a webhook’s signing secret',
        description:
          'Makes a new signing secret for the webhook and answers it; the old one stops signing at once, so update ' +
          'the receiver (a receiver may accept both while it switches). The webhook’s owner and admins.',
        parameters: [pathParameter('id', 'The webhook’s id.')],
        responses: {
          '200': jsonAnswer('The new secret', ROTATED, {
            id: 3,
            secret: 'whsec_4kM2v0yWg3nP7c9Qx1tB8rJf6ZsLd5Ha2eUo0iKqYw',
          }),
          '401': SIGNED_IN,
          '404': NOT_YOURS('webhook'),
        },
      },
    },
    '/api/webhook-deliveries/{id}/redeliver': {
      post: {
        operationId: 'redeliverWebhookDelivery',
        summary: 'Send a webhook delivery again',
        description:
          'Queues a new delivery of the same payload (the same event `id`, so a receiver can drop duplicates) to the ' +
          'same webhook; it is signed with a new timestamp when sent and retried like any delivery. The log keeps ' +
          'both, the new one pointing at this one (`redeliveryOf`). The delivery’s owner and admins.',
        parameters: [pathParameter('id', 'The delivery’s id.')],
        responses: {
          '202': jsonAnswer('Queued', REDELIVERY, { delivery: { id: 42, status: 'pending' } }),
          '401': SIGNED_IN,
          '404': NOT_YOURS('delivery'),
          '409': errorAnswer('The delivery’s webhook was deleted.'),
        },
      },
    },
  }
}
