/**
 * Checks a scheduled import's address when it is saved: http or https to a public host, or to one
 * CHRONOTOPE_SCHEDULED_IMPORT_ALLOWED_HOSTS names. Every download is checked again after DNS
 * resolution and on each redirect, so this is the early, readable half of the rule.
 * @module
 */
import { checkOutboundUrl, OutboundRequestRefused } from '@chronotope/geocoding/outbound-policy'
import type { TextFieldSingleValidation } from 'payload'

import { settings } from '../../config/settings'

/**
 * The `url` field's validation: `true`, or a message naming the address, why it is refused and the fix.
 * @example validateSourceUrl('http://10.0.0.5/data.csv') // '"http://10.0.0.5/data.csv" is refused: 10.0.0.5 is a private network address …'
 */
export const validateSourceUrl: TextFieldSingleValidation = (value) => {
  const url = value?.trim()
  if (!url) return 'Give the address of the data, starting with http:// or https://'
  try {
    checkOutboundUrl(url, settings.scheduledImportAllowedHosts)
    return true
  } catch (error) {
    if (!(error instanceof OutboundRequestRefused)) throw error
    const shown = url.split(/[?#]/, 1)[0]
    return `${JSON.stringify(shown)} is refused: ${error.reason}. ${error.fix}`
  }
}
