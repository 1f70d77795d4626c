/**
 * Pure role checks on a user document, shared by every access function.
 * @module
 */
import { ROLES, type Role } from '../constants/roles'

/** The part of a user that role checks read. */
export interface UserWithRole {
  readonly id: number | string
  /** One of {@link ROLES}, read as the string the database holds. */
  readonly role?: string | null
}

/**
 * Whether a user has one of the given roles; anonymous callers have none.
 * @example hasRole({ id: 1, role: 'editor' }, ROLES.EDITOR, ROLES.ADMIN) // true
 */
export function hasRole(user: UserWithRole | null | undefined, ...roles: Role[]): boolean {
  return Boolean(user?.role && (roles as string[]).includes(user.role))
}

/**
 * Whether a user is an admin.
 * @example isAdminUser({ id: 1, role: 'admin' }) // true
 */
export function isAdminUser(user: UserWithRole | null | undefined): boolean {
  return hasRole(user, ROLES.ADMIN)
}

/**
 * Whether a user is an editor or an admin: the people who curate all content and approve
 * schema changes.
 * @example isEditorOrAdminUser({ id: 1, role: 'user' }) // false
 */
export function isEditorOrAdminUser(user: UserWithRole | null | undefined): boolean {
  return hasRole(user, ROLES.EDITOR, ROLES.ADMIN)
}
