import type { Access, CollectionConfig, Endpoint } from 'payload'

import { isAdminUser } from '../../access/roles'
import { AUDIT_ACTIONS } from '../../constants/audit-actions'
import { COLLECTION_NAMES } from '../../constants/collection-names'
import { API_KEY_SCOPES } from '../../lib/api-keys/scopes'
import { auditCollectionChanges } from '../../lib/audit/audit-collection-changes'
import { issueOrGuardKey, keyShownOnce } from './issue-key'
import { revokeKeyEndpoint } from './revoke'

/** Admins see and change every key; other signed-in users only their own; anonymous callers none. */
const ownKeysOrAdmin: Access = ({ req }) => {
  if (isAdminUser(req.user)) return true
  return req.user ? { owner: { equals: req.user.id } } : false
}

/** The collection's own endpoints (a new array each time: Payload adds its routes to the one it is given). */
export const apiKeyEndpoints = (): Endpoint[] => [revokeKeyEndpoint]

// Created, and revoked (revokedAt set, or the key deleted): the secret and its hash never appear.
const audit = auditCollectionChanges(COLLECTION_NAMES.API_KEYS, {
  created: AUDIT_ACTIONS.API_KEY_CREATED,
  changed: AUDIT_ACTIONS.API_KEY_REVOKED,
  deleted: AUDIT_ACTIONS.API_KEY_REVOKED,
  fields: ['revokedAt'],
})

/**
 * API keys: `Authorization: Bearer ctk_…` for scripts, acting as their owner narrowed by their
 * scopes (src/lib/api-keys). The full key is answered once, to the request that creates it; only
 * the SHA-256 of its secret is stored, and no route ever returns it. Owners see their own keys,
 * admins all; a key is revoked for good by setting `revokedAt` (or `POST /api/api-keys/{id}/revoke`).
 */
export const ApiKeys: CollectionConfig = {
  slug: COLLECTION_NAMES.API_KEYS,
  labels: { singular: 'API key', plural: 'API keys' },
  admin: {
    useAsTitle: 'name',
    defaultColumns: ['name', 'prefix', 'scopes', 'lastUsedAt', 'expiresAt', 'revokedAt'],
    group: 'Settings',
    description:
      'Keys for scripts: send "Authorization: Bearer <key>". The key is shown once, right after you create it.',
  },
  access: {
    read: ownKeysOrAdmin,
    create: ({ req }) => Boolean(req.user),
    update: ownKeysOrAdmin,
    delete: ownKeysOrAdmin,
  },
  endpoints: apiKeyEndpoints(),
  hooks: { beforeChange: [issueOrGuardKey], afterChange: [audit.afterChange], afterDelete: [audit.afterDelete] },
  fields: [
    { name: 'name', type: 'text', required: true, maxLength: 200 },
    {
      name: 'key',
      type: 'text',
      virtual: true,
      label: 'Key',
      hooks: { afterRead: [keyShownOnce] },
      admin: {
        readOnly: true,
        components: { Field: '/components/admin/api-key-shown-once#ApiKeyShownOnce' },
      },
    },
    {
      name: 'scopes',
      type: 'select',
      hasMany: true,
      required: true,
      defaultValue: ['read'],
      options: [
        { label: 'Read: what you may read', value: API_KEY_SCOPES[0] },
        { label: 'Import: upload and run imports, edit catalogs and datasets', value: API_KEY_SCOPES[1] },
        { label: 'Admin: all you may do (admins only)', value: API_KEY_SCOPES[2] },
      ],
      admin: { description: 'Scopes can be narrowed later, never widened: create a new key instead.' },
    },
    {
      name: 'expiresAt',
      type: 'date',
      label: 'Expires at',
      // Read-only once the key exists (the admin shows it so); ./issue-key.ts keeps it on the API too.
      access: { update: () => false },
      admin: {
        date: { pickerAppearance: 'dayAndTime' },
        description: 'Optional. Set when the key is created; it cannot be changed later.',
      },
    },
    {
      name: 'prefix',
      type: 'text',
      unique: true,
      index: true,
      admin: { readOnly: true, position: 'sidebar', description: 'The start of the key, to recognise it.' },
    },
    {
      name: 'secretHash',
      type: 'text',
      hidden: true,
      access: { read: () => false },
    },
    {
      name: 'owner',
      type: 'relationship',
      relationTo: COLLECTION_NAMES.USERS,
      index: true,
      admin: { readOnly: true, position: 'sidebar' },
    },
    {
      name: 'lastUsedAt',
      type: 'date',
      label: 'Last used at',
      admin: { readOnly: true, position: 'sidebar', date: { pickerAppearance: 'dayAndTime' } },
    },
    { name: 'lastUsedFrom', type: 'text', label: 'Last used from', admin: { readOnly: true, position: 'sidebar' } },
    {
      name: 'revokedAt',
      type: 'date',
      label: 'Revoked at',
      admin: {
        position: 'sidebar',
        date: { pickerAppearance: 'dayAndTime' },
        description: 'Set any date and save to revoke the key now, for good.',
      },
    },
  ],
  timestamps: true,
}
