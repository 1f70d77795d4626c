import type { CollectionConfig } from 'payload'

import { isEditorOrAdmin, isEditorOrAdminField } from '../../access/is-editor-or-admin'
import { isOwnerOrEditor } from '../../access/is-owner-or-editor'
import { COLLECTION_NAMES } from '../../constants/collection-names'
import { IMPORT_STATUS } from '../../constants/import-status'
import { PROCESSING_STAGE } from '../../constants/processing-stage'
import { ownerField } from '../../fields/shared-fields'
import { applyApprovalDecision } from './hooks/apply-approval-decision'

/**
 * One import job per sheet of an import file. It moves through the processing stages, records
 * every stage transition with its time and reason, the progress of each stage, and the counts
 * that must add up: rows read = events created + updated + unchanged + left alone + duplicates
 * skipped + row errors.
 */
export const ImportJobs: CollectionConfig = {
  slug: COLLECTION_NAMES.IMPORT_JOBS,
  labels: { singular: 'Import job', plural: 'Import jobs' },
  admin: {
    useAsTitle: 'label',
    defaultColumns: ['label', 'status', 'stage', 'dataset', 'updatedAt'],
    group: 'Imports',
  },
  // The pipeline creates and moves import jobs; users act on theirs through /api/import/{id}/…
  // (start, retry, cancel), editors and admins may also edit them here (approval decisions).
  access: {
    read: isOwnerOrEditor,
    create: isEditorOrAdmin,
    update: isEditorOrAdmin,
    delete: isOwnerOrEditor,
  },
  hooks: { afterChange: [applyApprovalDecision] },
  fields: [
    { name: 'label', type: 'text' },
    {
      name: 'importFile',
      type: 'relationship',
      relationTo: COLLECTION_NAMES.IMPORT_FILES,
      required: true,
      index: true,
    },
    { name: 'dataset', type: 'relationship', relationTo: COLLECTION_NAMES.DATASETS, index: true },
    {
      type: 'row',
      fields: [
        { name: 'sheetIndex', type: 'number', defaultValue: 0, min: 0 },
        { name: 'sheetName', type: 'text' },
      ],
    },
    {
      type: 'row',
      fields: [
        {
          name: 'status',
          type: 'select',
          required: true,
          defaultValue: IMPORT_STATUS.PENDING,
          options: Object.values(IMPORT_STATUS),
          index: true,
        },
        {
          name: 'stage',
          type: 'select',
          defaultValue: PROCESSING_STAGE.DATASET_DETECTION,
          options: Object.values(PROCESSING_STAGE),
          index: true,
        },
      ],
    },
    {
      name: 'counts',
      type: 'group',
      admin: {
        description:
          'Rows read = events created + updated + unchanged + left alone (hand edits) + duplicates skipped + row errors.',
      },
      fields: [
        {
          type: 'row',
          fields: [
            { name: 'rowsTotal', type: 'number', admin: { description: 'Data rows in the sheet.' } },
            { name: 'rowsRead', type: 'number', defaultValue: 0 },
            { name: 'eventsCreated', type: 'number', defaultValue: 0 },
            { name: 'eventsUpdated', type: 'number', defaultValue: 0 },
            { name: 'eventsUnchanged', type: 'number', defaultValue: 0 },
          ],
        },
        {
          type: 'row',
          fields: [
            {
              name: 'eventsLeftAlone',
              type: 'number',
              defaultValue: 0,
              admin: { description: 'Events kept as people edited them although the file changed the same values.' },
            },
            { name: 'duplicatesSkipped', type: 'number', defaultValue: 0 },
            { name: 'rowErrors', type: 'number', defaultValue: 0 },
          ],
        },
      ],
    },
    {
      name: 'progress',
      type: 'json',
      admin: {
        description:
          'Rows done/total per stage, rate, ETA; where event creation resumes, and where its time went (timings, in ms).',
      },
    },
    {
      name: 'reimport',
      type: 'json',
      admin: {
        description:
          'For an import into a dataset that had events: hand edits kept, events left alone and why, events not in the file.',
      },
    },
    {
      name: 'errors',
      type: 'json',
      admin: { description: 'The first row errors (row, column, value, reason); all of them download as CSV.' },
    },
    {
      name: 'detectedSchema',
      type: 'json',
      admin: { description: 'The schema detected from the sheet: fields, statistics, warnings.' },
    },
    {
      name: 'mapping',
      type: 'json',
      admin: { description: 'How rows become events: time, title, location columns, date order, id strategy.' },
    },
    { name: 'duplicates', type: 'json', admin: { description: 'The duplication summary.' } },
    {
      name: 'geocoding',
      type: 'json',
      admin: { description: 'Places to geocode and the resolution stats.' },
    },
    {
      name: 'heartbeatAt',
      type: 'date',
      index: true,
      admin: {
        position: 'sidebar',
        readOnly: true,
        description: 'Last sign of life of the stage running; a stale one is taken over by another worker.',
      },
    },
    {
      name: 'stageHistory',
      type: 'array',
      admin: { readOnly: true },
      fields: [
        { name: 'stage', type: 'select', options: Object.values(PROCESSING_STAGE), required: true },
        { name: 'at', type: 'date', required: true },
        { name: 'reason', type: 'text' },
      ],
    },
    { name: 'schema', type: 'relationship', relationTo: COLLECTION_NAMES.DATASET_SCHEMAS },
    {
      name: 'approval',
      type: 'group',
      admin: { description: 'Breaking schema changes wait here for an editor or admin.' },
      access: { create: isEditorOrAdminField, update: isEditorOrAdminField },
      fields: [
        { name: 'lockedBy', type: 'relationship', relationTo: COLLECTION_NAMES.USERS },
        {
          name: 'lockExpiresAt',
          type: 'date',
          index: true,
          admin: { description: 'Released by the cleanup-approval-locks job when stale.' },
        },
        { name: 'decision', type: 'select', options: ['approved', 'rejected'] },
        { name: 'decidedBy', type: 'relationship', relationTo: COLLECTION_NAMES.USERS },
        { name: 'decidedAt', type: 'date' },
        { name: 'reason', type: 'textarea' },
      ],
    },
    { name: 'failureReason', type: 'textarea' },
    ownerField(),
  ],
}
