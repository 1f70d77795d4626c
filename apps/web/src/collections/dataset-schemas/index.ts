import type { CollectionConfig } from 'payload'

import { canReadDatasetContent } from '../../access/can-read-dataset-content'
import { canChangeDatasetContent, canCreateDatasetContent } from '../../access/can-write-dataset-content'
import { isEditorOrAdmin, isEditorOrAdminField } from '../../access/is-editor-or-admin'
import { COLLECTION_NAMES } from '../../constants/collection-names'

/** Approval states of a schema version. */
export const SCHEMA_STATUS = {
  DRAFT: 'draft',
  PENDING_APPROVAL: 'pending-approval',
  APPROVED: 'approved',
  REJECTED: 'rejected',
} as const

/**
 * Versioned snapshots of a dataset's schema: its fields with types and statistics, what changed
 * from the previous version, and whether an editor approved it. Version numbers are unique per
 * dataset; only editors and admins approve or reject.
 */
export const DatasetSchemas: CollectionConfig = {
  slug: COLLECTION_NAMES.DATASET_SCHEMAS,
  labels: { singular: 'Dataset schema', plural: 'Dataset schemas' },
  admin: {
    useAsTitle: 'label',
    defaultColumns: ['label', 'dataset', 'version', 'status', 'isBreaking', 'createdAt'],
    group: 'Data',
  },
  access: {
    read: canReadDatasetContent,
    create: canCreateDatasetContent,
    update: canChangeDatasetContent,
    delete: isEditorOrAdmin,
  },
  indexes: [{ fields: ['dataset', 'version'], unique: true }],
  fields: [
    {
      name: 'dataset',
      type: 'relationship',
      relationTo: COLLECTION_NAMES.DATASETS,
      required: true,
      index: true,
    },
    { name: 'version', type: 'number', required: true, min: 1 },
    {
      name: 'label',
      type: 'text',
      admin: { readOnly: true },
      hooks: {
        beforeChange: [({ siblingData }) => `v${siblingData.version ?? '?'}`],
      },
    },
    {
      name: 'status',
      type: 'select',
      required: true,
      defaultValue: SCHEMA_STATUS.DRAFT,
      index: true,
      options: Object.values(SCHEMA_STATUS),
      access: { create: isEditorOrAdminField, update: isEditorOrAdminField },
      admin: { position: 'sidebar', description: 'Only editors and admins approve or reject.' },
    },
    {
      name: 'fields',
      type: 'json',
      required: true,
      admin: { description: 'Schema fields: name, type, role, statistics.' },
    },
    {
      name: 'changes',
      type: 'json',
      admin: { description: 'The schema comparison with the previous version.' },
    },
    { name: 'isBreaking', type: 'checkbox', defaultValue: false, admin: { position: 'sidebar' } },
    {
      name: 'importJob',
      type: 'relationship',
      relationTo: COLLECTION_NAMES.IMPORT_JOBS,
      admin: { position: 'sidebar' },
    },
    {
      name: 'approvedBy',
      type: 'relationship',
      relationTo: COLLECTION_NAMES.USERS,
      access: { update: isEditorOrAdminField, create: isEditorOrAdminField },
      admin: { position: 'sidebar' },
    },
    {
      name: 'approvedAt',
      type: 'date',
      access: { update: isEditorOrAdminField, create: isEditorOrAdminField },
      admin: { position: 'sidebar' },
    },
  ],
}
