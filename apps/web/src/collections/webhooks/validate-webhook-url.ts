/**
 * Checks a webhook's URL when it is saved: http or https to a public host, or to one
 * `CHRONOTOPE_WEBHOOK_ALLOWED_HOSTS` names. Every delivery checks again, after DNS and on every
 * redirect, so this is the early, readable half of the rule.
 * @module
 */
import { checkOutboundUrl, OutboundRequestRefused } from '@chronotope/geocoding/outbound-policy'
import type { TextFieldSingleValidation } from 'payload'

import { settings } from '../../config/settings'

/**
 * The `url` field's validation: `true`, or a message naming the URL, why it is refused and the fix.
 * @example validateWebhookUrl('http://10.0.0.7/hook') // '"http://10.0.0.7/hook" is refused: 10.0.0.7 is a private network address …'
 */
export const validateWebhookUrl: TextFieldSingleValidation = (value) => {
  const url = value?.trim()
  if (!url) return 'Enter the URL deliveries are sent to'
  if (url.length > 2000) return 'The URL is longer than 2000 characters'
  try {
    checkOutboundUrl(url, settings.webhookAllowedHosts)
    return true
  } catch (error) {
    if (!(error instanceof OutboundRequestRefused)) throw error
    return `${JSON.stringify(url)} is refused: ${error.reason}. Use a public http or https address, or add the host to ${settings.webhookAllowedHosts.name}`
  }
}
