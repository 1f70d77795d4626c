/**
 * The OpenAPI paths of the import endpoints (upload, progress, actions, row errors, preview), of
 * the place search that picks an event's place by hand, and of the health check, with an example
 * request for each.
 * @module
 */
import { IMPORT_STATUS, PROCESSING_STAGE } from '../../constants'
import { QUOTA_429 } from './openapi-quota-paths'
import { IMPORT_ACTION_NAMES } from '../import/import-action-names'
import { COORDINATE_ORDERS, DATE_ORDERS, DUPLICATE_ACTIONS, ID_STRATEGIES } from '../import/import-options'
import {
  EXAMPLE_IMPORT_ID,
  EXAMPLE_UPLOAD_FILE,
  HEALTH_EXAMPLE,
  IMPORT_PROGRESS_EXAMPLE,
  PLACES_EXAMPLE,
  PREVIEW_EXAMPLE,
  UPLOAD_EXAMPLE,
} from './openapi-import-examples'
import { errorAnswer, jsonAnswer, pathParameter, query, withExampleRequest, type Schema } from './openapi-parts'

const nullable = (type: string): Schema => ({ type: [type, 'null'] })
const STATUSES = Object.values(IMPORT_STATUS)
const STAGES = Object.values(PROCESSING_STAGE)

const IMPORT_ID = pathParameter('importId', 'The import id, from the upload’s answer (`job.importId`).')

const UPLOAD_ANSWER: Schema = {
  type: 'object',
  required: ['job'],
  additionalProperties: false,
  properties: {
    job: {
      type: 'object',
      required: ['importId', 'fileName', 'format', 'encoding', 'status', 'isStarted', 'statusUrl', 'previewUrl'],
      additionalProperties: false,
      properties: {
        importId: { type: 'integer' },
        fileName: { type: 'string', description: 'The stored name, with the extension the content says.' },
        format: { type: 'string', description: 'csv, xlsx, xls, ods, json or geojson.' },
        encoding: nullable('string'),
        status: { enum: [IMPORT_STATUS.PROCESSING, IMPORT_STATUS.PENDING] },
        isStarted: { type: 'boolean' },
        statusUrl: { type: 'string' },
        previewUrl: { type: 'string' },
      },
    },
  },
}

const STAGE_VIEW: Schema = {
  type: 'object',
  required: ['stage', 'state', 'rowsDone', 'rowsTotal', 'rowsPerSecond', 'etaSeconds', 'startedAt', 'finishedAt'],
  properties: {
    stage: { enum: STAGES },
    state: { enum: ['done', 'running', 'waiting', 'skipped', 'failed'] },
    rowsDone: nullable('integer'),
    rowsTotal: nullable('integer'),
    rowsPerSecond: nullable('number'),
    etaSeconds: nullable('number'),
    startedAt: nullable('string'),
    finishedAt: nullable('string'),
  },
}

