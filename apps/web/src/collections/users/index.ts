import type { CollectionConfig } from 'payload'

import { isAdmin, isAdminField } from '../../access/is-admin'
import { isAdminUser, isEditorOrAdminUser } from '../../access/roles'
import { settings } from '../../config/settings'
import { AUDIT_ACTIONS } from '../../constants/audit-actions'
import { COLLECTION_NAMES } from '../../constants/collection-names'
import { ROLES } from '../../constants/roles'
import { TRUST_LEVEL_LABELS, TRUST_LEVEL_ORDER } from '../../constants/trust-levels'
import { auditCollectionChanges } from '../../lib/audit/audit-collection-changes'
import { auditSignIns, noteSignInAttempt } from '../../lib/audit/audit-sign-ins'
import { authCookieOptions } from '../../lib/security/auth-cookie'
import { makeFirstUserAdmin } from './hooks/make-first-user-admin'
import { forgiveSuccessfulSignIn, throttleSignIn } from './hooks/throttle-sign-in'
import { unlockEndpoint } from './unlock'
import { apiKeyGrant, apiKeyStrategy } from '../../lib/api-keys/key-strategy'
import { meWithoutToken, refuseKeyRefresh } from './no-session-from-keys'

const audit = auditCollectionChanges(COLLECTION_NAMES.USERS, {
  created: AUDIT_ACTIONS.USER_CREATED,
  changed: AUDIT_ACTIONS.USER_ROLE_CHANGED,
  deleted: AUDIT_ACTIONS.USER_DELETED,
  fields: ['role'],
})
const auditTrustLevel = auditCollectionChanges(COLLECTION_NAMES.USERS, {
  changed: AUDIT_ACTIONS.USER_TRUST_LEVEL_CHANGED,
  fields: ['trustLevel'],
})

/**
 * People who sign in. Admins manage users; editors may see them (to hand documents over); every
 * user may read and update themselves but not change their own role.
 */
export const Users: CollectionConfig = {
  slug: COLLECTION_NAMES.USERS,
  labels: { singular: 'User', plural: 'Users' },
  auth: {
    maxLoginAttempts: 10,
    lockTime: 10 * 60 * 1000,
    useAPIKey: false,
    cookies: authCookieOptions(settings.serverUrl),
    // `Authorization: Bearer ctk_…` (src/lib/api-keys); Payload's JWT and cookie come first.
    strategies: [apiKeyStrategy],
  },
  admin: { useAsTitle: 'email', defaultColumns: ['email', 'name', 'role'], group: 'Settings' },
  access: {
    read: ({ req }) => isEditorOrAdminUser(req.user) || (req.user ? { id: { equals: req.user.id } } : false),
    create: isAdmin,
    update: ({ req }) => isAdminUser(req.user) || (req.user ? { id: { equals: req.user.id } } : false),
    delete: isAdmin,
    // An API key never opens the admin panel, whatever its scopes.
    admin: ({ req }) => Boolean(req.user) && !apiKeyGrant(req.user),
    // Undoing a login lockout early is the admins' call (./unlock.ts answers for the routes).
    unlock: isAdmin,
  },
  endpoints: [unlockEndpoint],
  hooks: {
    beforeChange: [makeFirstUserAdmin],
    beforeOperation: [noteSignInAttempt, throttleSignIn, refuseKeyRefresh],
    afterOperation: [auditSignIns],
    me: [meWithoutToken],
    afterLogin: [forgiveSuccessfulSignIn],
    afterChange: [audit.afterChange, auditTrustLevel.afterChange],
    afterDelete: [audit.afterDelete],
  },
  fields: [
    { name: 'name', type: 'text' },
    {
      name: 'role',
      type: 'select',
      required: true,
      defaultValue: ROLES.USER,
      saveToJWT: true,
      options: [
        { label: 'Admin', value: ROLES.ADMIN },
        { label: 'Editor', value: ROLES.EDITOR },
        { label: 'User', value: ROLES.USER },
      ],
      access: { create: isAdminField, update: isAdminField },
      admin: { position: 'sidebar' },
    },
    {
      name: 'trustLevel',
      label: 'Trust level',
      type: 'select',
      required: true,
      defaultValue: () => settings.defaultTrustLevel,
      options: TRUST_LEVEL_ORDER.map((level) => ({ label: TRUST_LEVEL_LABELS[level], value: level })),
      // A user must not lift their own limits.
      access: { create: isAdminField, update: isAdminField },
      admin: {
        position: 'sidebar',
        description: 'Sets this user’s quotas (Settings › Quotas). Admins have no limits whatever their level.',
      },
    },
    {
      name: 'usage',
      type: 'ui',
      admin: { position: 'sidebar', components: { Field: '/components/admin/usage-field#UsageField' } },
    },
  ],
}
