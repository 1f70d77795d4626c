/**
 * The example request, and answer, of each events read path in the OpenAPI document: requests on
 * the demo data that `npm start` seeds (dataset 2 is "Earthquakes", 3 "Wildfires", 4 "Protest
 * events"; their data has the fields `kind`, `city`, `country`, `magnitude` and `participants`),
 * and their real answers, cut where long (`./example-cuts`). A test runs each example as the
 * documentation prints it against the demo data and compares the answers
 * (`apps/web/test/integration/docs/curl-examples.test.ts`).
 * @module
 */
import type { ExampleRequest } from './openapi-parts'

/** An example request and, for JSON and CSV answers, its answer as the documentation prints it. */
export interface ReadExample {
  readonly request: ExampleRequest
  readonly response?: unknown
}

const LIST: ReadExample = {
  request: { query: { datasets: '2', start: '2024-06', end: '2024-06', limit: '2' } },
  response: {
    events: [
      {
        id: 1119,
        datasetId: 2,
        title: 'Aftershock in Los Angeles',
        description: 'Aftershock in Los Angeles on 2024-06-04: about 123 people, intensity 5.6.',
        eventTime: '2024-06-04T03:05:00.000Z',
        eventEndTime: null,
        timePrecision: 'day',
        longitude: -115.932545,
        latitude: 34.856394,
        locationName: 'Los Angeles, US',
        data: {
          id: 'quake-219',
          city: 'Los Angeles',
          date: '2024-06-04',
          kind: 'Aftershock',
          country: 'US',
          latitude: 34.856394,
          longitude: -115.932545,
          magnitude: 5.6,
          participants: 123,
        },
      },
      {
        id: 1641,
        datasetId: 2,
        title: 'Aftershock in Tokyo',
        description: 'Aftershock in Tokyo on 2024-06-04: about 833 people, intensity 4.4.',
        eventTime: '2024-06-04T11:57:00.000Z',
        eventEndTime: null,
        timePrecision: 'day',
        longitude: 139.392307,
        latitude: 35.025047,
        locationName: 'Tokyo, JP',
        data: {
          id: 'quake-741',
          city: 'Tokyo',
          date: '2024-06-04',
          kind: 'Aftershock',
          country: 'JP',
          latitude: 35.025047,
          longitude: 139.392307,
          magnitude: 4.4,
          participants: 833,
        },
      },
    ],
    nextCursor: 'eyJ0IjoiMjAyNC0wNi0wNFQxMTo1NzowMC4wMDBaIiwiaWQiOjE2NDF9',
    page: null,
    limit: 2,
  },
}

/** Per read path, its example. */
export const READ_EXAMPLES: Readonly<Record<string, ReadExample>> = {
  '/api/events/list': LIST,
  '/api/events': LIST,
  '/api/events/histogram': {
    request: { query: { datasets: '2', start: '2020', end: '2024', interval: 'year' } },
    response: {
      interval: 'year',
      buckets: [
        { start: '2020-01-01T00:00:00.000Z', end: '2021-01-01T00:00:00.000Z', count: 82 },
        { start: '2021-01-01T00:00:00.000Z', end: '2022-01-01T00:00:00.000Z', count: 210 },
        { start: '2022-01-01T00:00:00.000Z', end: '2023-01-01T00:00:00.000Z', count: 65 },
        { start: '2023-01-01T00:00:00.000Z', end: '2024-01-01T00:00:00.000Z', count: 202 },
        { start: '2024-01-01T00:00:00.000Z', end: '2025-01-01T00:00:00.000Z', count: 95 },
      ],
      total: 654,
      range: { start: '2020-01-01T00:00:00.000Z', end: '2024-12-31T23:59:59.999Z' },
    },
  },
  '/api/events/map-clusters': {
    request: { query: { datasets: '4', bbox: '-10,40,10,55', zoom: '2', color: 'kind' } },
    response: {
      type: 'FeatureCollection',
      features: [
        {
          type: 'Feature',
          id: '2/-1/1',
          geometry: { type: 'Point', coordinates: [-6.761836397435897, 37.86953396153846] },
          properties: {
            cluster: true,
            count: 78,
            bounds: [-9.418106, 33.316616, -3.380113, 40.631858],
            samePlace: false,
          },
        },
        {
          type: 'Feature',
          id: '2/-1/2',
          geometry: { type: 'Point', coordinates: [-0.1745997777777778, 51.497545444444455] },
          properties: {
            cluster: true,
            count: 18,
            bounds: [-0.412044, 51.172667, -0.056369, 51.745896],
            samePlace: false,
          },
        },
        {
          type: 'Feature',
          id: '2/0/2',
          geometry: { type: 'Point', coordinates: [15.702203884848485, 48.77990118787877] },
          properties: {
            cluster: true,
            count: 165,
            bounds: [0.028623, 41.638152, 21.360558, 52.799809],
            samePlace: false,
          },
        },
      ],
      zoom: 2,
      total: 261,
    },
  },
  '/api/events/bounds': {
    request: { query: { datasets: '3' } },
    response: { bounds: [-124.819975, -39.823609, 177.782748, 60.836829], count: 900 },
  },
  '/api/events/dataset-counts': {
    request: { query: { start: '2024' } },
    response: {
      datasets: [
        { datasetId: 1, count: 116, firstTime: '2024-01-01T09:15:00.000Z', lastTime: '2024-12-08T03:01:00.000Z' },
        { datasetId: 2, count: 95, firstTime: '2024-01-01T12:15:00.000Z', lastTime: '2024-12-23T16:37:00.000Z' },
        { datasetId: 3, count: 139, firstTime: '2024-01-05T20:56:00.000Z', lastTime: '2024-12-29T22:41:00.000Z' },
        { datasetId: 4, count: 284, firstTime: '2024-01-08T20:54:00.000Z', lastTime: '2024-12-29T07:57:00.000Z' },
      ],
      total: 634,
      firstTime: '2024-01-01T09:15:00.000Z',
      lastTime: '2024-12-29T22:41:00.000Z',
    },
  },
  '/api/events/filters': {
    request: { query: { datasets: '4', filters: '{"kind":["Strike","March"]}' } },
    response: {
      fields: [
        {
          path: 'kind',
          kind: 'values',
          values: [
            { value: 'Strike', count: 451 },
            { value: 'March', count: 440 },
          ],
          truncated: false,
        },
        { path: 'latitude', kind: 'range', min: -38.199307, max: 59.492742, count: 891 },
        { path: 'longitude', kind: 'range', min: -123.307952, max: 174.873825, count: 891 },
        { path: 'magnitude', kind: 'range', min: 2, max: 7, count: 891 },
        { path: 'participants', kind: 'range', min: 1, max: 10257, count: 891 },
      ],
    },
  },
  '/api/events/export.csv': {
    request: { query: { datasets: '4', start: '2024-06', end: '2024-06' } },
    response: [
      'id,dataset_id,title,description,event_time,event_end_time,time_precision,…',
      '3914,4,Sit-in in Budapest,"Sit-in in Budapest on 2024-06-11: about 6007 people, intensity 2.6.",…',
      '3931,4,Strike in Osaka,"Strike in Osaka on 2024-06-27: about 1 people, intensity 2.1.",…',
      '…',
    ].join('\n'),
  },
  '/api/events/export.geojson': { request: { query: { datasets: '4', start: '2024-06', end: '2024-06' } } },
}
