import type { Access } from 'payload'

import { isAdminUser } from './roles'

/**
 * Admins may act on every document; other signed-in users, editors included, only on the
 * documents whose `owner` is them; anonymous callers on none. For what is personal rather than
 * content (webhooks and their delivery logs), which editors have no business curating.
 * @example access: { read: isOwnerOrAdmin, update: isOwnerOrAdmin }
 */
export const isOwnerOrAdmin: Access = ({ req }) => {
  if (isAdminUser(req.user)) return true
  if (!req.user) return false
  return { owner: { equals: req.user.id } }
}
