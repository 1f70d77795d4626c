import { describe, expect, it, vi } from 'vitest'

import { anonymous } from '../../helpers/api-client'

// Before the settings are read: this instance's public address is https.
vi.hoisted(() => {
  process.env.SERVER_URL = 'https://events.example.org'
})

describe('the sign-in cookie of an https instance', () => {
  it('is Secure, HttpOnly and SameSite=Lax', async () => {
    const response = await anonymous.post('/users/login', {
      email: 'admin@chronotope.local',
      password: 'chronotope-admin',
    })
    expect(response.status).toBe(200)
    const cookie = response.headers?.get('set-cookie') ?? ''
    expect(cookie).toMatch(/^payload-token=/)
    expect(cookie).toMatch(/; Secure/)
    expect(cookie).toMatch(/; HttpOnly/)
    expect(cookie).toMatch(/; SameSite=Lax/)
  })
})
