/**
 * The read API's map answer turned into what the map draws: single events as GeoJSON points with
 * their colour and halo, clusters and events at one place as GeoJSON circles plus a bounded list of
 * labelled buttons (a place's with the ring of its mix), and the heatmap's weighted points. Pure:
 * the map panel hands the result to MapLibre.
 * @module
 */
import type { Bounds, MapClusterFeature, MapClustersResponse } from '../../lib/events-read/read-responses'
import { countOf } from '../../lib/text/format-number'
import { OTHER_COLOR } from './explore-colors'
import { placeAriaLabel, placeMix, ringGradient, type MixColoring, type MixSlice } from './map-place-marks'
import { haloRadiusAtZoom0Px, isApproximatePrecision } from './map-precision'
import { BY_DATASET } from './view-state'

/** A GeoJSON point feature (the shape MapLibre's GeoJSON sources take). */
export interface PointFeature<P> {
  readonly type: 'Feature'
  readonly id?: number
  readonly geometry: { readonly type: 'Point'; readonly coordinates: [number, number] }
  readonly properties: P
}

/** A GeoJSON collection of point features. */
export interface PointCollection<P> {
  readonly type: 'FeatureCollection'
  readonly features: ReadonlyArray<PointFeature<P>>
}

/** A single event's properties as the API sends them. */
export type SingleEventProperties = Extract<MapClusterFeature['properties'], { cluster: false }>

/** What a single event's point carries on the map. */
export interface SingleMarkProperties {
  readonly eventId: number
  /** Its colour by the chosen field. */
  readonly color: string
  /** Whether it is placed at an area's centre (country, region, city, postal). */
  readonly approximate: boolean
  /** The halo's radius at zoom 0 in pixels; 0 for an exact place. */
  readonly haloPx0: number
}

/** What a cluster's (or a place's) circle carries on the map. */
export interface ClusterMarkProperties {
  readonly key: string
  readonly count: number
  /** The circle's (and its button's) diameter in pixels. */
  readonly diameter: number
  /** Whether its events are at one place (drawn as a ring). */
  readonly place: boolean
}

/**
 * A cluster, or events at one place, drawn with a labelled button (focusable, clickable): a
 * cluster zooms in, a place lists its events.
 */
export interface ClusterButton {
  readonly key: string
  readonly lng: number
  readonly lat: number
  readonly count: number
  readonly diameter: number
  /** The events' own extent, to zoom into or to list the events of. */
  readonly bounds: Bounds
  /** Whether every event is at one place: no zoom splits them. */
  readonly isPlace: boolean
  /** A place's mix in the map's colouring, most first; empty for a cluster. */
  readonly mix: readonly MixSlice[]
  /** A place's ring (a CSS conic gradient of its mix); null for a cluster. */
  readonly ring: string | null
  /** The number drawn: `12`, `1.2k`, `45k`, `1.2M`. */
  readonly label: string
  /** What a screen reader says: `12 events here; zoom in`. */
  readonly ariaLabel: string
}

/** Everything the map draws for one answer of the read API. */
export interface MapMarks {
  readonly singles: PointCollection<SingleMarkProperties>
  readonly clusters: PointCollection<ClusterMarkProperties>
  /** The largest clusters, at most {@link MAX_CLUSTER_BUTTONS}, as DOM buttons. */
  readonly clusterButtons: readonly ClusterButton[]
  /** Every cluster and place by its key, for a click on one drawn without a button. */
  readonly clusterByKey: ReadonlyMap<string, ClusterButton>
  /** Every mark with its event count, for the heatmap. */
  readonly heat: PointCollection<{ readonly count: number }>
  /** The single events by id, for the popup and keyboard selection. */
  readonly singleEvents: ReadonlyMap<number, SingleEvent>
  /** Features drawn (clusters and single events). */
  readonly featureCount: number
  /** Whether any single event is placed at an area's centre (the legend then explains the ring). */
  readonly hasApproximate: boolean
  /** Whether any single event, or part of a place's mix, got the grey "other" colour. */
  readonly hasOther: boolean
  /** Whether any mark stands for events at one place (the legend then explains the ring). */
  readonly hasPlaces: boolean
}

