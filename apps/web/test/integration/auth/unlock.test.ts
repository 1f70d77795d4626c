import { beforeEach, describe, expect, it } from 'vitest'

import { anonymous, ApiClient, testPayload } from '../../helpers/api-client'

// After 10 wrong passwords an account is locked for 10 minutes; unlocking it early is the admins'
// call, and the answer must not tell who has an account.
const LOCKED = 'locked-out@chronotope.local'
const UNKNOWN = 'nobody-here@chronotope.local'

async function lockAccount(): Promise<number> {
  const payload = await testPayload()
  const { docs } = await payload.find({ collection: 'users', where: { email: { equals: LOCKED } } })
  const id =
    docs[0]?.id ??
    (
      await payload.create({
        collection: 'users',
        data: { email: LOCKED, password: 'locked-out-password', role: 'user' },
      })
    ).id
  await payload.db.updateOne({
    collection: 'users',
    id,
    data: { loginAttempts: 10, lockUntil: new Date(Date.now() + 10 * 60_000).toISOString() },
  })
  return Number(id)
}

async function isLocked(id: number): Promise<boolean> {
  const payload = await testPayload()
  const user = await payload.db.findOne<{ id: number; lockUntil?: string | null }>({
    collection: 'users',
    where: { id: { equals: id } },
  })
  return Boolean(user?.lockUntil && new Date(user.lockUntil) > new Date())
}

let lockedId: number

beforeEach(async () => {
  lockedId = await lockAccount()
})

describe('POST /api/users/unlock', () => {
  it('is refused to users, editors and anonymous callers, with the same answer for any address', async () => {
    for (const client of [await ApiClient.as('user'), await ApiClient.as('editor'), anonymous]) {
      const known = await client.post('/users/unlock', { email: LOCKED })
      const unknown = await client.post('/users/unlock', { email: UNKNOWN })
      expect(known.status).toBe(403)
      expect([unknown.status, unknown.body]).toEqual([known.status, known.body])
    }
    expect(await isLocked(lockedId)).toBe(true)
  })

  it('unlocks for admins, with the same answer whether the account exists or not', async () => {
    const admin = await ApiClient.as('admin')
    const unknown = await admin.post('/users/unlock', { email: UNKNOWN })
    expect(await isLocked(lockedId)).toBe(true)
    const known = await admin.post('/users/unlock', { email: LOCKED })
    expect(known.status).toBe(200)
    expect([unknown.status, unknown.body]).toEqual([known.status, known.body])
    expect(await isLocked(lockedId)).toBe(false)
    expect((await admin.post('/users/unlock', {})).status).toBe(400)
  })
})

describe('GraphQL unlockUser', () => {
  it('is refused to users, with the same answer for any address', async () => {
    const user = await ApiClient.as('user')
    const mutation = 'mutation ($email: String!) { unlockUser(email: $email) }'
    const known = await user.graphql(mutation, { email: LOCKED })
    const unknown = await user.graphql(mutation, { email: UNKNOWN })
    expect(known.body.errors?.[0]?.message).toMatch(/not allowed/i)
    expect(unknown.body.errors?.map((error) => error.message)).toEqual(known.body.errors?.map((error) => error.message))
    expect(await isLocked(lockedId)).toBe(true)
  })

  it('unlocks for admins, with the same answer whether the account exists or not', async () => {
    const admin = await ApiClient.as('admin')
    const mutation = 'mutation ($email: String!) { unlockUser(email: $email) }'
    const unknown = await admin.graphql(mutation, { email: UNKNOWN })
    const known = await admin.graphql(mutation, { email: LOCKED })
    expect(known.body).toEqual({ data: { unlockUser: true } })
    expect(unknown.body).toEqual(known.body)
    expect(await isLocked(lockedId)).toBe(false)
  })
})
