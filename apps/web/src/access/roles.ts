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
  /** Set when the request was authenticated by an API key: the key's scopes narrow the role. */
  readonly apiKey?: { readonly scopes: readonly string[] } | null
}

/**
 * The role a request acts with: the user's, except that an API key without the `admin` scope acts
 * as a plain user whatever its owner's role, so a read or import key of an admin or editor cannot
 * do what only they may.
 * @example effectiveRole({ id: 1, role: 'admin', apiKey: { scopes: ['read'] } }) // 'user'
 */
export function effectiveRole(user: UserWithRole | null | undefined): string | undefined {
  if (!user?.role) return undefined
  if (user.apiKey && !user.apiKey.scopes.includes('admin')) return ROLES.USER
  return user.role
}

/**
 * Whether a user has one of the given roles; anonymous callers have none.
 * @example hasRole({ id: 1, role: 'editor' }, ROLES.EDITOR, ROLES.ADMIN) // true
 */
export function hasRole(user: UserWithRole | null | undefined, ...roles: Role[]): boolean {
  const role = effectiveRole(user)
  return Boolean(role && (roles as string[]).includes(role))
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