/** A single event with its place, as the popup shows it. */
export interface SingleEvent extends SingleEventProperties {
  readonly lng: number
  readonly lat: number
}

/**
 * The most clusters drawn as DOM buttons, largest first, so a huge screen cannot create thousands
 * of nodes; the rest are still drawn (and clickable) on the canvas. The API's 64-px cells give
 * about 500 on a full-HD screen.
 */
export const MAX_CLUSTER_BUTTONS = 600

/** How single events and the mix of places are coloured: by dataset, or by a data field's value. */
export interface MarkColoring extends MixColoring {
  /** `dataset` or a data field path (the URL's `color`). */
  readonly colorBy: string
  readonly datasetColors: ReadonlyMap<number, string>
  /** Colours of the field's values; what is not in it is grey. */
  readonly valueColors: ReadonlyMap<string, string>
}

/**
 * A single event's colour: its dataset's, or its value's; grey ({@link OTHER_COLOR}) when the
 * value is missing or beyond the palette.
 * @example markColor({ datasetId: 2, value: null }, { colorBy: 'dataset', datasetColors: new Map([[2, '#0072b2']]), valueColors: new Map() }) // '#0072b2'
 */
export function markColor(event: Pick<SingleEventProperties, 'datasetId' | 'value'>, coloring: MarkColoring): string {
  if (coloring.colorBy === BY_DATASET) return coloring.datasetColors.get(event.datasetId) ?? OTHER_COLOR
  return (event.value === null ? undefined : coloring.valueColors.get(event.value)) ?? OTHER_COLOR
}

/**
 * A cluster's diameter in pixels: 26 for a handful, growing with the count's logarithm to 52 at a
 * million, so counts stay readable and 64-px cells rarely overlap.
 * @example clusterDiameterPx(1) // 26
 * @example clusterDiameterPx(1_000_000) // 52
 */
export function clusterDiameterPx(count: number): number {
  const magnitude = Math.log10(Math.max(1, count))
  return Math.round(26 + (26 * Math.min(6, magnitude)) / 6)
}

/**
 * A count as few characters: `999`, `1.2k`, `45k`, `1.2M`.
 * @example compactCount(1234) // '1.2k'
 */
export function compactCount(count: number): string {
  if (count < 1000) return String(count)
  if (count < 1_000_000) return count < 10_000 ? `${trimOne(count / 1000)}k` : `${Math.round(count / 1000)}k`
  return count < 10_000_000 ? `${trimOne(count / 1_000_000)}M` : `${Math.round(count / 1_000_000)}M`
}

function trimOne(value: number): string {
  // Round down so 9,999 never reads as "10.0k".
  return (Math.floor(value * 10) / 10).toFixed(1).replace(/\.0$/, '')
}

/** The map's closest zoom: there a cluster cannot be split, and selecting it lists its events. */
export const MAP_MAX_ZOOM = 20

/**
 * What a screen reader says of a cluster: that selecting it zooms in, or, at the map's closest
 * zoom, lists its events.
 * @example clusterAriaLabel(12) // '12 events here; zoom in'
 * @example clusterAriaLabel(12, true) // '12 events close together; list them'
 */
export function clusterAriaLabel(count: number, isListed = false): string {
  return isListed ? `${countOf(count, 'event')} close together; list them` : `${countOf(count, 'event')} here; zoom in`
}

/**
 * Turns the read API's answer into the map's marks.
 * @param maxButtons - the most clusters drawn as DOM buttons (largest first)
 */
