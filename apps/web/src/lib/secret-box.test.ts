import { describe, expect, it } from 'vitest'

import { decryptSecret, encryptSecret, isEncryptedSecret, SecretDecryptionFailed } from './secret-box'

describe('secret box', () => {
  it('round-trips a secret and never stores it in clear', () => {
    const stored = encryptSecret('api-key-ÄÖ-123', 'app-secret')
    expect(isEncryptedSecret(stored)).toBe(true)
    expect(stored).not.toContain('api-key')
    expect(decryptSecret(stored, 'app-secret')).toBe('api-key-ÄÖ-123')
  })

  it('uses a fresh IV each time', () => {
    expect(encryptSecret('same', 's')).not.toBe(encryptSecret('same', 's'))
  })

  it.each([
    ['the wrong app secret', (stored: string) => decryptSecret(stored, 'other-secret')],
    ['a tampered value', (stored: string) => decryptSecret(stored.slice(0, -2) + 'AA', 'app-secret')],
    ['a plain value', () => decryptSecret('not-encrypted', 'app-secret')],
  ])('refuses %s', (_, attempt) => {
    const stored = encryptSecret('key', 'app-secret')
    expect(() => attempt(stored)).toThrow(SecretDecryptionFailed)
  })
})
