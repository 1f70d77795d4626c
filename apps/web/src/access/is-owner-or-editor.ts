import type { Access } from 'payload'

import { isEditorOrAdminUser } from './roles'

/**
 * Editors and admins may act on every document; other signed-in users only on the documents
 * whose `owner` is them; anonymous callers on none.
 * @example access: { update: isOwnerOrEditor, delete: isOwnerOrEditor }
 */
export const isOwnerOrEditor: Access = ({ req }) => {
  if (isEditorOrAdminUser(req.user)) return true
  if (!req.user) return false
  return { owner: { equals: req.user.id } }
}
