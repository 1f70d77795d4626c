import { COLLECTION_NAMES } from '../../constants/collection-names'
import { DEMO_USERS } from '../demo-content'
import { findIdBy, type SeedContext, type SeederResult } from './context'

/** Seeds the demo accounts (admin, editor, user). */
export async function seedUsers({ payload }: SeedContext): Promise<SeederResult> {
  const result: SeederResult = { created: 0, existing: 0 }
  for (const user of DEMO_USERS) {
    if (await findIdBy(payload, COLLECTION_NAMES.USERS, 'email', user.email)) {
      result.existing++
      continue
    }
    await payload.create({
      collection: COLLECTION_NAMES.USERS,
      data: {
        email: user.email,
        password: user.password,
        name: user.name,
        role: user.role,
        trustLevel: user.trustLevel,
      },
      overrideAccess: true,
    })
    result.created++
  }
  return result
}

/** Deletes the demo accounts. */
export async function resetUsers({ payload }: SeedContext): Promise<void> {
  await payload.delete({
    collection: COLLECTION_NAMES.USERS,
    where: { email: { in: DEMO_USERS.map((user) => user.email) } },
    overrideAccess: true,
  })
}