/** Response type "import progress" (`ImportProgressResponse`). */
const IMPORT_PROGRESS: Schema = {
  type: 'object',
  required: ['importId', 'fileName', 'format', 'encoding', 'status', 'isStarted', 'failureReason', 'createdAt', 'jobs'],
  additionalProperties: false,
  properties: {
    importId: { type: 'integer' },
    fileName: { type: 'string' },
    format: nullable('string'),
    encoding: nullable('string'),
    status: { enum: STATUSES },
    isStarted: { type: 'boolean' },
    failureReason: nullable('string'),
    createdAt: { type: 'string' },
    jobs: {
      type: 'array',
      description: 'One import job per sheet.',
      items: {
        type: 'object',
        required: [
          'jobId',
          'status',
          'stage',
          'percent',
          'stages',
          'counts',
          'errors',
          'errorsUrl',
          'schema',
          'history',
        ],
        properties: {
          jobId: { type: 'integer' },
          sheetName: nullable('string'),
          datasetId: nullable('integer'),
          datasetName: nullable('string'),
          status: { enum: STATUSES },
          stage: { enum: STAGES },
          percent: { type: 'number', minimum: 0, maximum: 100 },
          stages: { type: 'array', items: STAGE_VIEW },
          counts: {
            type: 'object',
            required: [
              'rowsRead',
              'eventsCreated',
              'eventsUpdated',
              'eventsUnchanged',
              'eventsLeftAlone',
              'duplicatesSkipped',
              'rowErrors',
              'isBalanced',
            ],
            properties: {
              rowsTotal: nullable('integer'),
              rowsRead: { type: 'integer' },
              eventsCreated: { type: 'integer' },
              eventsUpdated: { type: 'integer', description: 'Existing events whose values the file changed.' },
              eventsUnchanged: { type: 'integer', description: 'Existing events the file gives the same values.' },
              eventsLeftAlone: {
                type: 'integer',
                description: 'Existing events not updated: the file changed values people had edited by hand.',
              },
              duplicatesSkipped: {
                type: 'integer',
                description: 'Repeats inside the file, and existing events under duplicateAction skip.',
              },
              rowErrors: { type: 'integer' },
              isBalanced: {
                type: 'boolean',
                description: 'rows read = created + updated + unchanged + left alone + duplicates skipped + row errors',
              },
            },
          },
          duplicates: { type: ['object', 'null'] },
          reimport: {
            type: ['object', 'null'],
            description:
              'For an import into a dataset that had events: eventsWithHandEditsKept, handEditsReleased, ' +
              'leftAlone (the first 100 events left alone, with each field: the hand value and the file value) ' +
              'and eventsNotInFile.',
          },
          geocoding: { type: ['object', 'null'] },
          errors: { type: 'array', description: 'The first row errors; all of them as CSV at errorsUrl.' },
          errorsUrl: { type: 'string' },
          schema: { type: 'object' },
          failureReason: nullable('string'),
          history: { type: 'array' },
          exploreUrl: { ...nullable('string'), description: 'The explore view of the dataset, once it has events.' },
        },
      },
    },
  },
}

const IMPORT_CHOICE: Schema = {
  type: 'object',
  required: ['kind', 'column', 'isRequired', 'reason', 'examples'],
  properties: {
    kind: { enum: ['date-order', 'coordinate-order'] },
    column: { type: 'string' },
    decided: {
      type: 'string',
      description:
        'The answer applied: for `date-order` `DMY` day first, `MDY` month first, `YMD` year first; for ' +
        '`coordinate-order` `lat-lon` latitude first, `lon-lat` longitude first; absent while undecided.',
    },
    decidedBy: { enum: ['values', 'user'] },
    isRequired: {
      type: 'boolean',
      description:
        'True when the import cannot start without an answer (`dateOrders`, or `coordinateOrders` for a ' +
        '"lat, lon" column whose values all fit both orders), which it refuses with 422.',
    },
    reason: {
      type: 'string',
      description: 'The decision in words, e.g. "day first: 41 values such as 21/01/2024 can only be read so".',
    },
    evidence: {
      type: 'object',
      description:
        'The values that decide, or fail to decide, the order, counted over every value read: for `date-order` ' +
        '`dayFirst`, `monthFirst`, `either`, `yearFirst`; for `coordinate-order` `latitudeFirst`, ' +
        '`longitudeFirst`, `either`.',
    },
    examples: {
      type: 'array',
      description: 'Up to five values as written (`raw`) and as read (`read`).',
      items: {
        type: 'object',
        required: ['raw', 'read'],
        properties: { raw: { type: 'string' }, read: { type: 'string' } },
      },
    },
  },
}

