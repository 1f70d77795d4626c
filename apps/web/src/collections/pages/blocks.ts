import type { Block } from 'payload'

import { COLLECTION_NAMES } from '../../constants/collection-names'

/** A block of rich text. */
export const ContentBlock: Block = {
  slug: 'content',
  labels: { singular: 'Content', plural: 'Content blocks' },
  fields: [{ name: 'body', type: 'richText', required: true }],
}

/** A heading, a sentence and a button linking somewhere. */
export const CallToActionBlock: Block = {
  slug: 'callToAction',
  labels: { singular: 'Call to action', plural: 'Calls to action' },
  fields: [
    { name: 'heading', type: 'text', required: true },
    { name: 'text', type: 'textarea' },
    {
      type: 'row',
      fields: [
        { name: 'buttonLabel', type: 'text', required: true },
        { name: 'buttonUrl', type: 'text', required: true },
      ],
    },
  ],
}

/** An embedded explore view of one dataset. */
export const DatasetExplorerBlock: Block = {
  slug: 'datasetExplorer',
  labels: { singular: 'Dataset explorer', plural: 'Dataset explorers' },
  fields: [
    { name: 'dataset', type: 'relationship', relationTo: COLLECTION_NAMES.DATASETS, required: true },
    { name: 'caption', type: 'text' },
  ],
}

/** An image from the media library with a caption. */
export const MediaBlock: Block = {
  // Not `media`: GraphQL would name the block's type like the media collection's.
  slug: 'image',
  labels: { singular: 'Image', plural: 'Images' },
  fields: [
    { name: 'image', type: 'upload', relationTo: COLLECTION_NAMES.MEDIA, required: true },
    { name: 'caption', type: 'text' },
  ],
}
