import type { CollectionConfig, Endpoint, Field } from 'payload'

import { nobodyField } from '../../access/nobody'
import { isOwnerOrEditor } from '../../access/is-owner-or-editor'
import { isAuthenticated } from '../../access/is-authenticated'
import { COLLECTION_NAMES } from '../../constants/collection-names'
import { ownerField } from '../../fields/shared-fields'
import { DUPLICATE_ACTIONS, ID_STRATEGIES } from '../../lib/import/import-options'
import {
  GONE_FROM_SOURCE_ACTIONS,
  RUN_OUTCOMES,
  SCHEDULE_FREQUENCIES,
  SOURCE_FORMATS,
} from '../../lib/scheduled-imports/scheduled-import-types'
import { scheduledImportEndpoints } from '../../endpoints/scheduled-imports'
import { AUDIT_ACTIONS } from '../../constants/audit-actions'
import { auditCollectionChanges } from '../../lib/audit/audit-collection-changes'
import { checkScheduledImport } from './hooks/check-scheduled-import'
import { deleteScheduledRuns } from './hooks/delete-runs'
import { planNextRun } from './hooks/plan-next-run'
import { validateSourceUrl } from './validate-source-url'

// What people set, not the scheduler's bookkeeping (`state`), which changes at every run.
const audit = auditCollectionChanges(COLLECTION_NAMES.SCHEDULED_IMPORTS, {
  created: AUDIT_ACTIONS.SCHEDULED_IMPORT_CREATED,
  changed: AUDIT_ACTIONS.SCHEDULED_IMPORT_CHANGED,
  deleted: AUDIT_ACTIONS.SCHEDULED_IMPORT_DELETED,
  fields: [
    'name',
    'url',
    'catalog',
    'dataset',
    'format',
    'idStrategy',
    'idField',
    'duplicateAction',
    'goneFromSource',
    'schedule',
    'enabled',
    'owner',
  ],
})

const WEEKDAYS = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday']

/** The schedule: how often, at what local time, in which time zone (`@chronotope/schedules`). */
const scheduleField: Field = {
  name: 'schedule',
  type: 'group',
  fields: [
    {
      type: 'row',
      fields: [
        {
          name: 'frequency',
          type: 'select',
          required: true,
          defaultValue: 'daily',
          options: [...SCHEDULE_FREQUENCIES],
        },
        {
          name: 'timeZone',
          type: 'text',
          required: true,
          defaultValue: 'UTC',
          admin: {
            description: 'IANA name, e.g. Europe/Berlin. Daylight-saving changes neither skip nor double a run.',
          },
        },
      ],
    },
    {
      type: 'row',
      fields: [
        {
          name: 'intervalMinutes',
          type: 'number',
          min: 5,
          admin: {
            condition: (_, sibling) => sibling?.frequency === 'every',
            description: 'Every N minutes (at least 5).',
          },
        },
        {
          name: 'minute',
          type: 'number',
          min: 0,
          max: 59,
          admin: { condition: (_, sibling) => sibling?.frequency === 'hourly', description: 'Minute of each hour.' },
        },
        {
          name: 'time',
          type: 'text',
          admin: {
            condition: (_, sibling) => sibling?.frequency === 'daily' || sibling?.frequency === 'weekly',
            description: 'Local time, HH:MM (24-hour).',
          },
        },
        {
          name: 'weekday',
          type: 'select',
          options: WEEKDAYS.map((label, index) => ({ label, value: String(index) })),
          admin: { condition: (_, sibling) => sibling?.frequency === 'weekly' },
        },
        {
          name: 'cron',
          type: 'text',
          admin: {
            condition: (_, sibling) => sibling?.frequency === 'cron',
            description: 'Five fields: minute hour day-of-month month day-of-week, e.g. 0 6 * * 1-5.',
          },
        },
      ],
    },
  ],
}

/** What the scheduler keeps about a schedule: only the server writes it. */
const stateField: Field = {
  name: 'state',
  type: 'group',
  access: { create: nobodyField, update: nobodyField },
  admin: { readOnly: true, position: 'sidebar' },
  fields: [
    { name: 'nextRunAt', type: 'date', index: true, admin: { date: { pickerAppearance: 'dayAndTime' } } },
    { name: 'lastRunAt', type: 'date', admin: { date: { pickerAppearance: 'dayAndTime' } } },
    { name: 'lastOutcome', type: 'select', options: [...RUN_OUTCOMES] },
    { name: 'consecutiveFailures', type: 'number', defaultValue: 0 },
    { name: 'pausedReason', type: 'textarea', admin: { description: 'Why the schedule paused itself.' } },
    {
      name: 'activeRun',
      type: 'relationship',
      relationTo: COLLECTION_NAMES.SCHEDULED_IMPORT_RUNS,
      admin: { description: 'The run in progress: a schedule never runs twice at once.' },
    },
    { name: 'etag', type: 'text', admin: { hidden: true } },
    { name: 'lastModified', type: 'text', admin: { hidden: true } },
    { name: 'lastHash', type: 'text', admin: { hidden: true } },
  ],
}

