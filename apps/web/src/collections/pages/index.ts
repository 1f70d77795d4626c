import type { CollectionConfig } from 'payload'

import { isEditorOrAdmin } from '../../access/is-editor-or-admin'
import { isEditorOrAdminUser } from '../../access/roles'
import { COLLECTION_NAMES } from '../../constants/collection-names'
import { slugField } from '../../fields/shared-fields'
import { CallToActionBlock, ContentBlock, DatasetExplorerBlock, MediaBlock } from './blocks'

/**
 * The site's pages (about, methodology, …), built from blocks. Drafts are visible to editors and
 * admins only; published pages to everyone.
 */
export const Pages: CollectionConfig = {
  slug: COLLECTION_NAMES.PAGES,
  labels: { singular: 'Page', plural: 'Pages' },
  admin: {
    useAsTitle: 'title',
    defaultColumns: ['title', 'slug', '_status', 'updatedAt'],
    group: 'Content',
  },
  versions: { drafts: true, maxPerDoc: 20 },
  access: {
    read: ({ req }) => isEditorOrAdminUser(req.user) || { _status: { equals: 'published' } },
    // Versions hold every draft; without this rule any signed-in user could read them.
    readVersions: isEditorOrAdmin,
    create: isEditorOrAdmin,
    update: isEditorOrAdmin,
    delete: isEditorOrAdmin,
  },
  fields: [
    { name: 'title', type: 'text', required: true },
    slugField('title'),
    { name: 'summary', type: 'textarea' },
    {
      name: 'layout',
      type: 'blocks',
      blocks: [ContentBlock, CallToActionBlock, DatasetExplorerBlock, MediaBlock],
    },
  ],
}
