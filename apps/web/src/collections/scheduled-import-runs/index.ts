import type { CollectionConfig } from 'payload'

import { nobody } from '../../access/nobody'
import { isOwnerOrEditor } from '../../access/is-owner-or-editor'
import { COLLECTION_NAMES } from '../../constants/collection-names'
import { RUN_STATUSES, RUN_TRIGGERS } from '../../lib/scheduled-imports/scheduled-import-types'

const count = (name: string, description: string) =>
  ({ name, type: 'number', defaultValue: 0, admin: { description } }) as const

/**
 * The run history of scheduled imports: one document per run, written only by the scheduler,
 * saying what the run fetched and what it did to the dataset (events added, updated with their
 * changed fields, unchanged, gone from the source). Readable by the schedule's owner, editors and
 * admins; nobody creates, edits or deletes a run through the API (deleting the schedule deletes them).
 */
export const ScheduledImportRuns: CollectionConfig = {
  slug: COLLECTION_NAMES.SCHEDULED_IMPORT_RUNS,
  labels: { singular: 'Scheduled import run', plural: 'Scheduled import runs' },
  admin: {
    useAsTitle: 'summary',
    defaultColumns: ['scheduledImport', 'status', 'summary', 'startedAt', 'trigger'],
    group: 'Imports',
  },
  access: { read: isOwnerOrEditor, create: nobody, update: nobody, delete: nobody },
  defaultSort: '-startedAt',
  fields: [
    {
      name: 'scheduledImport',
      type: 'relationship',
      relationTo: COLLECTION_NAMES.SCHEDULED_IMPORTS,
      required: true,
      index: true,
    },
    { name: 'dataset', type: 'relationship', relationTo: COLLECTION_NAMES.DATASETS },
    { name: 'importFile', type: 'relationship', relationTo: COLLECTION_NAMES.IMPORT_FILES },
    { name: 'trigger', type: 'select', required: true, options: [...RUN_TRIGGERS] },
    { name: 'status', type: 'select', required: true, index: true, options: [...RUN_STATUSES] },
    { name: 'summary', type: 'text' },
    {
      type: 'row',
      fields: [
        { name: 'startedAt', type: 'date', index: true },
        { name: 'finishedAt', type: 'date' },
      ],
    },
    {
      name: 'source',
      type: 'group',
      admin: { description: 'What the address answered.' },
      fields: [
        { name: 'httpStatus', type: 'number' },
        { name: 'bytes', type: 'number' },
        { name: 'hash', type: 'text', admin: { description: 'SHA-256 of the body.' } },
        { name: 'contentType', type: 'text' },
        { name: 'etag', type: 'text' },
        { name: 'lastModified', type: 'text' },
      ],
    },
    {
      name: 'counts',
      type: 'group',
      fields: [
        count('added', 'Events added.'),
        count('updated', 'Events whose values changed.'),
        count('unchanged', 'Events the source still has as they were.'),
        count('gone', 'Events no longer in the source.'),
        count('removed', 'Of those, marked removed or deleted as the schedule says.'),
        count('restored', 'Events marked removed before that the source has again.'),
        count('leftAlone', 'Events kept as people edited them although the source changed them.'),
        count('rowErrors', 'Rows that could not be read.'),
      ],
    },
    {
      name: 'changes',
      type: 'json',
      admin: { description: 'The first 100 updated events: each changed field, old → new.' },
    },
    { name: 'goneEvents', type: 'json', admin: { description: 'The first 100 events gone from the source.' } },
    { name: 'error', type: 'textarea' },
    {
      name: 'owner',
      type: 'relationship',
      relationTo: COLLECTION_NAMES.USERS,
      index: true,
      admin: { position: 'sidebar', description: 'The schedule’s owner, for access.' },
    },
  ],
}
