/**
 * In what role a person corrects data, for the words "placed by hand by its owner" or "by an editor".
 * @module
 */
import { isAdminUser, isEditorOrAdminUser, type UserWithRole } from '../../access/roles'
import type { CorrectionRole } from '../import/import-documents'

/**
 * The role a correction is made in: an admin's or editor's by that role, anyone else's as the owner
 * of the data (only owners, editors and admins may correct an import).
 * @example correctionRole({ id: 3, role: 'user' }) // 'owner'
 * @example correctionRole({ id: 1, role: 'editor' }) // 'editor'
 */
export function correctionRole(user: UserWithRole): CorrectionRole {
  if (isAdminUser(user)) return 'admin'
  return isEditorOrAdminUser(user) ? 'editor' : 'owner'
}
