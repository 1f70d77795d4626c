import path from 'node:path'

import type { CollectionConfig, Endpoint } from 'payload'

import { isAdminField } from '../../access/is-admin'
import { isEditorOrAdmin } from '../../access/is-editor-or-admin'
import { isOwnerOrEditor } from '../../access/is-owner-or-editor'
import { settings } from '../../config/settings'
import { COLLECTION_NAMES } from '../../constants/collection-names'
import { IMPORT_STATUS } from '../../constants/import-status'
import { ownerField } from '../../fields/shared-fields'
import { deletionImpactEndpoint } from '../../endpoints/deletion-impact'
import { deleteImportJobs } from './hooks/delete-import-jobs'
import { sendImportWebhooks } from './hooks/send-import-webhooks'
import { settleScheduledRun } from './hooks/settle-scheduled-run'
import { missingFileAnswer } from '../../lib/uploads/missing-file-answer'

/**
 * The import's own endpoint (`/api/import-files/{id}/deletion`): what deleting it takes with it,
 * for the import page's delete confirmation. The OpenAPI document describes it.
 */
export function importFileEndpoints(): Endpoint[] {
  // A new array each time: Payload adds its own routes to the array the config holds.
  return [deletionImpactEndpoint(COLLECTION_NAMES.IMPORT_FILES)]
}

/** MIME types accepted for import: delimited text, spreadsheets, JSON and GeoJSON. */
export const IMPORT_MIME_TYPES = [
  'text/csv',
  'text/plain',
  'text/tab-separated-values',
  'application/csv',
  'application/json',
  'application/geo+json',
  'application/vnd.ms-excel',
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  'application/vnd.oasis.opendocument.spreadsheet',
  // What content sniffing calls legacy .xls (an OLE compound file) and some spreadsheet zips.
  'application/x-cfb',
  'application/zip',
]

/**
 * Uploaded files waiting to be, or already, imported. Each file yields one import job per sheet.
 * Files are stored in the data folder; only their owner, editors and admins can see them.
 */
export const ImportFiles: CollectionConfig = {
  slug: COLLECTION_NAMES.IMPORT_FILES,
  labels: { singular: 'Import file', plural: 'Import files' },
  admin: {
    useAsTitle: 'filename',
    defaultColumns: ['filename', 'status', 'catalog', 'owner', 'createdAt'],
    group: 'Imports',
  },
  // Users upload through POST /api/import/upload, which checks size, type, rate and targets;
  // the CMS routes are for editors and admins.
  access: {
    read: isOwnerOrEditor,
    create: isEditorOrAdmin,
    update: isEditorOrAdmin,
    delete: isOwnerOrEditor,
  },
  endpoints: importFileEndpoints(),
  hooks: { beforeDelete: [deleteImportJobs], afterChange: [settleScheduledRun, sendImportWebhooks] },
  upload: {
    staticDir: path.join(settings.dataDir, 'uploads', 'import-files'),
    handlers: [missingFileAnswer(path.join(settings.dataDir, 'uploads', 'import-files'))],
    mimeTypes: IMPORT_MIME_TYPES,
    // POST /api/import/upload stores the file itself (streamed, content-checked) and creates the document.
    filesRequiredOnCreate: false,
  },
  fields: [
    { name: 'catalog', type: 'relationship', relationTo: COLLECTION_NAMES.CATALOGS, index: true },
    {
      name: 'datasetName',
      type: 'text',
      admin: { description: 'Dataset to create or import into; defaults to the file name.' },
    },
    {
      name: 'status',
      type: 'select',
      defaultValue: IMPORT_STATUS.PENDING,
      options: Object.values(IMPORT_STATUS),
      index: true,
      admin: { position: 'sidebar' },
    },
    {
      name: 'options',
      type: 'json',
      admin: { description: 'Import options: sheet, column mapping, date order, id strategy.' },
    },
    {
      name: 'detection',
      type: 'json',
      admin: { readOnly: true, description: 'Detected format, encoding and delimiter.' },
    },
    { name: 'sheets', type: 'json', admin: { readOnly: true, description: 'Sheets found in the file.' } },
    { name: 'failureReason', type: 'textarea', admin: { readOnly: true } },
    {
      name: 'uploaderIp',
      type: 'text',
      index: true,
      access: { read: isAdminField, update: () => false },
      admin: { readOnly: true, position: 'sidebar', description: 'Client address, for upload rate limits.' },
    },
    ownerField(),
    {
      name: 'deletionImpact',
      type: 'ui',
      admin: {
        position: 'sidebar',
        components: { Field: '/components/admin/deletion-impact-field#DeletionImpactField' },
      },
    },
    { name: 'importJobs', type: 'join', collection: COLLECTION_NAMES.IMPORT_JOBS, on: 'importFile' },
  ],
}
