/**
 * Checks a geocoding provider's base URL when an admin saves it: http/https to a public host, or
 * to one CHRONOTOPE_GEOCODING_ALLOWED_HOSTS names. Requests are checked again when sent, after DNS
 * resolution, so this is the early, readable half of the rule.
 * @module
 */
import { checkOutboundUrl, OutboundRequestRefused } from '@chronotope/geocoding/outbound-policy'
import type { TextFieldSingleValidation } from 'payload'

import { settings } from '../../config/settings'

/**
 * The `baseUrl` field's validation: `true`, or a message naming the URL, why it is refused and the fix.
 * @example validateBaseUrl('http://169.254.169.254/') // '"http://169.254.169.254/" is refused: 169.254.169.254 is a link-local address …'
 */
export const validateBaseUrl: TextFieldSingleValidation = (value) => {
  const url = value?.trim()
  if (!url) return true
  try {
    checkOutboundUrl(url, settings.geocodingAllowedHosts)
    return true
  } catch (error) {
    if (!(error instanceof OutboundRequestRefused)) throw error
    return `${JSON.stringify(url)} is refused: ${error.reason}. ${error.fix}`
  }
}
