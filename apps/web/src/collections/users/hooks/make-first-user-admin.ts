import type { CollectionBeforeChangeHook } from 'payload'

import { COLLECTION_NAMES } from '../../../constants/collection-names'
import { ROLES } from '../../../constants/roles'

/**
 * The first account created on an empty installation (the admin's "create first user" screen)
 * becomes an admin, so someone can always manage the site.
 */
export const makeFirstUserAdmin: CollectionBeforeChangeHook = async ({ data, operation, req }) => {
  if (operation !== 'create') return data
  const { totalDocs } = await req.payload.count({ collection: COLLECTION_NAMES.USERS, overrideAccess: true, req })
  if (totalDocs === 0) data.role = ROLES.ADMIN
  return data
}
