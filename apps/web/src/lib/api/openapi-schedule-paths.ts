/**
 * The OpenAPI paths of a scheduled import's own endpoints: its run history, "run now", the trigger
 * URL that starts a run from outside, and that URL's rotation. The collection's CRUD paths are
 * Payload's (`/api/scheduled-imports`, `/api/scheduled-import-runs`).
 * @module
 */
import { errorAnswer, jsonAnswer, pathParameter, query, type Schema } from './openapi-parts'

const SCHEDULE_ID = pathParameter('id', 'The scheduled import’s id.')

const COUNTS: Schema = {
  type: 'object',
  properties: Object.fromEntries(
    ['added', 'updated', 'unchanged', 'gone', 'removed', 'restored', 'leftAlone', 'rowErrors'].map((name) => [
      name,
      { type: ['integer', 'null'] },
    ]),
  ),
}

const RUN_STATUS: Schema = {
  enum: ['downloading', 'importing', 'awaiting-approval', 'unchanged', 'completed', 'failed'],
}

/** A run as the history lists it (the `scheduled-import-runs` document). */
const RUN: Schema = {
  type: 'object',
  required: ['id', 'scheduledImport', 'trigger', 'status'],
  properties: {
    id: { type: 'integer' },
    scheduledImport: { type: 'integer' },
    dataset: { type: ['integer', 'null'] },
    importFile: { type: ['integer', 'null'], description: 'The import the run started, when the source changed.' },
    trigger: { enum: ['schedule', 'manual', 'webhook', 'retry'] },
    status: RUN_STATUS,
    summary: { type: ['string', 'null'], description: 'One line, e.g. "3 added, 1 updated, 40 unchanged".' },
    startedAt: { type: ['string', 'null'] },
    finishedAt: { type: ['string', 'null'] },
    source: {
      type: 'object',
      description: 'What the address answered: HTTP status, bytes, SHA-256, content type, ETag, Last-Modified.',
    },
    counts: COUNTS,
    changes: {
      type: ['array', 'null'],
      description: 'The first 100 updated events: `{ eventId, uniqueId, title, fields: [{ field, before, after }] }`.',
    },
    goneEvents: {
      type: ['object', 'null'],
      description:
        'The first 100 events gone from the source (`events`), and `heldBack` when they were kept because rows could not be read.',
    },
    error: { type: ['string', 'null'], description: 'Why the run failed.' },
  },
}

const RUNS_PAGE: Schema = {
  type: 'object',
  required: ['docs', 'totalDocs', 'page', 'totalPages', 'limit'],
  properties: {
    docs: { type: 'array', items: RUN },
    totalDocs: { type: 'integer' },
    page: { type: 'integer' },
    totalPages: { type: 'integer' },
    limit: { type: 'integer' },
  },
}

const RUN_STARTED: Schema = {
  type: 'object',
  required: ['run', 'started'],
  additionalProperties: false,
  properties: {
    run: {
      type: 'object',
      required: ['id', 'status', 'trigger', 'statusUrl'],
      properties: {
        id: { type: 'integer' },
        status: RUN_STATUS,
        trigger: { enum: ['schedule', 'manual', 'webhook', 'retry'] },
        startedAt: { type: ['string', 'null'] },
        statusUrl: { type: 'string', description: 'The run’s document, to follow it.' },
      },
    },
    started: {
      type: 'boolean',
      description: 'false when a run of the schedule was already in progress: that run is answered, none is added.',
    },
  },
}

const SIGNED_IN = errorAnswer('Not signed in.')
const NOT_YOURS = errorAnswer('No such scheduled import of yours: the same answer, so ids reveal nothing.')

/** The paths of the scheduled imports' own endpoints. */
export function schedulePaths(): Record<string, unknown> {
  return {
    '/api/scheduled-imports/{id}/runs': {
      get: {
        operationId: 'getScheduledImportRuns',
        summary: 'The run history of a scheduled import',
        description:
          'Every run, newest first: how it started, how it ended, what the address answered, and what it did ' +
          'to the dataset (events added, updated with their changed fields, unchanged, gone from the source). ' +
          'The schedule’s owner, editors and admins.',
        parameters: [
          SCHEDULE_ID,
          query('page', 'Page of the history, from 1.', { type: 'integer', minimum: 1 }),
          query('limit', 'Runs per page, at most 100 (default 20).', { type: 'integer', minimum: 1, maximum: 100 }),
        ],
        responses: {
          '200': jsonAnswer('A page of runs', RUNS_PAGE),
          '400': errorAnswer('id, page or limit is not a positive integer, or limit is above 100.'),
          '401': SIGNED_IN,
          '404': NOT_YOURS,
        },
      },
    },
    '/api/scheduled-imports/{id}/run': {
      post: {
        operationId: 'runScheduledImport',
        summary: 'Run a scheduled import now',
        description:
          'Starts a run at once, outside the schedule; while a run is in progress, answers that run instead of ' +
          'starting another. The schedule’s owner, editors and admins.',
        parameters: [SCHEDULE_ID],
        responses: {
          '202': jsonAnswer('The run started, or the one in progress', RUN_STARTED),
          '400': errorAnswer('id is not a positive integer.'),
          '401': SIGNED_IN,
          '404': NOT_YOURS,
        },
      },
    },
    '/api/scheduled-imports/{id}/trigger/{token}': {
      post: {
        operationId: 'triggerScheduledImport',
        summary: 'Start a run from outside (trigger URL)',
        description:
          'For scripts and other systems: no sign-in, the secret token in the path is the credential (compared ' +
          'in constant time). Starts a run at once; idempotent while one is in progress. Rate limited per ' +
          'schedule (10 a minute) and per address (30 a minute). No body is read.',
        parameters: [
          SCHEDULE_ID,
          pathParameter('token', 'The trigger token, from POST …/trigger-url.', { type: 'string' }),
        ],
        responses: {
          '202': jsonAnswer('The run started, or the one in progress', RUN_STARTED),
          '400': errorAnswer('id is not a positive integer.'),
          '404': errorAnswer('No scheduled import has this trigger URL (wrong token, rotated, or no such schedule).'),
          '409': errorAnswer('The schedule is paused; its owner must turn it on again.'),
          '429': errorAnswer('Too many trigger calls; Retry-After says when to try again.'),
        },
      },
    },
    '/api/scheduled-imports/{id}/trigger-url': {
      post: {
        operationId: 'rotateScheduledImportTriggerUrl',
        summary: 'Make a new trigger URL',
        description:
          'Makes a new secret token: the previous trigger URL stops working at once. The answer is the only time ' +
          'the token is shown; only its SHA-256 hash is kept. The schedule’s owner, editors and admins.',
        parameters: [SCHEDULE_ID],
        responses: {
          '201': jsonAnswer('The new trigger URL', {
            type: 'object',
            required: ['triggerUrl', 'tokenHint', 'note'],
            additionalProperties: false,
            properties: {
              triggerUrl: { type: 'string', description: 'POST to it to start a run.' },
              tokenHint: { type: 'string', description: 'The token’s first characters, as the admin shows them.' },
              note: { type: 'string' },
            },
          }),
          '400': errorAnswer('id is not a positive integer.'),
          '401': SIGNED_IN,
          '404': NOT_YOURS,
        },
      },
    },
  }
}
