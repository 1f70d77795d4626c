import type { Access, FieldAccess } from 'payload'

import { isAdminUser } from './roles'

/**
 * Access for what only admins manage: users, geocoding providers, the location cache.
 * @example access: { delete: isAdmin }
 */
export const isAdmin: Access = ({ req }) => isAdminUser(req.user)

/** Field-level variant of {@link isAdmin}, e.g. for the `role` field of users. */
export const isAdminField: FieldAccess = ({ req }) => isAdminUser(req.user)
