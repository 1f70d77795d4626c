import { describe, expect, it } from 'vitest'

import { SOCKET_ADDRESS_HEADER } from '../../../src/lib/http/client-address'
import { DEMO_USERS } from '../../../src/seed/demo-content'
import { anonymous, type ApiClient, testPayload } from '../../helpers/api-client'

// The default limit is in force here: 5 sign-in attempts per address per minute, counted over
// REST and GraphQL, for logins, forgotten and reset passwords. A successful login gives its
// attempt back. Each test comes from addresses of its own (TEST-NET-3).
const admin = DEMO_USERS.find((user) => user.role === 'admin')!
const editor = DEMO_USERS.find((user) => user.role === 'editor')!

let addressCount = 0
function freshAddress(): string {
  addressCount += 1
  return `203.0.113.${addressCount}`
}

function from(socket: string, forwardedFor?: string): ApiClient {
  return anonymous.withHeaders({
    [SOCKET_ADDRESS_HEADER]: socket,
    ...(forwardedFor ? { 'x-forwarded-for': forwardedFor } : {}),
  })
}

const LOGIN =
  'mutation ($email: String!, $password: String!) { loginUser(email: $email, password: $password) { token } }'

async function isLocked(email: string): Promise<boolean> {
  const payload = await testPayload()
  const user = await payload.db.findOne<{ id: number; lockUntil?: string | null }>({
    collection: 'users',
    where: { email: { equals: email } },
  })
  return Boolean(user?.lockUntil && new Date(user.lockUntil) > new Date())
}

describe('sign-in rate limit per client address', () => {
  it("keeps one address from locking the admin's account with 10 wrong passwords", async () => {
    const attacker = from(freshAddress())
    const statuses: number[] = []
    for (let i = 0; i < 10; i++) {
      statuses.push((await attacker.post('/users/login', { email: admin.email, password: `guess-${i}` })).status)
    }
    expect(statuses).toEqual([401, 401, 401, 401, 401, 429, 429, 429, 429, 429])
    expect(await isLocked(admin.email)).toBe(false)
    // The admin, elsewhere, signs in as usual (which also clears the failed attempts).
    const signedIn = await from(freshAddress()).post('/users/login', { email: admin.email, password: admin.password })
    expect(signedIn.status).toBe(200)
  })

  it('answers 429 with Retry-After and a message saying when to try again', async () => {
    const client = from(freshAddress())
    for (let i = 0; i < 5; i++) await client.post('/users/login', { email: 'someone@example.org', password: 'x' })
    const refused = await client.post('/users/login', { email: editor.email, password: editor.password })
    expect(refused.status).toBe(429)
    const retryAfter = Number(refused.headers?.get('retry-after'))
    expect(retryAfter).toBeGreaterThanOrEqual(1)
    expect(retryAfter).toBeLessThanOrEqual(60)
    expect(refused.body.errors[0].message).toBe(
      `Too many sign-in attempts from your network address: the limit is 5 per 60 seconds; try again in ${retryAfter} seconds`,
    )
  })

  it('ignores the X-Forwarded-For a client sends (no trusted proxy is configured)', async () => {
    const socket = freshAddress()
    for (let i = 0; i < 5; i++) {
      await from(socket, `198.51.100.${i}`).post('/users/login', { email: 'someone@example.org', password: 'x' })
    }
    const refused = await from(socket, '198.51.100.200').post('/users/login', {
      email: editor.email,
      password: editor.password,
    })
    expect(refused.status).toBe(429)
  })

  it('counts GraphQL loginUser with REST logins, and answers it with a 429 error and Retry-After', async () => {
    const client = from(freshAddress())
    for (let i = 0; i < 3; i++) await client.post('/users/login', { email: 'someone@example.org', password: 'x' })
    for (let i = 0; i < 2; i++) await client.graphql(LOGIN, { email: 'someone@example.org', password: 'x' })
    const refused = await client.graphql(LOGIN, { email: editor.email, password: editor.password })
    expect(refused.body.data?.loginUser ?? null).toBeNull()
    expect(refused.body.errors?.[0]).toMatchObject({
      message: expect.stringContaining('Too many sign-in attempts'),
      extensions: { statusCode: 429 },
    })
    expect(Number(refused.headers?.get('retry-after'))).toBeGreaterThanOrEqual(1)
  })

  it('counts forgotten-password and reset-password requests too', async () => {
    const client = from(freshAddress())
    for (let i = 0; i < 4; i++) {
      expect((await client.post('/users/forgot-password', { email: `nobody-${i}@example.org` })).status).toBe(200)
    }
    expect(
      (await client.post('/users/reset-password', { token: 'guessed-token', password: 'new-password' })).status,
    ).not.toBe(429)
    expect((await client.post('/users/forgot-password', { email: editor.email })).status).toBe(429)
    expect(
      (await client.post('/users/reset-password', { token: 'guessed-token', password: 'new-password' })).status,
    ).toBe(429)
  })

  it('gives a successful login its attempt back, so people signing in from one office are not held up', async () => {
    const office = freshAddress()
    for (let i = 0; i < 8; i++) {
      expect((await from(office).post('/users/login', { email: editor.email, password: editor.password })).status).toBe(
        200,
      )
    }
  })

  it('keeps serving when more reset requests arrive at once than the database pool has connections', async () => {
    // Payload holds a pooled connection for each forgot/reset-password request (its transaction)
    // while the limit is checked; the check must not wait for the same pool.
    const requests = Array.from({ length: 25 }, (_, i) =>
      from(`192.0.2.${100 + i}`).post('/users/reset-password', { token: `guess-${i}`, password: 'new-password' }),
    )
    const statuses = await Promise.all(requests)
    expect(statuses.map((response) => response.status)).toEqual(Array<number>(25).fill(403))
  })

  it('leaves signing in through the Local API (server code, scripts) alone', async () => {
    const payload = await testPayload()
    for (let i = 0; i < 7; i++) {
      await expect(
        payload.login({ collection: 'users', data: { email: editor.email, password: editor.password } }),
      ).resolves.toMatchObject({ token: expect.any(String) })
    }
  })
})
