import { describe, expect, it } from 'vitest'

import { authCookieOptions } from './auth-cookie'

describe('authCookieOptions', () => {
  it.each([
    ['https://events.example.org', true],
    ['HTTPS://events.example.org:8443', true],
    ['http://localhost:3000', false],
  ])('%s → Secure %s, SameSite Lax', (serverUrl, secure) => {
    expect(authCookieOptions(serverUrl)).toEqual({ secure, sameSite: 'Lax' })
  })
})
