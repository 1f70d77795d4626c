import type { CollectionConfig } from 'payload'

import { canReadCatalogs } from '../../access/can-read-catalogs'
import { isAuthenticated } from '../../access/is-authenticated'
import { isOwnerOrEditor } from '../../access/is-owner-or-editor'
import { AUDIT_ACTIONS } from '../../constants/audit-actions'
import { COLLECTION_NAMES } from '../../constants/collection-names'
import { descriptionField, isPublicField, OWNER_SLUG_INDEX, ownerField, slugField } from '../../fields/shared-fields'
import { auditCollectionChanges } from '../../lib/audit/audit-collection-changes'
import { preventDeletingNonEmptyCatalog } from './prevent-deleting-non-empty-catalog'

const audit = auditCollectionChanges(COLLECTION_NAMES.CATALOGS, {
  changed: AUDIT_ACTIONS.CATALOG_VISIBILITY_CHANGED,
  deleted: AUDIT_ACTIONS.CATALOG_DELETED,
  fields: ['isPublic'],
})

/**
 * Catalogs group related datasets, e.g. "Elections" or "Climate". A catalog is public or private;
 * a dataset is public only when its catalog is too.
 */
export const Catalogs: CollectionConfig = {
  slug: COLLECTION_NAMES.CATALOGS,
  labels: { singular: 'Catalog', plural: 'Catalogs' },
  admin: {
    useAsTitle: 'name',
    defaultColumns: ['name', 'isPublic', 'owner', 'updatedAt'],
    group: 'Data',
    description: 'Groups of related datasets.',
  },
  access: {
    read: canReadCatalogs,
    create: isAuthenticated,
    update: isOwnerOrEditor,
    delete: isOwnerOrEditor,
  },
  hooks: {
    beforeDelete: [preventDeletingNonEmptyCatalog],
    afterChange: [audit.afterChange],
    afterDelete: [audit.afterDelete],
  },
  // Slugs are unique per owner: a slug taken by someone else's private catalog must not be refused.
  indexes: [OWNER_SLUG_INDEX],
  fields: [
    { name: 'name', type: 'text', required: true, maxLength: 200 },
    slugField('name', 'owner'),
    descriptionField(),
    isPublicField('Anyone can see this catalog and its public datasets.'),
    ownerField(),
    {
      name: 'datasets',
      type: 'join',
      collection: COLLECTION_NAMES.DATASETS,
      on: 'catalog',
      admin: { defaultColumns: ['name', 'isPublic'] },
    },
  ],
}
