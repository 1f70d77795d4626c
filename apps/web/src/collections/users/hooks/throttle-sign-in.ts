import type { CollectionAfterLoginHook, CollectionBeforeOperationHook } from 'payload'

import { settings } from '../../../config/settings'
import { forgetSignInAttempt, recordSignInAttempt, SIGN_IN_OPERATIONS } from '../../../lib/auth/sign-in-rate-limit'

/**
 * Counts logins, forgotten-password and reset-password requests that come over REST or GraphQL
 * against the per-address limit (`CHRONOTOPE_LOGIN_RATE_LIMIT_IP`), refusing them with 429 over
 * it. Server code signing in through the Local API is not counted.
 * @example hooks: { beforeOperation: [throttleSignIn] }
 */
export const throttleSignIn: CollectionBeforeOperationHook = async ({ args, operation, req }) => {
  const limit = settings.loginRateLimitPerIp
  if (!limit || !SIGN_IN_OPERATIONS.has(operation) || req.payloadAPI === 'local') return args
  await recordSignInAttempt(req, limit, settings.trustedProxies)
  return args
}

/**
 * Gives a successful login its attempt back.
 * @example hooks: { afterLogin: [forgiveSuccessfulSignIn] }
 */
export const forgiveSuccessfulSignIn: CollectionAfterLoginHook = async ({ req }) => {
  // Nothing returned: Payload keeps the user as it was.
  await forgetSignInAttempt(req)
}
