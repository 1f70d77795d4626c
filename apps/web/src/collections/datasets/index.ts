import type { CollectionConfig, Endpoint } from 'payload'

import { canReadDatasets } from '../../access/can-read-datasets'
import { canCreateDatasets, canUpdateDatasets } from '../../access/can-write-datasets'
import { isOwnerOrEditor } from '../../access/is-owner-or-editor'
import { nobodyField } from '../../access/nobody'
import { AUDIT_ACTIONS } from '../../constants/audit-actions'
import { COLLECTION_NAMES } from '../../constants/collection-names'
import { descriptionField, isPublicField, OWNER_SLUG_INDEX, ownerField, slugField } from '../../fields/shared-fields'
import { datasetPublishingEndpoints } from '../../endpoints/datasets/publishing'
import { deletionImpactEndpoint } from '../../endpoints/deletion-impact'
import { validateGeocodingProviders } from './fields/validate-geocoding-providers'
import { auditCollectionChanges } from '../../lib/audit/audit-collection-changes'
import { deleteDatasetContent, deletedEventCount } from './hooks/delete-dataset-content'

// Events deleted with their dataset are counted on the dataset's entry, not recorded one by one.
const audit = auditCollectionChanges(COLLECTION_NAMES.DATASETS, {
  changed: AUDIT_ACTIONS.DATASET_VISIBILITY_CHANGED,
  deleted: AUDIT_ACTIONS.DATASET_DELETED,
  fields: ['isPublic'],
  deletedDetails: (doc, req) => ({ eventsDeleted: deletedEventCount(req, doc.id as number), catalog: doc.catalog }),
})

/**
 * The dataset's own endpoints (`/api/datasets/{id}/…`): the publish switch and the delete
 * confirmation of the dataset page, outside the admin. The OpenAPI document describes each.
 */
export function datasetEndpoints(): Endpoint[] {
  // A new array each time: Payload adds its own routes to the array the config holds.
  return [...datasetPublishingEndpoints, deletionImpactEndpoint(COLLECTION_NAMES.DATASETS)]
}

/**
 * A dataset is one table of events (usually one imported file or sheet) inside a catalog, with
 * its current schema and the settings its imports follow.
 */
export const Datasets: CollectionConfig = {
  slug: COLLECTION_NAMES.DATASETS,
  labels: { singular: 'Dataset', plural: 'Datasets' },
  admin: {
    useAsTitle: 'name',
    defaultColumns: ['name', 'catalog', 'isPublic', 'owner', 'updatedAt'],
    group: 'Data',
  },
  access: {
    read: canReadDatasets,
    create: canCreateDatasets,
    update: canUpdateDatasets,
    delete: isOwnerOrEditor,
  },
  endpoints: datasetEndpoints(),
  hooks: {
    beforeDelete: [deleteDatasetContent],
    afterChange: [audit.afterChange],
    afterDelete: [audit.afterDelete],
  },
  // Slugs are unique per owner: a slug taken by someone else's private dataset must not be refused.
  indexes: [OWNER_SLUG_INDEX],
  fields: [
    { name: 'name', type: 'text', required: true, maxLength: 200 },
    slugField('name', 'owner'),
    {
      name: 'catalog',
      type: 'relationship',
      relationTo: COLLECTION_NAMES.CATALOGS,
      required: true,
      index: true,
    },
    descriptionField(),
    isPublicField('Anyone can explore this dataset when its catalog is public too.'),
    ownerField(),
    {
      name: 'deletionImpact',
      type: 'ui',
      admin: {
        position: 'sidebar',
        components: { Field: '/components/admin/deletion-impact-field#DeletionImpactField' },
      },
    },
    {
      name: 'currentSchema',
      type: 'relationship',
      relationTo: COLLECTION_NAMES.DATASET_SCHEMAS,
      // Server-owned: only the import pipeline points a dataset at one of its own schema versions.
      access: { create: nobodyField, update: nobodyField },
      admin: { position: 'sidebar', readOnly: true, description: 'The approved schema in force.' },
    },
    {
      name: 'importSettings',
      type: 'json',
      // Server-owned: written when an import into the dataset completes.
      access: { create: nobodyField, update: nobodyField },
      admin: {
        position: 'sidebar',
        readOnly: true,
        description:
          'How the last import read its file (column roles, date order, duplicates); the next import starts from it.',
      },
    },
    {
      name: 'language',
      type: 'text',
      defaultValue: 'en',
      admin: { description: 'Language of the data (ISO 639-1), used for dates and geocoding.' },
    },
    {
      name: 'idStrategy',
      type: 'group',
      admin: { description: 'How an event is recognised when a file is imported again.' },
      fields: [
        {
          name: 'type',
          type: 'select',
          defaultValue: 'auto',
          options: [
            { label: 'Automatic (external id when present, else content hash)', value: 'auto' },
            { label: 'External id column', value: 'external' },
            { label: 'Content hash of chosen fields', value: 'content-hash' },
          ],
        },
        { name: 'externalIdField', type: 'text', admin: { description: 'Column holding the id.' } },
        { name: 'hashFields', type: 'text', hasMany: true, admin: { description: 'Columns hashed.' } },
        {
          name: 'duplicateAction',
          type: 'select',
          defaultValue: 'skip',
          options: [
            { label: 'Skip the duplicate', value: 'skip' },
            { label: 'Update the existing event', value: 'update' },
          ],
        },
      ],
    },
    {
      name: 'schemaSettings',
      type: 'group',
      fields: [
        {
          name: 'autoApproveNonBreaking',
          type: 'checkbox',
          defaultValue: true,
          label: 'Apply non-breaking schema changes automatically',
        },
        {
          name: 'locked',
          type: 'checkbox',
          defaultValue: false,
          label: 'Lock the schema (every change needs approval)',
        },
      ],
    },
    {
      name: 'geocoding',
      type: 'group',
      fields: [
        { name: 'enabled', type: 'checkbox', defaultValue: true, label: 'Geocode places without coordinates' },
        {
          name: 'countryBias',
          type: 'text',
          admin: { description: 'ISO 3166-1 alpha-2 code preferred for ambiguous places, e.g. US.' },
        },
        {
          name: 'providers',
          type: 'relationship',
          relationTo: COLLECTION_NAMES.GEOCODING_PROVIDERS,
          hasMany: true,
          label: 'Use only these providers',
          validate: validateGeocodingProviders,
          admin: { description: 'Empty: every enabled provider, in priority order.' },
        },
        {
          name: 'offlineFallback',
          type: 'checkbox',
          defaultValue: true,
          label: 'Fall back to the offline provider',
          admin: { description: 'Places the providers above cannot resolve go to the built-in offline gazetteer.' },
        },
        {
          name: 'minimumConfidence',
          type: 'number',
          min: 0,
          max: 1,
          admin: {
            step: 0.05,
            description: 'Results below this confidence (0–1) do not place an event. Empty: the instance default.',
          },
        },
        {
          name: 'unplacedRows',
          type: 'select',
          defaultValue: 'event-without-location',
          label: 'Rows that cannot be placed',
          options: [
            { label: 'Keep as events without a location', value: 'event-without-location' },
            { label: 'Report as row errors', value: 'row-error' },
          ],
        },
      ],
    },
  ],
}