/**
 * A scheduled import's own endpoints: its run history, "run now", the trigger URL and its rotation.
 * A new array each time: Payload adds its own routes to the array the config holds.
 */
export function scheduledImportCollectionEndpoints(): Endpoint[] {
  return scheduledImportEndpoints()
}

/**
 * Scheduled imports: a URL fetched on a schedule and imported into a dataset through the same
 * stages as an upload, each run recorded with what it changed. Owners see and edit their own,
 * editors and admins all; the download goes through the outbound policy, like online geocoders.
 */
export const ScheduledImports: CollectionConfig = {
  slug: COLLECTION_NAMES.SCHEDULED_IMPORTS,
  labels: { singular: 'Scheduled import', plural: 'Scheduled imports' },
  admin: {
    useAsTitle: 'name',
    defaultColumns: ['name', 'url', 'enabled', 'state.nextRunAt', 'state.lastOutcome', 'owner'],
    group: 'Imports',
    description: 'Keep a dataset up to date from an address that publishes a CSV, spreadsheet or GeoJSON.',
  },
  access: {
    read: isOwnerOrEditor,
    create: isAuthenticated,
    update: isOwnerOrEditor,
    delete: isOwnerOrEditor,
  },
  endpoints: scheduledImportCollectionEndpoints(),
  hooks: {
    beforeValidate: [checkScheduledImport],
    beforeChange: [planNextRun],
    beforeDelete: [deleteScheduledRuns],
    afterChange: [audit.afterChange],
    afterDelete: [audit.afterDelete],
  },
  fields: [
    { name: 'name', type: 'text', required: true, maxLength: 200 },
    {
      name: 'url',
      label: 'URL',
      type: 'text',
      required: true,
      maxLength: 2048,
      validate: validateSourceUrl,
      admin: {
        description:
          'http or https address of the data, e.g. a published Google Sheet’s CSV link or a GitHub raw link. Public addresses only.',
      },
    },
    {
      type: 'row',
      fields: [
        {
          name: 'catalog',
          type: 'relationship',
          relationTo: COLLECTION_NAMES.CATALOGS,
          // Checked by checkScheduledImport instead of `required`: deleting the catalog leaves the
          // schedule (its runs then fail saying so) rather than refusing the delete.
          admin: { description: 'The catalog the events go into.' },
        },
        {
          name: 'dataset',
          type: 'relationship',
          relationTo: COLLECTION_NAMES.DATASETS,
          admin: { description: 'Leave empty to create a dataset named after the schedule on the first run.' },
        },
      ],
    },
    {
      type: 'row',
      fields: [
        { name: 'format', type: 'select', defaultValue: 'auto', required: true, options: [...SOURCE_FORMATS] },
        {
          name: 'idStrategy',
          label: 'ID strategy',
          type: 'select',
          defaultValue: 'auto',
          required: true,
          options: [...ID_STRATEGIES],
        },
        {
          name: 'idField',
          label: 'ID column',
          type: 'text',
          admin: { condition: (data) => data?.idStrategy === 'external', description: 'Column holding the id.' },
        },
        {
          name: 'duplicateAction',
          type: 'select',
          defaultValue: 'update',
          required: true,
          options: [...DUPLICATE_ACTIONS],
        },
      ],
    },
    {
      name: 'goneFromSource',
      type: 'select',
      defaultValue: 'keep',
      required: true,
      options: [
        { label: 'Keep them', value: GONE_FROM_SOURCE_ACTIONS[0] },
        { label: 'Mark them removed (hidden from explore, kept in the admin)', value: GONE_FROM_SOURCE_ACTIONS[1] },
        { label: 'Delete them', value: GONE_FROM_SOURCE_ACTIONS[2] },
      ],
      admin: { description: 'What happens to events whose row is no longer in the source.' },
    },
    scheduleField,
    {
      name: 'enabled',
      type: 'checkbox',
      defaultValue: true,
      admin: {
        position: 'sidebar',
        description: 'Paused schedules do not run. Turning a paused schedule on again clears its failures.',
      },
    },
    {
      name: 'actions',
      type: 'ui',
      admin: {
        position: 'sidebar',
        components: { Field: '/components/admin/schedule-actions-field#ScheduleActionsField' },
      },
    },
    stateField,
    {
      name: 'triggerTokenHash',
      type: 'text',
      access: { read: () => false, create: nobodyField, update: nobodyField },
      admin: { hidden: true },
    },
    {
      name: 'triggerTokenHint',
      type: 'text',
      access: { create: nobodyField, update: nobodyField },
      admin: {
        position: 'sidebar',
        readOnly: true,
        description: 'Start of the trigger URL’s token; make a new one with POST …/trigger-url.',
      },
    },
    ownerField(),
    {
      name: 'runs',
      type: 'join',
      collection: COLLECTION_NAMES.SCHEDULED_IMPORT_RUNS,
      on: 'scheduledImport',
      defaultSort: '-startedAt',
      defaultLimit: 20,
    },
  ],
}
