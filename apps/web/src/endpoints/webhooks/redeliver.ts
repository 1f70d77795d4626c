import type { Endpoint } from 'payload'

import { isAdminUser } from '../../access/roles'
import { relationId } from '../../access/relation-id'
import { COLLECTION_NAMES } from '../../constants/collection-names'
import { ApiError, errorResponse, parseIdParameter } from '../../lib/api/api-error'
import { queueDelivery } from '../../lib/webhooks/queue-webhook-event'
import type { WebhookPayload } from '../../lib/webhooks/webhook-events'

/**
 * `POST /api/webhook-deliveries/{id}/redeliver` ("send again"): queues a new delivery of the same
 * payload (same event id, so receivers can drop duplicates) to the same webhook, signed with a new
 * timestamp when it is sent, and answers 202 with `{ delivery: { id, status } }`. The delivery's
 * owner and admins; 404 for anyone else, 401 when not signed in; 409 when its webhook was deleted.
 */
export const redeliverWebhookEndpoint: Endpoint = {
  path: '/:id/redeliver',
  method: 'post',
  handler: async (req) => {
    try {
      const id = parseIdParameter(req.routeParams?.id as string | undefined, 'id')
      if (!req.user) throw new ApiError(401, 'not-signed-in', 'Sign in to send a webhook delivery again')
      const notFound = new ApiError(404, 'not-found', `There is no webhook delivery ${id} you may send again`, 'id')
      const delivery = await req.payload
        .findByID({ collection: COLLECTION_NAMES.WEBHOOK_DELIVERIES, id, depth: 0, overrideAccess: true })
        .catch(() => null)
      if (!delivery) throw notFound
      const ownerId = relationId(delivery.owner)
      if (!isAdminUser(req.user) && String(ownerId) !== String(req.user.id)) throw notFound
      const webhookId = relationId(delivery.webhook)
      const webhook =
        webhookId === undefined
          ? null
          : await req.payload
              .findByID({ collection: COLLECTION_NAMES.WEBHOOKS, id: webhookId, depth: 0, overrideAccess: true })
              .catch(() => null)
      if (!webhook) throw new ApiError(409, 'webhook-deleted', 'The webhook of this delivery was deleted', 'id')
      const newId = await queueDelivery(req.payload, {
        webhookId: webhook.id,
        ownerId: relationId(webhook.owner) ?? ownerId ?? req.user.id,
        body: delivery.payload as WebhookPayload,
        redeliveryOf: id,
      })
      return Response.json(
        { delivery: { id: newId, status: 'pending' } },
        { status: 202, headers: { 'Cache-Control': 'no-store' } },
      )
    } catch (error) {
      return errorResponse(error, (err) => req.payload.logger.error({ err, msg: 'Redelivering a webhook failed' }))
    }
  },
}