export function mapMarksOf(
  response: Pick<MapClustersResponse, 'features'> & Partial<Pick<MapClustersResponse, 'zoom'>>,
  coloring: MarkColoring,
  maxButtons = MAX_CLUSTER_BUTTONS,
): MapMarks {
  const singles: Array<PointFeature<SingleMarkProperties>> = []
  const clusters: Array<PointFeature<ClusterMarkProperties>> = []
  const heat: Array<PointFeature<{ count: number }>> = []
  const buttons: ClusterButton[] = []
  const singleEvents = new Map<number, SingleEvent>()
  let hasApproximate = false
  let hasOther = false
  let hasPlaces = false
  for (const feature of response.features) {
    const [lng, lat] = feature.geometry.coordinates
    const coordinates: [number, number] = [lng, lat]
    if (feature.properties.cluster) {
      const { count, bounds } = feature.properties
      const isPlace = feature.properties.samePlace === true
      const mix = isPlace ? placeMix(feature.properties, coloring) : []
      const diameter = clusterDiameterPx(count)
      const key = String(feature.id)
      hasPlaces ||= isPlace
      hasOther ||= mix.some((slice) => slice.color === OTHER_COLOR)
      clusters.push(point(coordinates, { key, count, diameter, place: isPlace }))
      heat.push(point(coordinates, { count }))
      buttons.push({
        key,
        lng,
        lat,
        count,
        diameter,
        bounds,
        isPlace,
        mix,
        ring: isPlace ? ringGradient(mix) : null,
        label: compactCount(count),
        ariaLabel: isPlace ? placeAriaLabel(count, mix) : clusterAriaLabel(count, (response.zoom ?? 0) >= MAP_MAX_ZOOM),
      })
      continue
    }
    const event = feature.properties
    const approximate = isApproximatePrecision(event.locationPrecision)
    const color = markColor(event, coloring)
    hasApproximate ||= approximate
    hasOther ||= color === OTHER_COLOR
    singles.push(
      point(
        coordinates,
        { eventId: event.eventId, color, approximate, haloPx0: haloRadiusAtZoom0Px(event.locationPrecision, lat) },
        event.eventId,
      ),
    )
    heat.push(point(coordinates, { count: 1 }))
    singleEvents.set(event.eventId, { ...event, lng, lat })
  }
  // The largest clusters keep their buttons; ties by key, so a redraw keeps the same ones.
  const clusterButtons = [...buttons]
    .sort((a, b) => b.count - a.count || (a.key < b.key ? -1 : a.key > b.key ? 1 : 0))
    .slice(0, maxButtons)
  return {
    singles: collection(singles),
    clusters: collection(clusters),
    clusterButtons,
    clusterByKey: new Map(buttons.map((cluster) => [cluster.key, cluster])),
    heat: collection(heat),
    singleEvents,
    featureCount: response.features.length,
    hasApproximate,
    hasOther,
    hasPlaces,
  }
}

function point<P>(coordinates: [number, number], properties: P, id?: number): PointFeature<P> {
  return {
    type: 'Feature',
    ...(id === undefined ? {} : { id }),
    geometry: { type: 'Point', coordinates },
    properties,
  }
}

function collection<P>(features: Array<PointFeature<P>>): PointCollection<P> {
  return { type: 'FeatureCollection', features }
}

/** The empty marks, before the first answer. */
export const NO_MARKS: MapMarks = mapMarksOf(
  { features: [] },
  {
    colorBy: BY_DATASET,
    datasetColors: new Map(),
    valueColors: new Map(),
  },
)

/**
 * How to zoom into a cluster: fit its events' extent, or, when they share one point, zoom in two
 * levels there.
 * @example clusterZoomTarget([2, 48, 2, 48]) // { kind: 'point', lng: 2, lat: 48 }
 */
export function clusterZoomTarget(
  bounds: Bounds,
): { kind: 'bounds'; bounds: Bounds } | { kind: 'point'; lng: number; lat: number } {
  const [west, south, east, north] = bounds
  if (Math.abs(east - west) < 1e-9 && Math.abs(north - south) < 1e-9) return { kind: 'point', lng: west, lat: south }
  return { kind: 'bounds', bounds }
}
