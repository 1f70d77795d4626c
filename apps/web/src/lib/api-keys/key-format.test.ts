import { describe, expect, it } from 'vitest'

import { bearerApiKey, generateApiKey, hashSecret, parseApiKey, secretMatches } from './key-format'
import { keyAllows, keyHasScope, scopesAllowedFor } from './scopes'

describe('API key format', () => {
  it('makes keys that parse back to their prefix and hashed secret', () => {
    const made = generateApiKey()
    expect(made.key).toMatch(/^ctk_[a-z0-9]{8}_[A-Za-z0-9_-]{43}$/)
    const parts = parseApiKey(made.key)!
    expect(parts.prefix).toBe(made.prefix)
    expect(hashSecret(parts.secret)).toBe(made.secretHash)
    expect(made.key).not.toContain(made.secretHash)
  })

  it('never makes the same key twice', () => {
    const keys = new Set(Array.from({ length: 200 }, () => generateApiKey().key))
    expect(keys.size).toBe(200)
  })

  it('refuses texts not shaped like a key', () => {
    expect(parseApiKey('ctk_short_x')).toBeUndefined()
    expect(parseApiKey(`ctk_ABCDEFGH_${'x'.repeat(43)}`)).toBeUndefined()
    expect(parseApiKey(`ctk_abcdefgh_${'x'.repeat(44)}`)).toBeUndefined()
    expect(parseApiKey('eyJhbGciOi.JIUz.I1NiIsInR5')).toBeUndefined()
  })

  it('matches a secret against its hash only', () => {
    const { key, secretHash } = generateApiKey()
    const { secret } = parseApiKey(key)!
    expect(secretMatches(secret, secretHash)).toBe(true)
    expect(secretMatches(`${secret.slice(0, -1)}${secret.endsWith('A') ? 'B' : 'A'}`, secretHash)).toBe(false)
    expect(secretMatches(secret, 'abcd')).toBe(false)
  })

  it('reads a key from a Bearer header only when it is one', () => {
    expect(bearerApiKey('Bearer ctk_abc')).toBe('ctk_abc')
    expect(bearerApiKey('bearer ctk_abc ')).toBe('ctk_abc')
    expect(bearerApiKey('Bearer eyJhbGciOi')).toBeUndefined()
    expect(bearerApiKey('JWT ctk_abc')).toBeUndefined()
    expect(bearerApiKey(null)).toBeUndefined()
  })
})

describe('API key scopes', () => {
  it('ranks scopes: admin includes import, import includes read', () => {
    expect(keyHasScope(['admin'], 'read')).toBe(true)
    expect(keyHasScope(['import'], 'read')).toBe(true)
    expect(keyHasScope(['read'], 'import')).toBe(false)
    expect(keyHasScope(['import'], 'admin')).toBe(false)
    expect(keyHasScope(['bogus'], 'read')).toBe(false)
  })

  it.each([
    [['read'], 'events', 'read', true],
    [['read'], 'events', 'update', false],
    [['read'], 'catalogs', 'create', false],
    [['import'], 'catalogs', 'create', true],
    [['import'], 'import-files', 'create', true],
    [['import'], 'datasets', 'delete', false],
    [['import'], 'pages', 'update', false],
    [['admin'], 'datasets', 'delete', true],
    [['admin'], 'pages', 'update', true],
    [['admin'], 'users', 'update', false],
    [['admin'], 'users', 'read', true],
    [['admin'], 'api-keys', 'create', false],
    [['admin'], 'payload-jobs', 'read', false],
    [['admin'], 'payload-preferences', 'create', false],
    [['admin'], 'users', 'unlock', false],
    [['admin'], 'events', 'admin', false],
  ] as const)('%j on %s %s: %s', (scopes, slug, operation, allowed) => {
    expect(keyAllows(scopes, slug, operation)).toBe(allowed)
  })

  it('gives admin scope to admins only', () => {
    expect(scopesAllowedFor('admin')).toContain('admin')
    expect(scopesAllowedFor('editor')).not.toContain('admin')
    expect(scopesAllowedFor('user')).not.toContain('admin')
  })
})
