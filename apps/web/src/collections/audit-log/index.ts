import type { CollectionConfig, Endpoint } from 'payload'

import { isAdmin } from '../../access/is-admin'
import { nobody } from '../../access/nobody'
import { AUDIT_ACTION_LIST } from '../../constants/audit-actions'
import { COLLECTION_NAMES } from '../../constants/collection-names'
import { auditLogExportEndpoint } from '../../endpoints/audit-log-export'

/** The audit log's own endpoints (`/api/audit-log/…`): the CSV export. The OpenAPI document describes it. */
export function auditLogEndpoints(): Endpoint[] {
  // A new array each time: Payload adds its own routes to the array the config holds.
  return [auditLogExportEndpoint]
}

/**
 * The audit log: who did what, when and from where, append-only. Admins read, filter and export
 * it; no caller creates, changes or deletes an entry (server code writes them with
 * `recordAuditEntry`), and the database refuses updates and deletes too, except the retention
 * job's (migration 20261128_220000_audit_log).
 */
export const AuditLog: CollectionConfig = {
  slug: COLLECTION_NAMES.AUDIT_LOG,
  labels: { singular: 'Audit entry', plural: 'Audit log' },
  admin: {
    useAsTitle: 'action',
    defaultColumns: ['createdAt', 'action', 'actorEmail', 'actorAddress', 'targetCollection', 'targetLabel'],
    listSearchableFields: ['actorEmail', 'targetLabel', 'targetId'],
    group: 'Admin',
    description:
      'Sign-ins, changes to users, visibility, deletions, schema approvals and settings. Entries cannot be changed or deleted; old ones go after the retention period.',
    pagination: { defaultLimit: 50 },
  },
  defaultSort: '-createdAt',
  graphQL: { singularName: 'AuditEntry', pluralName: 'AuditEntries' },
  access: {
    read: isAdmin,
    create: nobody,
    update: nobody,
    delete: nobody,
    readVersions: nobody,
  },
  endpoints: auditLogEndpoints(),
  fields: [
    {
      name: 'action',
      type: 'select',
      required: true,
      index: true,
      options: AUDIT_ACTION_LIST.map((value) => ({ label: value, value })),
    },
    {
      name: 'actorId',
      type: 'number',
      index: true,
      admin: {
        description: 'The user who acted, by id (kept when the user is deleted); empty: anonymous or the system.',
      },
    },
    { name: 'actorEmail', type: 'text', index: true, admin: { description: 'Their email address at the time.' } },
    { name: 'actorAddress', type: 'text', admin: { description: 'The client address the request came from.' } },
    { name: 'targetCollection', type: 'text', index: true },
    { name: 'targetId', type: 'text', index: true },
    { name: 'targetLabel', type: 'text', admin: { description: 'The name or email of the target at the time.' } },
    {
      name: 'changes',
      type: 'json',
      admin: { description: 'Changed fields as { field: { before, after } }; secrets are never recorded.' },
    },
    { name: 'details', type: 'json', admin: { description: 'What else the action says, e.g. how many events went.' } },
  ],
}
