import type { Access, Where } from 'payload'

import { isEditorOrAdminUser } from './roles'

/**
 * Catalogs are readable by anyone when public; private ones only by their owner, editors and
 * admins.
 * @example access: { read: canReadCatalogs }
 */
export const canReadCatalogs: Access = ({ req }) => {
  if (isEditorOrAdminUser(req.user)) return true
  const isPublic: Where = { isPublic: { equals: true } }
  if (!req.user) return isPublic
  return { or: [isPublic, { owner: { equals: req.user.id } }] }
}
