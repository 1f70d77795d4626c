/**
 * Signing outgoing webhooks, and verifying them as a receiver does: the
 * `X-Chronotope-Signature: t=<unix seconds>,v1=<hex HMAC-SHA256(secret, "<t>.<raw body>")>`
 * header. The timestamp is inside the signed text, so a receiver that checks it is recent rejects
 * replays as well as forgeries. Pure: no clock unless none is given, no I/O.
 * @module
 */
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto'

/** The header that carries the signature. */
export const SIGNATURE_HEADER = 'X-Chronotope-Signature'

/** How far from the receiver's clock a signature's timestamp may be, by default: 5 minutes. */
export const DEFAULT_SIGNATURE_TOLERANCE_SECONDS = 300

/** What every signing secret starts with, so one found in a log or a config file is recognisable. */
export const WEBHOOK_SECRET_PREFIX = 'whsec_'

/**
 * A new signing secret: {@link WEBHOOK_SECRET_PREFIX} and 32 random bytes in base64url.
 * @example generateWebhookSecret() // 'whsec_3q2-7wE…'
 */
export function generateWebhookSecret(): string {
  return WEBHOOK_SECRET_PREFIX + randomBytes(32).toString('base64url')
}

/**
 * The hex HMAC-SHA256 of `"<timestamp>.<body>"` under the secret (the whole secret string,
 * prefix included, is the key).
 * @example webhookSignatureDigest('whsec_x', 1700000000, '{}') // '5f…' (64 hex digits)
 */
export function webhookSignatureDigest(secret: string, timestamp: number, body: string | Uint8Array): string {
  return createHmac('sha256', secret).update(`${timestamp}.`, 'utf8').update(body).digest('hex')
}

/**
 * The `X-Chronotope-Signature` value for a body sent at `timestamp` (unix seconds).
 * @example signWebhookBody('whsec_x', '{}', 1700000000) // 't=1700000000,v1=5f…'
 */
export function signWebhookBody(secret: string, body: string, timestamp: number): string {
  return `t=${timestamp},v1=${webhookSignatureDigest(secret, timestamp, body)}`
}

/** Options of {@link verifyWebhookSignature}. */
export interface VerifyWebhookSignatureOptions {
  /** How far the signature's time may be from `now`, either way, in seconds; default 300. */
  readonly toleranceSeconds?: number
  /** The receiver's clock, in unix seconds; default the system clock. */
  readonly now?: number
}

/** The answer of {@link verifyWebhookSignature}: valid, or why not. */
export type WebhookSignatureCheck =
  | { readonly valid: true; readonly timestamp: number }
  | { readonly valid: false; readonly reason: 'malformed' | 'expired' | 'mismatch' }

/**
 * What a receiver does with a delivery: reads `t` and every `v1` from the header, refuses a time
 * more than `toleranceSeconds` from now (a replay), and compares the expected HMAC of
 * `"<t>.<raw body>"` with each `v1` in constant time. Pass the body exactly as received (the raw
 * bytes, not re-serialised JSON).
 * @example verifyWebhookSignature(secret, request.headers['x-chronotope-signature'], rawBody).valid // true
 */
export function verifyWebhookSignature(
  secret: string,
  header: string | null | undefined,
  body: string | Uint8Array,
  { toleranceSeconds = DEFAULT_SIGNATURE_TOLERANCE_SECONDS, now }: VerifyWebhookSignatureOptions = {},
): WebhookSignatureCheck {
  let timestamp: number | undefined
  const signatures: string[] = []
  for (const part of (header ?? '').split(',')) {
    const [key, value] = part.trim().split('=', 2)
    if (key === 't' && value && /^\d{1,12}$/.test(value)) timestamp = Number(value)
    else if (key === 'v1' && value && /^[0-9a-f]{64}$/.test(value)) signatures.push(value)
  }
  if (timestamp === undefined || signatures.length === 0) return { valid: false, reason: 'malformed' }
  const clock = now ?? Math.floor(Date.now() / 1000)
  if (Math.abs(clock - timestamp) > toleranceSeconds) return { valid: false, reason: 'expired' }
  const expected = Buffer.from(webhookSignatureDigest(secret, timestamp, body), 'hex')
  const matches = signatures.some((signature) => timingSafeEqual(expected, Buffer.from(signature, 'hex')))
  return matches ? { valid: true, timestamp } : { valid: false, reason: 'mismatch' }
}
