/**
 * The OpenAPI paths of the owners' endpoints on their datasets and imports: the publish switch
 * (`/api/datasets/{id}/publishing`) and what a delete takes with it (`/api/datasets/{id}/deletion`,
 * `/api/import-files/{id}/deletion`), as the dataset page and the import page use them. Their
 * examples run on the demo data after the upload example (`./openapi-import-examples`).
 * @module
 */
import { EXAMPLE_DATASET_ID, EXAMPLE_IMPORT_ID } from './openapi-import-examples'
import { DATASET_DELETION_EXAMPLE, IMPORT_DELETION_EXAMPLE, PUBLISHING_EXAMPLE } from './openapi-owner-examples'
import { errorAnswer, jsonAnswer, pathParameter, withExampleRequest, type Schema } from './openapi-parts'

const DATASET_ID = pathParameter('id', 'The dataset’s id.')
const IMPORT_FILE_ID = pathParameter('id', 'The import’s id (the upload answer’s `job.importId`).')

/** Response type of the publish switch: the facts behind it and what flipping it does. */
const PUBLISHING: Schema = {
  type: 'object',
  required: [
    'datasetId',
    'catalogId',
    'isPublic',
    'events',
    'placedEvents',
    'fields',
    'catalogName',
    'isCatalogPublic',
    'mayPublishCatalog',
    'visibility',
    'switchEffect',
  ],
  additionalProperties: false,
  properties: {
    datasetId: { type: 'integer' },
    catalogId: { type: ['integer', 'null'] },
    isPublic: { type: 'boolean', description: 'Whether the dataset itself is marked public.' },
    events: { type: 'integer', description: 'The dataset’s events.' },
    placedEvents: { type: 'integer', description: 'Those of them with a place on the map.' },
    fields: { type: 'array', items: { type: 'string' }, description: 'The event fields (the file’s columns).' },
    catalogName: { type: 'string' },
    isCatalogPublic: {
      type: 'boolean',
      description: 'A dataset is visible to anyone only when its catalog is public too.',
    },
    mayPublishCatalog: { type: 'boolean', description: 'Whether publishing may make the catalog public too.' },
    visibility: { type: 'string', description: 'What the dataset’s state means now, in one sentence.' },
    switchEffect: {
      type: 'array',
      items: { type: 'string' },
      description: 'What flipping the switch will do, to show before confirming.',
    },
  },
}

/** Response type of a deletion impact: what a delete removes and what it keeps. */
const DELETION: Schema = {
  type: 'object',
  required: [
    'kind',
    'name',
    'events',
    'schemaVersions',
    'importJobs',
    'importFiles',
    'eventsKept',
    'datasets',
    'sentences',
  ],
  additionalProperties: false,
  properties: {
    kind: { enum: ['dataset', 'import'] },
    name: { type: 'string', description: 'The dataset’s name or the import’s file name.' },
    events: { type: 'integer', description: 'Events deleted with it (an import deletes none).' },
    schemaVersions: { type: 'integer', description: 'Schema versions deleted with it (datasets only).' },
    importJobs: { type: 'integer', description: 'Import jobs deleted with it, with their row errors and history.' },
    importFiles: {
      type: 'integer',
      description: 'Uploaded files deleted with it: the import’s own, or a dataset’s imports that fed only it.',
    },
    eventsKept: { type: 'integer', description: 'Events an import created that stay in their datasets.' },
    datasets: { type: 'array', items: { type: 'string' }, description: 'The datasets those kept events are in.' },
    sentences: { type: 'array', items: { type: 'string' }, description: 'What to show before confirming.' },
  },
}

const SIGNED_IN = errorAnswer('Not signed in.')
const NOT_YOURS = (what: string) =>
  errorAnswer(`No such ${what}, or not one you may change: the same answer, so ids reveal nothing.`)

/** The paths of the publish switch and the deletion impacts. */
export function ownerPaths(): Record<string, unknown> {
  const deletionDescription = (what: string, takes: string) =>
    `What deleting ${what} takes with it, as counts and as the sentences the delete dialog shows before ` +
    `confirming: ${takes}. Nothing is deleted; delete with \`DELETE\` on the collection’s REST path. ` +
    'Those who may delete it only (its owner, editors and admins).'
  return {
    '/api/datasets/{id}/publishing': {
      get: withExampleRequest(
        {
          operationId: 'getDatasetPublishing',
          summary: 'Whether a dataset is public, and what publishing it shows',
          description:
            'The publish switch of the dataset page: the dataset’s and its catalog’s state, its counts, what ' +
            'that means now (`visibility`) and what flipping the switch would make visible or hide ' +
            '(`switchEffect`). The dataset’s owner, editors and admins.',
          parameters: [DATASET_ID],
          responses: {
            '200': jsonAnswer('The publishing facts', PUBLISHING, PUBLISHING_EXAMPLE),
            '400': errorAnswer('id is not a positive integer.'),
            '401': SIGNED_IN,
            '404': NOT_YOURS('dataset'),
          },
        },
        { path: { id: String(EXAMPLE_DATASET_ID) }, signedIn: true },
      ),
      post: {
        operationId: 'setDatasetPublishing',
        summary: 'Publish a dataset, or make it private again',
        description:
          'Sets the dataset’s `isPublic`; publishing a dataset of a private catalog its user may change makes ' +
          'the catalog public too (say so first: `switchEffect` of the GET). Answers the new facts. The ' +
          'dataset’s owner, editors and admins.',
        parameters: [DATASET_ID],
        requestBody: {
          required: true,
          content: {
            'application/json': {
              schema: {
                type: 'object',
                required: ['isPublic'],
                properties: { isPublic: { type: 'boolean', description: 'true publishes, false makes private.' } },
              },
            },
          },
        },
        responses: {
          '200': jsonAnswer('The publishing facts after the switch', PUBLISHING),
          '400': errorAnswer('id is not a positive integer, or the body is not { "isPublic": true | false }.'),
          '401': SIGNED_IN,
          '404': NOT_YOURS('dataset'),
        },
      },
    },
    '/api/datasets/{id}/deletion': {
      get: withExampleRequest(
        {
          operationId: 'getDatasetDeletionImpact',
          summary: 'What deleting a dataset takes with it',
          description: deletionDescription(
            'a dataset',
            'its events, schema versions, the imports that fed only it and their jobs',
          ),
          parameters: [DATASET_ID],
          responses: {
            '200': jsonAnswer('The deletion impact', DELETION, DATASET_DELETION_EXAMPLE),
            '400': errorAnswer('id is not a positive integer.'),
            '401': SIGNED_IN,
            '404': NOT_YOURS('dataset'),
          },
        },
        { path: { id: String(EXAMPLE_DATASET_ID) }, signedIn: true },
      ),
    },
    '/api/import-files/{id}/deletion': {
      get: withExampleRequest(
        {
          operationId: 'getImportFileDeletionImpact',
          summary: 'What deleting an import takes with it',
          description: deletionDescription(
            'an import',
            'the uploaded file and its import jobs; the events it created stay in their datasets',
          ),
          parameters: [IMPORT_FILE_ID],
          responses: {
            '200': jsonAnswer('The deletion impact', DELETION, IMPORT_DELETION_EXAMPLE),
            '400': errorAnswer('id is not a positive integer.'),
            '401': SIGNED_IN,
            '404': NOT_YOURS('import'),
          },
        },
        { path: { id: String(EXAMPLE_IMPORT_ID) }, signedIn: true },
      ),
    },
  }
}
