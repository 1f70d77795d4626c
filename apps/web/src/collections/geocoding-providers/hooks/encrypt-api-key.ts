import type { CollectionBeforeChangeHook } from 'payload'

import { encryptSecret, isEncryptedSecret } from '../../../lib/secret-box'

/**
 * Encrypts a newly entered API key and records whether one is set. An update that leaves the key
 * out keeps the stored one; an empty string removes it.
 */
/** The part of a geocoding provider that the hook reads. */
interface ProviderKey {
  id: number | string
  apiKey?: string | null
  hasApiKey?: boolean | null
}

export const encryptApiKey: CollectionBeforeChangeHook<ProviderKey> = ({ data, originalDoc, req }) => {
  const entered: unknown = data.apiKey
  if (typeof entered === 'string' && entered !== '' && !isEncryptedSecret(entered)) {
    data.apiKey = encryptSecret(entered, req.payload.secret)
  } else if (entered === undefined && originalDoc?.apiKey) {
    data.apiKey = originalDoc.apiKey
  } else if (entered === '') {
    data.apiKey = null
  }
  data.hasApiKey = Boolean(data.apiKey)
  return data
}
