import { describe, expect, it } from 'vitest'

import { hashTriggerToken, issueTriggerToken, triggerTokenMatches, TRIGGER_TOKEN_PREFIX } from './trigger-token'

describe('trigger tokens', () => {
  it('are random, prefixed, and stored only as a hash', () => {
    const first = issueTriggerToken()
    const second = issueTriggerToken()
    expect(first.token.startsWith(TRIGGER_TOKEN_PREFIX)).toBe(true)
    expect(first.token).not.toBe(second.token)
    expect(first.hash).toBe(hashTriggerToken(first.token))
    expect(first.hash).not.toContain(first.token.slice(TRIGGER_TOKEN_PREFIX.length))
    expect(first.token.startsWith(first.hint)).toBe(true)
    expect(first.token.length).toBeGreaterThanOrEqual(40)
  })

  it('match only the token whose hash is stored', () => {
    const issued = issueTriggerToken()
    expect(triggerTokenMatches(issued.token, issued.hash)).toBe(true)
    expect(triggerTokenMatches(`${issued.token}x`, issued.hash)).toBe(false)
    expect(triggerTokenMatches(issued.token.slice(0, -1), issued.hash)).toBe(false)
    expect(triggerTokenMatches(issued.token, null)).toBe(false)
    expect(triggerTokenMatches(issued.token, 'short')).toBe(false)
    expect(triggerTokenMatches('', issued.hash)).toBe(false)
  })
})
