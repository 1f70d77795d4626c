/**
 * The response types of the events read API (`/api/events/*`).
 * @module
 */
import type { HistogramInterval } from '@chronotope/filters'

/** One event as lists and exports show it. */
export interface EventListItem {
  readonly id: number
  readonly datasetId: number
  readonly title: string | null
  readonly description: string | null
  /** ISO 8601; years before 1 CE are written with a sign and six digits (`-000499-…`). */
  readonly eventTime: string | null
  readonly eventEndTime: string | null
  readonly timePrecision: string | null
  readonly longitude: number | null
  readonly latitude: number | null
  readonly locationName: string | null
  /** The original row's values: all of them, or the `fields` asked for. */
  readonly data: Record<string, unknown>
}

/** Response type "events list": `GET /api/events/list`. */
export interface EventsListResponse {
  readonly events: readonly EventListItem[]
  /** Pass as `cursor` for the next page; null on the last page. */
  readonly nextCursor: string | null
  /** The page number, when paging by `page`. */
  readonly page: number | null
  readonly limit: number
}

/** One bucket of the histogram. */
export interface HistogramBucket {
  /** The bucket's first instant (ISO 8601). */
  readonly start: string
  /** The next bucket's first instant: the bucket is [start, end). */
  readonly end: string
  readonly count: number
}

/** Response type "histogram": `GET /api/events/histogram`. */
export interface HistogramResponse {
  readonly interval: HistogramInterval
  /** Every bucket from the first to the last, empty ones included. */
  readonly buckets: readonly HistogramBucket[]
  /** Events with a time that match the filters. */
  readonly total: number
  /** The range the buckets cover, or null when no event matches. */
  readonly range: { readonly start: string; readonly end: string } | null
}

/** `[west, south, east, north]` in degrees. */
export type Bounds = readonly [number, number, number, number]

/** How many of a mark's events belong to one dataset. */
export interface DatasetShare {
  readonly datasetId: number
  readonly count: number
}

/** How many of a mark's events carry one value of the `color` field (null: events without it). */
export interface ValueShare {
  readonly value: string | null
  readonly count: number
}

/**
 * A map mark: a cluster of events in one grid cell, events at one place, or a single event.
 * Events at one place (one cell of the finest zoom, about 2 m across) are one mark with their
 * count at every zoom: zooming in never splits them, so the map lists them instead.
 */
export type MapClusterFeature =
  | {
      /** A cluster's cell, `zoom/x/y`; events at one place: `place/x/y`, the same at every zoom. */
      readonly type: 'Feature'
      readonly id: string
      readonly geometry: { readonly type: 'Point'; readonly coordinates: readonly [number, number] }
      readonly properties: {
        readonly cluster: true
        readonly count: number
        /** The events' own extent, for zoom-to, or to list the events of a place with `bbox`. */
        readonly bounds: Bounds
        /** Whether every event of the mark is at one place (see above). */
        readonly samePlace: boolean
        /** At one place: the events per dataset, most first. Absent for a cluster of several places. */
        readonly datasets?: readonly DatasetShare[]
        /** At one place, with `color` asked: the events per value of the field, most first. */
        readonly values?: readonly ValueShare[]
      }
    }
  | {
      readonly type: 'Feature'
      readonly id: number
      readonly geometry: { readonly type: 'Point'; readonly coordinates: readonly [number, number] }
      readonly properties: {
        readonly cluster: false
        readonly eventId: number
        readonly datasetId: number
        readonly title: string | null
        readonly eventTime: string | null
        /** How finely the time is known: year, month, day, hour, minute or second. */
        readonly timePrecision: string | null
        readonly locationName: string | null
        /**
         * How precisely the place is known (country, region, city, postal, street, rooftop), or
         * null for coordinates taken from the file as they are.
         */
        readonly locationPrecision: string | null
        /** Where the coordinates came from: source-columns, geocoded, manual. */
        readonly coordinateSource: string | null
        /** The value of the `color` field asked for, as text; null when not asked or absent. */
        readonly value: string | null
      }
    }

/** Response type "map clusters": `GET /api/events/map-clusters`, a GeoJSON FeatureCollection. */
export interface MapClustersResponse {
  readonly type: 'FeatureCollection'
  readonly features: readonly MapClusterFeature[]
  readonly zoom: number
  /** Events in the box that match the filters. */
  readonly total: number
}

/** Response type "simple bounds": `GET /api/events/bounds`. */
export interface SimpleBoundsResponse {
  /** The extent of the matching events with a location, or null when there are none. */
  readonly bounds: Bounds | null
  /** Matching events with a location. */
  readonly count: number
}

/** A filterable field of the current selection. */
export type FilterField =
  | {
      readonly path: string
      readonly kind: 'values'
      /** The most common values with their counts, most common first. */
      readonly values: ReadonlyArray<{ readonly value: string; readonly count: number }>
      /** Whether more values exist than are listed. */
      readonly truncated: boolean
    }
  | {
      readonly path: string
      readonly kind: 'range'
      readonly min: number
      readonly max: number
      readonly count: number
    }

/** `GET /api/events/filters`: what the current selection can be filtered by. */
export interface FilterFieldsResponse {
  readonly fields: readonly FilterField[]
}

/** One dataset's filtered events: how many, and the first and last event time. */
export interface DatasetCount {
  readonly datasetId: number
  readonly count: number
  /** The earliest event time (ISO 8601, as in lists), or null when none has a time. */
  readonly firstTime: string | null
  /** The latest event time, or null when none has a time. */
  readonly lastTime: string | null
}

/** `GET /api/events/dataset-counts`: the filtered events per dataset. */
export interface DatasetCountsResponse {
  /** Datasets holding at least one filtered event, by id. */
  readonly datasets: readonly DatasetCount[]
  /** All filtered events, with or without a time or place. */
  readonly total: number
  /** The earliest and latest time of all filtered events, or null when none has a time. */
  readonly firstTime: string | null
  readonly lastTime: string | null
}
