/**
 * The ids of the seeded demo accounts, found by email (other tests add more users per role).
 * @module
 */
import { DEMO_USERS } from '../../src/seed/demo-content'
import { testPayload } from './api-client'

/** The id of the demo account with a role. */
export async function demoUserId(role: 'admin' | 'editor' | 'user'): Promise<number> {
  const payload = await testPayload()
  const email = DEMO_USERS.find((user) => user.role === role)!.email
  const { docs } = await payload.find({ collection: 'users', where: { email: { equals: email } }, limit: 1 })
  return Number(docs[0]!.id)
}

/** Creates a catalog owned by a demo account and returns its id. */
export async function createCatalog(name: string, role: 'admin' | 'editor' | 'user' = 'user'): Promise<number> {
  const payload = await testPayload()
  const catalog = await payload.create({ collection: 'catalogs', data: { name, owner: await demoUserId(role) } })
  return Number(catalog.id)
}
