import { describe, expect, it } from 'vitest'

import { auditChanges, auditValue, isSecretFieldName, MAX_VALUE_CHARS } from './audit-changes'

describe('isSecretFieldName', () => {
  it.each([
    'password',
    'hash',
    'salt',
    'apiKey',
    'api_key',
    'keyHash',
    'key-hash',
    'resetPasswordToken',
    'secretToken',
    'clientSecret',
    'webhookSecret',
    'privateKey',
    'credentials',
  ])('calls %s a secret', (name) => expect(isSecretFieldName(name)).toBe(true))

  it.each(['isPublic', 'role', 'email', 'name', 'keyPrefix', 'url', 'events'])('lets %s through', (name) =>
    expect(isSecretFieldName(name)).toBe(false),
  )
})

describe('auditChanges', () => {
  it('answers before → after of the fields that differ', () => {
    expect(auditChanges({ role: 'user', name: 'A' }, { role: 'editor', name: 'A' })).toEqual({
      role: { before: 'user', after: 'editor' },
    })
  })

  it('compares only the named fields, nested paths included', () => {
    const before = { isPublic: false, name: 'Old', rateLimit: { requestsPerDay: 10 } }
    const after = { isPublic: true, name: 'New', rateLimit: { requestsPerDay: 20 } }
    expect(auditChanges(before, after, ['isPublic', 'rateLimit.requestsPerDay'])).toEqual({
      isPublic: { before: false, after: true },
      'rateLimit.requestsPerDay': { before: 10, after: 20 },
    })
  })

  it('treats a created or deleted document as null on one side', () => {
    expect(auditChanges(null, { role: 'user' }, ['role'])).toEqual({ role: { before: null, after: 'user' } })
    expect(auditChanges({ role: 'user' }, null, ['role'])).toEqual({ role: { before: 'user', after: null } })
  })

  it('never copies secrets, even when named or nested', () => {
    const changes = auditChanges(
      { password: 'a', hash: 'h1', salt: 's1', apiKey: 'k1', settings: { token: 't1', url: 'x' } },
      { password: 'b', hash: 'h2', salt: 's2', apiKey: 'k2', settings: { token: 't2', url: 'y' } },
      ['password', 'hash', 'salt', 'apiKey', 'settings'],
    )
    expect(changes).toEqual({ settings: { before: { url: 'x' }, after: { url: 'y' } } })
    expect(JSON.stringify(changes)).not.toMatch(/t1|t2|k1|k2|h1|h2/)
  })

  it('leaves out bookkeeping fields and compares related documents by id', () => {
    expect(
      auditChanges(
        { updatedAt: '2026-01-01', catalog: { id: 3, name: 'A', updatedAt: '2026-01-01' } },
        { updatedAt: '2026-01-02', catalog: 3 },
      ),
    ).toEqual({})
  })

  it('compares array rows by their content, not their row id', () => {
    expect(auditChanges({ items: [{ id: 'a1', label: 'Old' }] }, { items: [{ id: 'a1', label: 'New' }] })).toEqual({
      items: { before: [{ id: 'a1', label: 'Old' }], after: [{ id: 'a1', label: 'New' }] },
    })
  })

  it('cuts long values so one entry stays small', () => {
    const long = 'x'.repeat(MAX_VALUE_CHARS + 10)
    expect(auditValue(long)).toBe(`${'x'.repeat(MAX_VALUE_CHARS)}…`)
    expect(auditValue({ items: Array.from({ length: 500 }, (_, i) => `item ${i}`) })).toEqual({
      items: expect.stringMatching(/^\[\d+ characters of JSON\]$/),
    })
  })
})
