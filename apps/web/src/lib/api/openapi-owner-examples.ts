/**
 * The example answers of the owners' endpoints in the OpenAPI document: real answers on the demo
 * data after the upload example (`./openapi-import-examples`), asked by the demo account
 * `user@chronotope.local` about the dataset and the import that upload made. A test runs each
 * example and compares the answers (`apps/web/test/integration/docs/curl-examples.test.ts`).
 * @module
 */
import { EXAMPLE_DATASET_ID } from './openapi-import-examples'

/** `GET /api/datasets/{id}/publishing`: the upload's dataset, private in its new private catalog. */
export const PUBLISHING_EXAMPLE = {
  datasetId: EXAMPLE_DATASET_ID,
  catalogId: 5,
  isPublic: false,
  events: 71,
  placedEvents: 71,
  fields: ['date', 'location', 'city', 'state', 'lat', 'lng'],
  catalogName: 'Campaign trail',
  isCatalogPublic: false,
  mayPublishCatalog: true,
  visibility: 'Private: only you, editors and admins can see it.',
  switchEffect: [
    'Anyone, without signing in, will see its 71 events: titles, times, the 71 places on the map and every field (date, location, city, state, lat, lng), in the explore view, on each event page, in embeds and exports.',
    'Its catalog "Campaign trail" becomes public too (its other datasets stay private until they are published).',
  ],
}

/** `GET /api/datasets/{id}/deletion`: what deleting the upload's dataset takes with it. */
export const DATASET_DELETION_EXAMPLE = {
  kind: 'dataset',
  name: 'Clinton 2016',
  events: 71,
  schemaVersions: 1,
  importJobs: 1,
  importFiles: 1,
  eventsKept: 0,
  datasets: [],
  sentences: [
    'Deletes dataset "Clinton 2016" with its 71 events, 1 schema version, 1 import job and 1 uploaded file.',
    'Anyone with a link to its events or to a view of it will find nothing there. This cannot be undone.',
  ],
}

/** `GET /api/import-files/{id}/deletion`: what deleting the upload takes with it. */
export const IMPORT_DELETION_EXAMPLE = {
  kind: 'import',
  name: 'presidential-campaign-trail_clinton.csv',
  events: 0,
  schemaVersions: 0,
  importJobs: 1,
  importFiles: 1,
  eventsKept: 71,
  datasets: ['Clinton 2016'],
  sentences: [
    'Deletes the uploaded file "presidential-campaign-trail_clinton.csv" and its 1 import job (its progress, row errors and history).',
    'The 71 events it imported stay in dataset "Clinton 2016"; delete the dataset to remove them.',
  ],
}
