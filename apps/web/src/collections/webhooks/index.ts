import type { CollectionConfig, Endpoint, FieldHook, TypeWithID } from 'payload'

import { isAdminField } from '../../access/is-admin'
import { isAuthenticated } from '../../access/is-authenticated'
import { isOwnerOrAdmin } from '../../access/is-owner-or-admin'
import { nobodyField } from '../../access/nobody'
import { COLLECTION_NAMES } from '../../constants/collection-names'
import { rotateWebhookSecretEndpoint } from '../../endpoints/webhooks/rotate-secret'
import { WEBHOOK_EVENT_LABELS, WEBHOOK_EVENTS } from '../../lib/webhooks/webhook-events'
import { AUDIT_ACTIONS } from '../../constants/audit-actions'
import { auditCollectionChanges } from '../../lib/audit/audit-collection-changes'
import { deleteWebhookDeliveries } from './hooks/delete-webhook-deliveries'
import { setWebhookSecret, showWebhookSecret } from './hooks/webhook-secret'
import { validateWebhookUrl } from './validate-webhook-url'

// A new webhook is its creator's unless an admin names another owner.
const ownerOnCreate: FieldHook<TypeWithID, unknown> = ({ value, req, operation }) =>
  operation === 'create' && !value ? req.user?.id : value

// The secret is left out of every entry; a rotation shows as a change without its values.
const audit = auditCollectionChanges(COLLECTION_NAMES.WEBHOOKS, {
  created: AUDIT_ACTIONS.WEBHOOK_CREATED,
  changed: AUDIT_ACTIONS.WEBHOOK_CHANGED,
  deleted: AUDIT_ACTIONS.WEBHOOK_DELETED,
  fields: ['name', 'url', 'events', 'active', 'owner'],
})

/**
 * The webhooks' own endpoint (`POST /api/webhooks/{id}/rotate-secret`). The OpenAPI document
 * describes it.
 */
export function webhookEndpoints(): Endpoint[] {
  // A new array each time: Payload adds its own routes to the array the config holds.
  return [rotateWebhookSecretEndpoint]
}

/**
 * Outgoing webhooks: a user's URLs that Chronotope POSTs signed JSON to when their imports
 * complete or fail, their datasets change or their scheduled imports pause. Personal: each
 * user sees and edits only their own; admins see all.
 */
export const Webhooks: CollectionConfig = {
  slug: COLLECTION_NAMES.WEBHOOKS,
  labels: { singular: 'Webhook', plural: 'Webhooks' },
  admin: {
    useAsTitle: 'name',
    defaultColumns: ['name', 'url', 'events', 'active', 'owner'],
    group: 'Imports',
    description:
      'Chronotope sends a signed POST to each active webhook when one of its events happens. See the developer docs on webhooks for the payloads and verifying signatures.',
  },
  access: { read: isOwnerOrAdmin, create: isAuthenticated, update: isOwnerOrAdmin, delete: isOwnerOrAdmin },
  endpoints: webhookEndpoints(),
  hooks: {
    beforeChange: [setWebhookSecret],
    beforeDelete: [deleteWebhookDeliveries],
    afterChange: [audit.afterChange],
    afterDelete: [audit.afterDelete],
  },
  fields: [
    { name: 'name', type: 'text', required: true, maxLength: 200 },
    {
      name: 'url',
      type: 'text',
      required: true,
      validate: validateWebhookUrl,
      admin: {
        description:
          'Where deliveries are POSTed: http or https on the public internet; a receiver on a private network needs its host in CHRONOTOPE_WEBHOOK_ALLOWED_HOSTS.',
      },
    },
    {
      name: 'events',
      type: 'select',
      hasMany: true,
      required: true,
      options: Object.values(WEBHOOK_EVENTS).map((value) => ({ value, label: WEBHOOK_EVENT_LABELS[value] })),
    },
    { name: 'active', type: 'checkbox', defaultValue: true, admin: { position: 'sidebar' } },
    {
      name: 'secret',
      type: 'text',
      access: { create: nobodyField, update: nobodyField },
      hooks: { afterRead: [showWebhookSecret] },
      admin: {
        readOnly: true,
        description:
          'Signs every delivery (X-Chronotope-Signature). Made when the webhook is created; stored encrypted. Replace it with the button below or POST /api/webhooks/{id}/rotate-secret.',
      },
    },
    {
      name: 'rotateSecret',
      type: 'ui',
      admin: { components: { Field: '/components/admin/rotate-secret-button#RotateSecretButton' } },
    },
    {
      name: 'owner',
      type: 'relationship',
      relationTo: COLLECTION_NAMES.USERS,
      index: true,
      admin: { position: 'sidebar' },
      // Only admins hand a webhook to someone else; anyone else's is their own.
      access: { create: isAdminField, update: isAdminField },
      hooks: { beforeChange: [ownerOnCreate] },
    },
    {
      name: 'deliveries',
      type: 'join',
      collection: COLLECTION_NAMES.WEBHOOK_DELIVERIES,
      on: 'webhook',
      defaultLimit: 20,
      defaultSort: '-createdAt',
      admin: { defaultColumns: ['event', 'status', 'attempts', 'lastResponseCode', 'createdAt'] },
    },
  ],
}
