import { createHmac } from 'node:crypto'

import { describe, expect, it } from 'vitest'

import {
  generateWebhookSecret,
  signWebhookBody,
  verifyWebhookSignature,
  WEBHOOK_SECRET_PREFIX,
} from './webhook-signature'

const SECRET = 'whsec_test-secret'
const BODY = '{"id":"evt_1","event":"import.completed","createdAt":"2026-11-28T00:00:00.000Z","data":{"importId":4}}'
const T = 1_795_000_000

describe('signing a webhook body', () => {
  it('writes t and the hex HMAC-SHA256 of "t.body" under the secret', () => {
    const expected = createHmac('sha256', SECRET).update(`${T}.${BODY}`).digest('hex')
    expect(signWebhookBody(SECRET, BODY, T)).toBe(`t=${T},v1=${expected}`)
  })

  it('makes recognisable, random secrets', () => {
    const secret = generateWebhookSecret()
    expect(secret.startsWith(WEBHOOK_SECRET_PREFIX)).toBe(true)
    expect(secret.length).toBeGreaterThan(40)
    expect(generateWebhookSecret()).not.toBe(secret)
  })
})

describe('verifying a signature as a receiver does', () => {
  const header = signWebhookBody(SECRET, BODY, T)

  it('accepts the body as sent, as text or bytes, within the tolerance', () => {
    expect(verifyWebhookSignature(SECRET, header, BODY, { now: T + 299 })).toEqual({ valid: true, timestamp: T })
    expect(verifyWebhookSignature(SECRET, header, Buffer.from(BODY), { now: T - 10 }).valid).toBe(true)
  })

  it('rejects a changed body, another secret and a changed timestamp', () => {
    expect(verifyWebhookSignature(SECRET, header, BODY.replace('4', '5'), { now: T })).toEqual({
      valid: false,
      reason: 'mismatch',
    })
    expect(verifyWebhookSignature('whsec_other', header, BODY, { now: T }).valid).toBe(false)
    const moved = header.replace(`t=${T}`, `t=${T + 1}`)
    expect(verifyWebhookSignature(SECRET, moved, BODY, { now: T })).toEqual({ valid: false, reason: 'mismatch' })
  })

  it('rejects a replay outside the tolerance, either way', () => {
    expect(verifyWebhookSignature(SECRET, header, BODY, { now: T + 301 })).toEqual({ valid: false, reason: 'expired' })
    expect(verifyWebhookSignature(SECRET, header, BODY, { now: T - 301 }).valid).toBe(false)
    expect(verifyWebhookSignature(SECRET, header, BODY, { now: T + 3000, toleranceSeconds: 3600 }).valid).toBe(true)
  })

  it.each([undefined, '', 'v1=abc', `t=${T}`, `t=soon,v1=${'0'.repeat(64)}`, `t=${T},v1=XYZ`])(
    'calls %j malformed',
    (bad) => {
      expect(verifyWebhookSignature(SECRET, bad, BODY, { now: T })).toEqual({ valid: false, reason: 'malformed' })
    },
  )

  it('accepts any of several v1 signatures (a receiver mid-rotation)', () => {
    const other = signWebhookBody('whsec_old', BODY, T).split('v1=')[1]
    expect(verifyWebhookSignature(SECRET, `t=${T},v1=${other},${header.split(',')[1]}`, BODY, { now: T }).valid).toBe(
      true,
    )
  })
})
