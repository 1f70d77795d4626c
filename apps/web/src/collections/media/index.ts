import path from 'node:path'

import type { CollectionConfig } from 'payload'

import { isAuthenticated } from '../../access/is-authenticated'
import { isOwnerOrEditor } from '../../access/is-owner-or-editor'
import { settings } from '../../config/settings'
import { COLLECTION_NAMES } from '../../constants/collection-names'
import { ownerField } from '../../fields/shared-fields'
import { missingFileAnswer } from '../../lib/uploads/missing-file-answer'

/** Images and documents used by pages, catalogs and datasets; public once uploaded. */
export const Media: CollectionConfig = {
  slug: COLLECTION_NAMES.MEDIA,
  labels: { singular: 'Media file', plural: 'Media' },
  graphQL: { singularName: 'MediaFile', pluralName: 'Media' },
  admin: { useAsTitle: 'filename', group: 'Content' },
  access: {
    read: () => true,
    create: isAuthenticated,
    update: isOwnerOrEditor,
    delete: isOwnerOrEditor,
  },
  upload: {
    staticDir: path.join(settings.dataDir, 'uploads', 'media'),
    handlers: [missingFileAnswer(path.join(settings.dataDir, 'uploads', 'media'))],
    mimeTypes: ['image/*', 'application/pdf'],
  },
  fields: [
    { name: 'alt', type: 'text', required: true, admin: { description: 'Describes the image for screen readers.' } },
    { name: 'credit', type: 'text' },
    ownerField(),
  ],
}
