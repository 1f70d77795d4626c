import type { Access, FieldAccess } from 'payload'

import { isEditorOrAdminUser } from './roles'

/**
 * The permission helper for "editor or admin": curating pages and the main menu, and approving
 * schema changes.
 * @example access: { update: isEditorOrAdmin }
 */
export const isEditorOrAdmin: Access = ({ req }) => isEditorOrAdminUser(req.user)

/** Field-level variant of {@link isEditorOrAdmin}, e.g. for a schema's approval status. */
export const isEditorOrAdminField: FieldAccess = ({ req }) => isEditorOrAdminUser(req.user)