const PREVIEW: Schema = {
  type: 'object',
  required: [
    'importId',
    'fileName',
    'detection',
    'sheets',
    'sheet',
    'headers',
    'rowsSampled',
    'schema',
    'remembered',
    'rows',
  ],
  additionalProperties: false,
  properties: {
    importId: { type: 'integer' },
    fileName: { type: 'string' },
    detection: { type: 'object', description: 'Format detection result: format, encoding, delimiter, MIME type.' },
    sheets: { type: 'array', items: { type: 'object', required: ['index', 'name'] } },
    sheet: { type: ['integer', 'string'] },
    headers: { type: 'array', items: { type: 'string' } },
    rowsSampled: { type: 'integer', description: 'Rows read for the field statistics (up to 10,000).' },
    rowsScannedForDates: {
      type: 'integer',
      description:
        'Rows read after the sample only to decide the day/month order of date columns the sample left undecided.',
    },
    schema: {
      type: 'object',
      required: ['fields', 'mapping', 'choices', 'warnings'],
      properties: {
        fields: { type: 'array', description: 'Each column’s detected type and statistics.' },
        mapping: {
          type: 'object',
          description:
            'The suggested event mapping: time, title, place, coordinates, id, `dateOrders` (each date column’s ' +
            'order) and `coordinateOrders` (each "lat, lon" column’s order).',
        },
        choices: {
          type: 'array',
          items: IMPORT_CHOICE,
          description: 'How each date column and "lat, lon" pair column is read, or is to be chosen.',
        },
        warnings: { type: 'array' },
      },
    },
    remembered: {
      type: ['object', 'null'],
      description:
        'For an import into a dataset whose last import completed: that import (importId, at), the roles taken ' +
        'from it (kept), the remembered roles this file lacks (dropped) and its options.',
    },
    rows: { type: 'array', description: 'The first rows, as read.' },
  },
}

const COMPONENT: Schema = {
  type: 'object',
  required: ['status'],
  properties: {
    status: { enum: ['ok', 'warning', 'error'] },
    message: { type: 'string', description: 'What went wrong, or what needs doing, when something did.' },
  },
}

/** Response type "health check result" (`HealthCheckResult`). */
const HEALTH: Schema = {
  type: 'object',
  required: [
    'status',
    'checkedAt',
    'version',
    'uptimeSeconds',
    'database',
    'migrations',
    'jobQueue',
    'scheduledImports',
    'eventIndex',
  ],
  additionalProperties: false,
  properties: {
    status: { enum: ['ok', 'warning', 'error'] },
    checkedAt: { type: 'string' },
    version: { type: 'string' },
    uptimeSeconds: { type: 'number' },
    database: {
      ...COMPONENT,
      required: ['status', 'kind'],
      properties: {
        ...(COMPONENT.properties as Schema),
        kind: { enum: ['embedded', 'external'] },
        postgresVersion: { type: 'string' },
        postgisVersion: { type: 'string' },
        latencyMs: { type: 'number', description: 'How long the version query took, in milliseconds.' },
      },
    },
    migrations: {
      ...COMPONENT,
      required: ['status', 'applied', 'pending'],
      properties: { ...(COMPONENT.properties as Schema), applied: { type: 'integer' }, pending: { type: 'array' } },
    },
    jobQueue: COMPONENT,
    scheduledImports: {
      ...COMPONENT,
      properties: {
        ...(COMPONENT.properties as Schema),
        enabled: { type: 'integer' },
        failing: { type: 'integer' },
        pausedByFailures: { type: 'integer' },
        pausedIds: { type: 'array', items: { type: 'integer' } },
      },
    },
    eventIndex: {
      ...COMPONENT,
      required: ['status', 'enabled', 'loading'],
      properties: { ...(COMPONENT.properties as Schema), enabled: { type: 'boolean' }, loading: { type: 'integer' } },
    },
    readReplica: {
      ...COMPONENT,
      description: 'Only with DATABASE_READ_URL: the streaming replica that answers reads when it is current.',
      properties: {
        ...(COMPONENT.properties as Schema),
        lagBytes: { type: 'integer', description: 'WAL the primary has written that the replica has not replayed.' },
      },
    },
  },
}

