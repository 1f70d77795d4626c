import type { CollectionBeforeDeleteHook } from 'payload'

import { COLLECTION_NAMES } from '../../../constants/collection-names'

/** A deleted webhook takes its delivery log with it: the log means nothing without the webhook. */
export const deleteWebhookDeliveries: CollectionBeforeDeleteHook = async ({ id, req }) => {
  await req.payload.delete({
    collection: COLLECTION_NAMES.WEBHOOK_DELIVERIES,
    where: { webhook: { equals: id } },
    overrideAccess: true,
    req,
  })
}
