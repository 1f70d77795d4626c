/**
 * The example answers of the import and health paths in the OpenAPI document, as the
 * documentation prints them: real answers on the demo data that `npm start` seeds, after the demo
 * account `user@chronotope.local` uploaded the repository's fixture
 * `fixtures/fivethirtyeight/presidential-campaign-trail_clinton.csv` (its first upload, import 2,
 * the demo's own sample being import 1), cut where long (`./example-cuts`). A test runs each
 * example against the demo data and compares the answers
 * (`apps/web/test/integration/docs/curl-examples.test.ts`).
 * @module
 */
import { IMPORT_STATUS, PROCESSING_STAGE } from '../../constants'

/** The file the upload example sends: one of the repository's fixtures (`fixtures/fivethirtyeight/`). */
export const EXAMPLE_UPLOAD_FILE = 'presidential-campaign-trail_clinton.csv'

/** The import the upload example makes on the demo data. */
export const EXAMPLE_IMPORT_ID = 2

/** The dataset the upload example makes on the demo data (`datasetName: 'Clinton 2016'`). */
export const EXAMPLE_DATASET_ID = 6

/** `POST /api/import/upload`: the answer, at once, before the import ran. */
export const UPLOAD_EXAMPLE = {
  job: {
    importId: EXAMPLE_IMPORT_ID,
    fileName: EXAMPLE_UPLOAD_FILE,
    format: 'csv',
    encoding: 'utf-8',
    status: IMPORT_STATUS.PROCESSING,
    isStarted: true,
    statusUrl: `/api/import/${EXAMPLE_IMPORT_ID}`,
    previewUrl: `/api/preview?importId=${EXAMPLE_IMPORT_ID}`,
  },
}

/** `GET /api/import/{importId}`: the progress of the upload once it has run. */
export const IMPORT_PROGRESS_EXAMPLE = {
  importId: EXAMPLE_IMPORT_ID,
  fileName: EXAMPLE_UPLOAD_FILE,
  format: 'csv',
  encoding: 'utf-8',
  status: IMPORT_STATUS.COMPLETED,
  isStarted: true,
  failureReason: null,
  createdAt: '2026-11-27T14:09:39.492Z',
  jobs: [
    {
      jobId: 2,
      sheetName: 'presidential-campaign-trail_clinton',
      datasetId: EXAMPLE_DATASET_ID,
      datasetName: 'Clinton 2016',
      status: IMPORT_STATUS.COMPLETED,
      stage: PROCESSING_STAGE.COMPLETED,
      percent: 100,
      stages: [
        {
          stage: PROCESSING_STAGE.SCHEMA_DETECTION,
          state: 'done',
          rowsDone: 71,
          rowsTotal: 71,
          rowsPerSecond: 239.1,
          etaSeconds: 0,
          startedAt: '2026-11-27T14:09:41.626Z',
          finishedAt: '2026-11-27T14:09:41.923Z',
        },
        '… 3 more',
      ],
      counts: {
        rowsTotal: 71,
        rowsRead: 71,
        eventsCreated: 71,
        eventsUpdated: 0,
        eventsUnchanged: 0,
        eventsLeftAlone: 0,
        duplicatesSkipped: 0,
        rowErrors: 0,
        isBalanced: true,
      },
      duplicates: {
        examples: [],
        strategy: { type: 'content-hash', hashFields: [], duplicateAction: 'skip' },
        uniqueRows: 71,
        rowsAnalyzed: 71,
        rowsWithoutId: 0,
        duplicatesInFile: 0,
        duplicatesOfExistingEvents: 0,
        existingEvents: 0,
      },
      reimport: null,
      geocoding: null,
      errors: [],
      errorsUrl: `/api/import/${EXAMPLE_IMPORT_ID}/errors.csv?job=2`,
      schema: { warnings: [], isBreaking: false, isAwaitingApproval: false, '…': '…' },
      failureReason: null,
      history: [
        { stage: PROCESSING_STAGE.DATASET_DETECTION, at: '2026-11-27T14:09:40.495Z', reason: 'File uploaded' },
        '… 6 more',
      ],
      exploreUrl: '/explore?datasets=6',
    },
  ],
}

/** `GET /api/preview`: the upload's first two rows and what Chronotope detected in it. */
export const PREVIEW_EXAMPLE = {
  importId: EXAMPLE_IMPORT_ID,
  fileName: EXAMPLE_UPLOAD_FILE,
  detection: { format: 'csv', encoding: 'utf-8', delimiter: ',', mimeType: 'text/csv', '…': '…' },
  sheets: [{ name: 'presidential-campaign-trail_clinton', index: 0 }],
  sheet: 0,
  headers: ['date', 'location', 'city', 'state', 'lat', 'lng'],
  rowsSampled: 71,
  rowsScannedForDates: 0,
  schema: {
    fields: [{ name: 'date', type: 'date', role: 'start-time', '…': '…' }, '… 5 more'],
    mapping: { location: { kind: 'lat-lon', latitude: 'lat', longitude: 'lng', '…': '…' }, '…': '…' },
    choices: [
      {
        kind: 'date-order',
        column: 'date',
        isRequired: false,
        reason: 'month first: 34 values such as 9/15/2016 can only be read so',
        examples: [
          { raw: '9/15/2016', read: '15 September 2016' },
          { raw: '9/5/2016', read: '5 September 2016' },
          '… 3 more',
        ],
        evidence: { dayFirst: 0, monthFirst: 34, either: 34, yearFirst: 0, '…': '…' },
        decided: 'MDY',
        decidedBy: 'values',
      },
    ],
    warnings: [],
  },
  remembered: null,
  rows: [
    {
      rowNumber: 1,
      sourceRow: 2,
      values: {
        date: '9/5/2016',
        location: 'Cleveland, Ohio',
        city: 'Cleveland',
        state: 'OH',
        lat: '41.49932',
        lng: '-81.6943605',
      },
    },
    {
      rowNumber: 2,
      sourceRow: 3,
      values: {
        date: '9/5/2016',
        location: 'Hampton, Illinois',
        city: 'Hampton',
        state: 'IL',
        lat: '41.5558667',
        lng: '-90.4092971',
      },
    },
  ],
}

/** `GET /api/places?q=Lyon` as the demo user: the offline geocoder's candidates. */
export const PLACES_EXAMPLE = {
  places: [
    {
      label: 'Lyon, Auvergne-Rhône-Alpes, France',
      latitude: 45.74846,
      longitude: 4.84671,
      precision: 'city',
      confidence: 0.75,
    },
    {
      label: 'Lyon, Mississippi, United States',
      latitude: 34.2474,
      longitude: -90.4981,
      precision: 'city',
      confidence: 0.35,
    },
  ],
}

/** `GET /api/health` under `npm start`: the embedded database, the web process running the jobs. */
export const HEALTH_EXAMPLE = {
  status: 'ok',
  checkedAt: '2026-11-27T14:03:51.533Z',
  version: '0.1.0',
  uptimeSeconds: 135,
  database: { status: 'ok', kind: 'embedded', postgresVersion: '18.3', postgisVersion: '3.6.2', latencyMs: 49 },
  migrations: { status: 'ok', applied: 8, pending: [] },
  jobQueue: { status: 'ok', '…': '…' },
  scheduledImports: { status: 'ok', enabled: 0, failing: 0, pausedByFailures: 0, pausedIds: [] },
  eventIndex: { status: 'ok', enabled: true, loading: 0 },
}
