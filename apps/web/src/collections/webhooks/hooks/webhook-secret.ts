/**
 * The signing secret of a webhook: made on create, stored encrypted (the secret box), shown
 * decrypted to whoever may read the webhook (its owner and admins), replaced by rotation only.
 * @module
 */
import type { CollectionBeforeChangeHook, FieldHook, TypeWithID } from 'payload'

import { decryptSecret, encryptSecret, isEncryptedSecret, SecretDecryptionFailed } from '../../../lib/secret-box'
import { generateWebhookSecret } from '../../../lib/webhooks/webhook-signature'

/**
 * Gives a new webhook its secret and encrypts a rotated one. The field is server-owned: what a
 * caller sends for it is dropped before this runs, so a value here on update comes from the
 * rotation endpoint. An update without one keeps the stored (encrypted) value.
 */
export const setWebhookSecret: CollectionBeforeChangeHook = ({ data, operation, req }) => {
  if (operation === 'create') data.secret = encryptSecret(generateWebhookSecret(), req.payload.secret)
  else if (typeof data.secret === 'string' && data.secret !== '' && !isEncryptedSecret(data.secret))
    data.secret = encryptSecret(data.secret, req.payload.secret)
  else delete data.secret
  return data
}

/** Shows the stored secret decrypted; one that cannot be decrypted reads as `null` (rotate it). */
export const showWebhookSecret: FieldHook<TypeWithID, string | null> = ({ value, req }) => {
  if (typeof value !== 'string' || !isEncryptedSecret(value)) return value ?? null
  try {
    return decryptSecret(value, req.payload.secret)
  } catch (error) {
    if (error instanceof SecretDecryptionFailed) return null
    throw error
  }
}