/** Response type of the place search: the offline geocoder's candidates, best first. */
const PLACES: Schema = {
  type: 'object',
  required: ['places'],
  additionalProperties: false,
  properties: {
    places: {
      type: 'array',
      items: {
        type: 'object',
        required: ['label', 'latitude', 'longitude', 'precision', 'confidence'],
        additionalProperties: false,
        properties: {
          label: { type: 'string' },
          latitude: { type: 'number', minimum: -90, maximum: 90 },
          longitude: { type: 'number', minimum: -180, maximum: 180 },
          precision: { enum: ['country', 'region', 'city', 'postal', 'street', 'rooftop'] },
          confidence: { type: 'number', minimum: 0, maximum: 1 },
        },
      },
    },
  },
}

const SIGNED_IN = errorAnswer('Not signed in.')
const NOT_YOURS = errorAnswer('No such import, or not yours: the same answer, so ids reveal nothing.')
/** The answers of a request about one import: signed out, or an import not theirs. */
const OWN_IMPORT_ERRORS = { '401': SIGNED_IN, '404': NOT_YOURS }

/** The paths of the import endpoints and the health check. */
export function importAndHealthPaths(): Record<string, unknown> {
  return {
    '/api/import/upload': {
      post: withExampleRequest(
        {
          operationId: 'uploadImportFile',
          summary: 'Upload a file to import',
          description:
            'Stores the file and answers at once; the pipeline starts within a second (unless `autoStart=false`). ' +
            'Signed-in users only; rate-limited per user and per address.',
          requestBody: {
            required: true,
            content: {
              'multipart/form-data': {
                schema: {
                  type: 'object',
                  required: ['file'],
                  properties: {
                    file: {
                      type: 'string',
                      format: 'binary',
                      description: 'CSV, TSV, XLSX, XLS, ODS, JSON or GeoJSON.',
                    },
                    catalog: { type: 'integer', description: 'An existing catalog’s id…' },
                    catalogName: { type: 'string', description: '…or a new private catalog’s name.' },
                    dataset: { type: 'integer', description: 'An existing dataset to import into…' },
                    datasetName: {
                      type: 'string',
                      description: '…or the new dataset’s name (default: from the file).',
                    },
                    autoStart: { type: 'boolean', description: 'false keeps the upload for a preview (default true).' },
                    sheet: { type: 'string', description: 'Import one sheet only: its index from 0 or its name.' },
                    mapping: {
                      type: 'string',
                      description:
                        'JSON column mapping overrides (time, title, place, id…). An import into an existing dataset ' +
                        'starts from how its last import read the file; these override that.',
                    },
                    sheetMappings: {
                      type: 'string',
                      description:
                        'A workbook imported whole: JSON mapping overrides per sheet index, e.g. {"1":{"title":"name"}}.',
                    },
                    dateOrder: {
                      enum: [...DATE_ORDERS],
                      description: 'The order of every date column’s numeric dates: DMY day first, MDY month first.',
                    },
                    dateOrders: {
                      type: 'string',
                      description:
                        'JSON object, date column → DMY, MDY or YMD, e.g. {"Date":"DMY"}; wins over dateOrder. ' +
                        'Required for a column whose day/month order no value decides.',
                    },
                    coordinateOrders: {
                      type: 'string',
                      description:
                        'JSON object, "lat, lon" pair column → lat-lon or lon-lat, e.g. {"Location":"lat-lon"}. ' +
                        'Required for a pair column whose values all fit both orders (both numbers within ±90).',
                    },
                    idStrategy: { enum: [...ID_STRATEGIES], description: 'How events are recognised on re-import.' },
                    idField: { type: 'string', description: 'The column holding the external id.' },
                    hashFields: {
                      type: 'string',
                      description: 'Columns hashed for content-hash ids, comma-separated.',
                    },
                    duplicateAction: {
                      enum: [...DUPLICATE_ACTIONS],
                      description:
                        'What a row whose event exists does: skip it, or update the event (keeping hand edits).',
                    },
                    keepHandEdits: {
                      type: 'boolean',
                      description:
                        'With update: false takes the file’s values where they contradict hand edits (default true: ' +
                        'those events are left alone and listed).',
                    },
                    geocode: { type: 'boolean', description: 'Geocode places without coordinates.' },
                    options: { type: 'string', description: 'All of the options above as one JSON object.' },
                  },
                },
              },
            },
          },
          responses: {
            '202': jsonAnswer('Stored; the import runs in the background', UPLOAD_ANSWER, UPLOAD_EXAMPLE),
            '400': errorAnswer('A bad field, an empty or unreadable file; the body names the field.'),
            '401': SIGNED_IN,
            '403': errorAnswer('The catalog or dataset is not yours to import into.'),
            '413': errorAnswer('The file is larger than CHRONOTOPE_UPLOAD_MAX_MB.'),
            '415': errorAnswer('Not a file type Chronotope imports.'),
            '422': errorAnswer(
              'When starting at once: a workbook with more sheets than CHRONOTOPE_IMPORT_MAX_SHEETS and no sheet ' +
                'chosen (`too-many-sheets`); a date column whose day/month order no value decides and that ' +
                '`dateOrders` does not answer, or a "lat, lon" column whose order no value decides and that ' +
                '`coordinateOrders` does not answer (`choice-required`, naming the column); `dateOrders` naming a ' +
                'column that is not a date column, or `coordinateOrders` one that is not a pair column ' +
                '(`unknown-column`). Also, whatever `autoStart`: the uploader’s datasets already hold every event ' +
                'their trust level allows (`quota-exceeded`).',
            ),
            '429': errorAnswer(`Too many uploads. ${QUOTA_429}`),
          },
        },
        {
          form: { file: EXAMPLE_UPLOAD_FILE, catalogName: 'Campaign trail', datasetName: 'Clinton 2016' },
          signedIn: true,
        },
      ),
    },
    '/api/import/{importId}': {
      get: withExampleRequest(
        {
          operationId: 'getImportProgress',
          summary: 'Import status and progress',
          description:
            'Overall status and, per sheet, the stage, rows done per stage, rate and ETA, counts, geocoding ' +
            'results, the first row errors and schema changes awaiting approval. The uploader, editors and admins.',
          parameters: [IMPORT_ID],
          responses: {
            '200': jsonAnswer('The import progress', IMPORT_PROGRESS, IMPORT_PROGRESS_EXAMPLE),
            '400': errorAnswer('importId is not a positive integer.'),
            ...OWN_IMPORT_ERRORS,
          },
        },
        { path: { importId: String(EXAMPLE_IMPORT_ID) }, signedIn: true },
      ),
    },
    '/api/import/{importId}/{action}': {
      post: {
        operationId: 'runImportAction',
        summary: 'Start, retry, cancel, review, approve, reject an import, or correct a place',
        description:
          '`start` an upload made with autoStart=false (with the options chosen after the preview), `retry` failed ' +
          'jobs from the stage they failed in, `cancel`; for editors and admins `review` (take the approval lock), ' +
          '`approve`, `reject` (with a `reason`), and `correct-place` (`{ place, latitude, longitude, precision?, ' +
          'label? }`). Answers with the import progress.',
        parameters: [IMPORT_ID, pathParameter('action', 'What to do.', { enum: [...IMPORT_ACTION_NAMES] })],
        requestBody: {
          content: {
            'application/json': {
              schema: {
                type: 'object',
                properties: {
                  jobId: { type: 'integer', description: 'One sheet’s job only.' },
                  reason: { type: 'string' },
                  dateOrder: { enum: [...DATE_ORDERS], description: '`start`: every date column’s order.' },
                  dateOrders: {
                    type: 'object',
                    additionalProperties: { enum: [...DATE_ORDERS] },
                    description: '`start`: date column → order; required for columns no value decides.',
                  },
                  coordinateOrders: {
                    type: 'object',
                    additionalProperties: { enum: [...COORDINATE_ORDERS] },
                    description:
                      '`start`: "lat, lon" pair column → `lat-lon` or `lon-lat`; required for columns no value decides.',
                  },
                },
              },
            },
          },
        },
        responses: {
          '200': jsonAnswer('The import progress after the action', IMPORT_PROGRESS),
          '400': errorAnswer('A bad body or option.'),
          '401': SIGNED_IN,
          '403': errorAnswer('Only editors and admins review, approve and reject.'),
          '404': errorAnswer('No such import or job, or an unknown action.'),
          '409': errorAnswer('The import is not in a state the action applies to.'),
          '422': errorAnswer(
            '`start` with a date column whose day/month order no value decides and no answer in `dateOrders`, ' +
              'or a "lat, lon" column whose order no value decides and no answer in `coordinateOrders` ' +
              '(`choice-required`, naming the column), or too many sheets.',
          ),
        },
      },
    },
    '/api/import/{importId}/errors.csv': {
      get: {
        operationId: 'exportImportErrorsCsv',
        summary: 'Every row error of an import, as CSV',
        description:
          'Computed from the file by the code that imported it, so it lists every error, not only the first.',
        parameters: [IMPORT_ID, query('job', 'One sheet’s job only.', { type: 'integer' })],
        responses: {
          '200': {
            description: 'CSV: sheet, row, column, value, code, message',
            content: { 'text/csv': { schema: { type: 'string' } } },
          },
          ...OWN_IMPORT_ERRORS,
        },
      },
    },
    '/api/preview': {
      get: withExampleRequest(
        {
          operationId: 'previewImport',
          summary: 'Preview an uploaded file before importing it',
          description:
            'Detected format and encoding, the sheets, the detected schema with field statistics from the first ' +
            '10,000 rows, the suggested event mapping, the import choices (each date column’s order with its ' +
            'reason and five examples, decided over the whole file or to be chosen), warnings, and the first rows.',
          parameters: [
            query('importId', 'The upload’s import id (also `fileId`).', { type: 'integer' }, true),
            query('sheet', 'Sheet index from 0, or its name (default the first).'),
            query('rows', 'Rows to return, 1–100 (default 20).', { type: 'integer', minimum: 1, maximum: 100 }),
          ],
          responses: {
            '200': jsonAnswer('The preview', PREVIEW, PREVIEW_EXAMPLE),
            '400': errorAnswer('A bad parameter, or a sheet the file does not have.'),
            ...OWN_IMPORT_ERRORS,
            '422': errorAnswer('The file cannot be read (malformed, too many columns, a zip bomb).'),
          },
        },
        { query: { importId: String(EXAMPLE_IMPORT_ID), rows: '2' }, signedIn: true },
      ),
    },
    '/api/places': {
      get: withExampleRequest(
        {
          operationId: 'searchPlaces',
          summary: 'Search a place by name',
          description:
            'The places the offline geocoder knows by that name, in any script and with close spellings, best ' +
            'first: what the event page’s Edit action offers to place an event by hand. Signed-in users only; ' +
            'nothing leaves the machine.',
          parameters: [query('q', 'The place’s name, 1–200 characters (“Lyon”, “Москва”).', { type: 'string' }, true)],
          responses: {
            '200': jsonAnswer('The candidates, best first (none when nothing matches)', PLACES, PLACES_EXAMPLE),
            '400': errorAnswer('`q` is empty or longer than 200 characters.'),
            '401': SIGNED_IN,
          },
        },
        { query: { q: 'Lyon' }, signedIn: true },
      ),
    },
    '/api/health': {
      get: withExampleRequest(
        {
          operationId: 'getHealth',
          summary: 'Health check',
          description:
            'The database, migrations, job queue and event index. Public, for load balancers and uptime monitors; ' +
            'it reveals no data. 503 only when this process cannot serve requests.',
          responses: {
            '200': jsonAnswer('ok or warning', HEALTH, HEALTH_EXAMPLE),
            '503': jsonAnswer('error: the database or its migrations', HEALTH),
          },
        },
        {},
      ),
    },
  }
}
