/**
 * The example request, and answer, of each events read path in the OpenAPI document. The answers
 * are real ones, from the benchmark's seeded events (`npm run bench:read`), with long lists cut
 * short; a test sends every request to the app and checks its answer has the documented shape.
 * @module
 */
import type { ExampleRequest } from './openapi-parts'

/** An example request and, for JSON answers, its answer. */
export interface ReadExample {
  readonly request: ExampleRequest
  readonly response?: unknown
}

const LIST: ReadExample = {
  request: { query: { datasets: '1', start: '1990', end: '1990-01', limit: '2' } },
  response: {
    events: [
      {
        id: 587150,
        datasetId: 1,
        title: 'Late heatwave near open country',
        description: 'said before police west opened west water market during.',
        eventTime: '1990-01-01T00:35:46.000Z',
        eventEndTime: null,
        timePrecision: 'second',
        longitude: 1.58504,
        latitude: -26.21516,
        locationName: null,
        data: { country: 'NA', category: 'election', magnitude: 8 },
      },
      {
        id: 462591,
        datasetId: 1,
        title: 'Small rally near open country',
        description: 'loud harbour district several hurt hills minor east injuries station east morning.',
        eventTime: '1990-01-01T00:36:08.000Z',
        eventEndTime: null,
        timePrecision: 'second',
        longitude: 130.30835,
        latitude: 67.26543,
        locationName: null,
        data: { country: 'CN', category: 'quake', magnitude: 6.3 },
      },
    ],
    nextCursor: 'eyJ0IjoiMTk5MC0wMS0wMVQwMDozNjowOC4wMDBaIiwiaWQiOjQ2MjU5MX0',
    page: null,
    limit: 2,
  },
}

/** Per read path, its example. */
export const READ_EXAMPLES: Readonly<Record<string, ReadExample>> = {
  '/api/events/list': LIST,
  '/api/events': LIST,
  '/api/events/histogram': {
    request: { query: { datasets: '1', start: '2000', end: '2004', interval: 'year' } },
    response: {
      interval: 'year',
      buckets: [
        { start: '2000-01-01T00:00:00.000Z', end: '2001-01-01T00:00:00.000Z', count: 6915 },
        { start: '2001-01-01T00:00:00.000Z', end: '2002-01-01T00:00:00.000Z', count: 6896 },
        { start: '2002-01-01T00:00:00.000Z', end: '2003-01-01T00:00:00.000Z', count: 6963 },
        { start: '2003-01-01T00:00:00.000Z', end: '2004-01-01T00:00:00.000Z', count: 6961 },
        { start: '2004-01-01T00:00:00.000Z', end: '2005-01-01T00:00:00.000Z', count: 6960 },
      ],
      total: 34695,
      range: { start: '2000-01-01T00:00:00.000Z', end: '2004-12-31T23:59:59.999Z' },
    },
  },
  '/api/events/map-clusters': {
    request: { query: { datasets: '1', bbox: '2.2,48.8,2.5,48.95', zoom: '16', color: 'category' } },
    response: {
      type: 'FeatureCollection',
      features: [
        {
          type: 'Feature',
          id: '16/1682/40842',
          geometry: { type: 'Point', coordinates: [2.3109, 48.81637] },
          properties: { cluster: true, count: 2, bounds: [2.31064, 48.8161, 2.31116, 48.81664], samePlace: false },
        },
        {
          type: 'Feature',
          id: 115966,
          geometry: { type: 'Point', coordinates: [2.20634, 48.80026] },
          properties: {
            cluster: false,
            eventId: 115966,
            datasetId: 1,
            title: 'Long rally near Paris',
            eventTime: '2008-09-24T23:02:06.000Z',
            timePrecision: 'second',
            locationName: 'Paris',
            locationPrecision: null,
            coordinateSource: 'source-columns',
            value: 'storm',
          },
        },
      ],
      zoom: 16,
      total: 671,
    },
  },
  '/api/events/bounds': {
    request: { query: { datasets: '1' } },
    response: { bounds: [-158.10526, -41.49912, 175.00671, 69.78893], count: 349176 },
  },
  '/api/events/dataset-counts': {
    request: { query: { start: '2020' } },
    response: {
      datasets: [
        { datasetId: 1, count: 34890, firstTime: '2020-01-01T00:44:51.000Z', lastTime: '2024-12-31T23:01:40.000Z' },
        { datasetId: 2, count: 25112, firstTime: '2020-01-01T00:15:11.000Z', lastTime: '2024-12-31T23:13:49.000Z' },
      ],
      total: 59999,
      firstTime: '2020-01-01T00:15:11.000Z',
      lastTime: '2024-12-31T23:13:49.000Z',
    },
  },
  '/api/events/filters': {
    request: { query: { datasets: '1', filters: '{"category":["flood"]}' } },
    response: {
      fields: [
        { path: 'category', kind: 'values', values: [{ value: 'flood', count: 43609 }], truncated: false },
        { path: 'magnitude', kind: 'range', min: 0, max: 10, count: 43609 },
      ],
    },
  },
  '/api/events/export.csv': { request: { query: { datasets: '1', start: '1990', end: '1990-01-01' } } },
  '/api/events/export.geojson': { request: { query: { datasets: '1', start: '1990', end: '1990-01-01' } } },
}
