import type { CollectionBeforeValidateHook } from 'payload'

/**
 * Makes whoever creates or updates a lock its holder, whatever user the request names, so nobody
 * takes a lock in somebody else's name. Payload's admin UI writes its own locks straight to the
 * database, and system code without a user is left alone.
 * @example hooks: { beforeValidate: [recordCallerAsLockHolder] }
 */
export const recordCallerAsLockHolder: CollectionBeforeValidateHook = ({ data, req }) => {
  if (!req.user) return data
  return { ...data, user: { relationTo: req.user.collection, value: req.user.id } }
}
