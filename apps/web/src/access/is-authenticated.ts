import type { Access } from 'payload'

/**
 * Access for any signed-in user, whatever the role.
 * @example access: { create: isAuthenticated }
 */
export const isAuthenticated: Access = ({ req }) => Boolean(req.user)
