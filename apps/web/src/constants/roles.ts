/**
 * The roles a user can have. Admins manage everything, editors curate content and approve schema
 * changes, users import and manage their own catalogs and datasets.
 * @example ROLES.EDITOR // 'editor'
 */
export const ROLES = {
  ADMIN: 'admin',
  EDITOR: 'editor',
  USER: 'user',
} as const

/** One role. */
export type Role = (typeof ROLES)[keyof typeof ROLES]
