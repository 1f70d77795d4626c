import type { CollectionConfig, DateField } from 'payload'

import { canReadDatasetContent } from '../../access/can-read-dataset-content'
import { nobodyField } from '../../access/nobody'
import { canChangeDatasetContent, canCreateDatasetContent } from '../../access/can-write-dataset-content'
import { AUDIT_ACTIONS } from '../../constants/audit-actions'
import { COLLECTION_NAMES } from '../../constants/collection-names'
import { eventReadEndpoints } from '../../endpoints/events/read-endpoints'
import { auditCollectionChanges } from '../../lib/audit/audit-collection-changes'
import { coordinateProvenanceField } from './coordinate-provenance-field'
import { recordEventHandEdits } from './hooks/record-hand-edits'
import { validateBoundedJson } from './validate-bounded-json'

// One entry per event deleted through the CMS; a dataset's delete takes its events without hooks
// and counts them on its own entry.
const audit = auditCollectionChanges(COLLECTION_NAMES.EVENTS, { deleted: AUDIT_ACTIONS.EVENT_DELETED })

/** Precision of an event's time, so "1848" is never shown as "1 January 1848, 00:00". */
export const TIME_PRECISION = ['year', 'month', 'day', 'hour', 'minute', 'second'] as const

/**
 * How the admin shows event times: the picker with the era (`12 Sep 490 BC, 06:00`; date-fns'
 * `yyyy` alone drops it), the list and a line under the picker as people write them, in UTC.
 */
const EVENT_TIME_ADMIN = {
  date: { pickerAppearance: 'dayAndTime', displayFormat: 'd MMM y G, HH:mm' },
  components: {
    Cell: '/components/admin/event-time-cell#EventTimeCell',
    Description: '/components/admin/event-time-description#EventTimeDescription',
  },
} as const satisfies DateField['admin']

/**
 * Events: one row of an imported file with a time and a place. Readable exactly when their
 * dataset is. Each event has an id that is stable within its dataset, so a re-import or a retried
 * batch never creates it twice, and it records where its coordinates came from.
 */
export const Events: CollectionConfig = {
  slug: COLLECTION_NAMES.EVENTS,
  labels: { singular: 'Event', plural: 'Events' },
  admin: {
    useAsTitle: 'title',
    defaultColumns: ['title', 'eventTime', 'locationName', 'dataset'],
    group: 'Data',
    listSearchableFields: ['title', 'locationName'],
  },
  access: {
    read: canReadDatasetContent,
    create: canCreateDatasetContent,
    update: canChangeDatasetContent,
    delete: canChangeDatasetContent,
  },
  // The read API (list, histogram, map clusters, bounds, filters, exports) under /api/events/.
  endpoints: eventReadEndpoints(),
  hooks: { beforeChange: [recordEventHandEdits], afterDelete: [audit.afterDelete] },
  indexes: [{ fields: ['dataset', 'uniqueId'], unique: true }, { fields: ['dataset', 'eventTime'] }],
  fields: [
    {
      name: 'dataset',
      type: 'relationship',
      relationTo: COLLECTION_NAMES.DATASETS,
      required: true,
      // The unique (dataset, uniqueId) index starts with the dataset and serves its lookups; one
      // index fewer makes every bulk import faster.
      index: false,
    },
    {
      name: 'uniqueId',
      type: 'text',
      required: true,
      admin: { description: 'Stable id within the dataset: external id or content hash.' },
    },
    // Character bounds no longer than the byte bounds imports keep (EVENT_BOUNDS), for hand edits.
    { name: 'title', type: 'text', maxLength: 2048 },
    { name: 'description', type: 'textarea', maxLength: 32_768 },
    {
      type: 'row',
      fields: [
        { name: 'eventTime', type: 'date', index: true, admin: EVENT_TIME_ADMIN },
        { name: 'eventEndTime', type: 'date', admin: EVENT_TIME_ADMIN },
        { name: 'timePrecision', type: 'select', options: [...TIME_PRECISION], defaultValue: 'day' },
      ],
    },
    {
      name: 'location',
      type: 'point',
      admin: { description: 'Longitude, latitude (WGS 84).' },
    },
    { name: 'locationName', type: 'text', maxLength: 1024 },
    coordinateProvenanceField(),
    {
      name: 'data',
      type: 'json',
      validate: validateBoundedJson,
      admin: { description: 'The row’s values as Chronotope read them (dates as ISO instants, numbers as numbers).' },
    },
    {
      // The row as the file wrote it: only an import writes it, so no edit can rewrite what the file said.
      name: 'original',
      type: 'json',
      access: { create: () => false, update: () => false },
      admin: { hidden: true, readOnly: true },
    },
    {
      name: 'originalValues',
      type: 'ui',
      admin: { components: { Field: '/components/admin/original-values-field#OriginalValuesField' } },
    },
    {
      name: 'contentHash',
      type: 'text',
      admin: { position: 'sidebar', readOnly: true },
    },
    {
      name: 'importJob',
      type: 'relationship',
      relationTo: COLLECTION_NAMES.IMPORT_JOBS,
      admin: { position: 'sidebar' },
    },
    { name: 'sourceRow', type: 'number', admin: { position: 'sidebar', description: 'Row in the file.' } },
    {
      name: 'removedAt',
      type: 'date',
      // Server-owned: a scheduled import marks events its source no longer has (when set to).
      access: { create: nobodyField, update: nobodyField },
      admin: {
        position: 'sidebar',
        readOnly: true,
        condition: (data) => Boolean(data?.removedAt),
        description: 'Gone from the source of a scheduled import: hidden from explore and the read API.',
      },
    },
    {
      name: 'handEdits',
      type: 'json',
      // Server-owned: the hook records it from what an edit changed; a re-import keeps these fields.
      access: { create: nobodyField, update: nobodyField },
      admin: {
        position: 'sidebar',
        readOnly: true,
        description: 'Fields changed by hand since the import: a re-import of the file keeps them.',
      },
    },
  ],
}
