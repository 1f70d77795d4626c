import type { CollectionConfig, Endpoint } from 'payload'

import { isOwnerOrAdmin } from '../../access/is-owner-or-admin'
import { nobody } from '../../access/nobody'
import { COLLECTION_NAMES } from '../../constants/collection-names'
import { redeliverWebhookEndpoint } from '../../endpoints/webhooks/redeliver'
import { WEBHOOK_EVENTS } from '../../lib/webhooks/webhook-events'

/** The statuses of a delivery, in the order a delivery goes through them. */
export const WEBHOOK_DELIVERY_STATUSES = ['pending', 'retrying', 'delivered', 'failed'] as const

/**
 * The delivery log's own endpoint (`POST /api/webhook-deliveries/{id}/redeliver`). The OpenAPI
 * document describes it.
 */
export function webhookDeliveryEndpoints(): Endpoint[] {
  return [redeliverWebhookEndpoint]
}

/**
 * The delivery log of outgoing webhooks: one document per event sent to a webhook, with its
 * attempts and the receiver's last answer. Written only by the server (the delivery job); its
 * owner and admins read it, nobody changes it through any API.
 */
export const WebhookDeliveries: CollectionConfig = {
  slug: COLLECTION_NAMES.WEBHOOK_DELIVERIES,
  labels: { singular: 'Webhook delivery', plural: 'Webhook deliveries' },
  admin: {
    useAsTitle: 'event',
    defaultColumns: ['event', 'webhook', 'status', 'attempts', 'lastResponseCode', 'createdAt'],
    group: 'Imports',
  },
  access: { read: isOwnerOrAdmin, create: nobody, update: nobody, delete: nobody },
  endpoints: webhookDeliveryEndpoints(),
  fields: [
    {
      name: 'webhook',
      type: 'relationship',
      relationTo: COLLECTION_NAMES.WEBHOOKS,
      index: true,
      admin: { readOnly: true },
    },
    {
      name: 'event',
      type: 'select',
      required: true,
      options: Object.values(WEBHOOK_EVENTS),
      index: true,
      admin: { readOnly: true },
    },
    {
      name: 'eventId',
      type: 'text',
      index: true,
      admin: { readOnly: true, description: 'The payload’s id: the same for every webhook and every redelivery.' },
    },
    {
      name: 'status',
      type: 'select',
      required: true,
      defaultValue: 'pending',
      options: [...WEBHOOK_DELIVERY_STATUSES],
      index: true,
      admin: { readOnly: true, position: 'sidebar' },
    },
    {
      name: 'redeliver',
      type: 'ui',
      admin: {
        position: 'sidebar',
        components: { Field: '/components/admin/redeliver-button#RedeliverButton' },
      },
    },
    { name: 'attempts', type: 'number', defaultValue: 0, admin: { readOnly: true, position: 'sidebar' } },
    { name: 'lastResponseCode', type: 'number', admin: { readOnly: true, position: 'sidebar' } },
    { name: 'lastError', type: 'textarea', admin: { readOnly: true } },
    {
      name: 'responseExcerpt',
      type: 'textarea',
      admin: { readOnly: true, description: 'The start of the receiver’s last answer (at most 500 characters).' },
    },
    { name: 'lastAttemptAt', type: 'date', admin: { readOnly: true, position: 'sidebar' } },
    { name: 'nextAttemptAt', type: 'date', admin: { readOnly: true, position: 'sidebar' } },
    { name: 'deliveredAt', type: 'date', admin: { readOnly: true, position: 'sidebar' } },
    { name: 'payload', type: 'json', required: true, admin: { readOnly: true } },
    {
      name: 'redeliveryOf',
      type: 'relationship',
      relationTo: COLLECTION_NAMES.WEBHOOK_DELIVERIES,
      admin: { readOnly: true, position: 'sidebar', description: 'The delivery this one sends again.' },
    },
    {
      name: 'owner',
      type: 'relationship',
      relationTo: COLLECTION_NAMES.USERS,
      index: true,
      admin: { readOnly: true, position: 'sidebar' },
    },
  ],
}
