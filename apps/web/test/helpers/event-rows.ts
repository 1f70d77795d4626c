/**
 * Event rows for tests that write events straight to the database.
 * @module
 */
import type { EventRow } from '../../src/lib/events/bulk-insert-events'

/**
 * An event of a dataset, with plain defaults for what `overrides` leaves out: "Event", in Paris
 * (source columns), on 1 January 2001 to the day, with no data.
 */
export function eventRow(datasetId: number, uniqueId: string, overrides: Partial<EventRow> = {}): EventRow {
  return {
    datasetId,
    uniqueId,
    title: 'Event',
    description: null,
    eventTime: new Date('2001-01-01T00:00:00.000Z'),
    eventEndTime: null,
    timePrecision: 'day',
    longitude: 2.35,
    latitude: 48.85,
    locationName: 'Paris',
    coordinateSource: 'source-columns',
    coordinatePrecision: null,
    coordinateConfidence: null,
    coordinateSourceColumns: null,
    coordinateProvider: null,
    data: {},
    contentHash: null,
    importJobId: null,
    sourceRow: null,
    ...overrides,
  }
}
