/**
 * The explore map's own sources and layers, declared once as MapLibre style-spec objects (data,
 * not drawing code), and the few calls that put them on a map, feed them and switch them: the
 * basemap is replaced when the colour scheme changes, so {@link installEventLayers} adds them again
 * after each `style.load`.
 *
 * Every circle layer binds its paint per feature in the same way (see {@link perFeature}), so
 * MapLibre compiles one circle shader for all five instead of one each. In a browser without a GPU
 * (WebGL drawn in software) each compile costs about 100 ms of the first frames.
 * @module
 */
import type { GeoJSONSource, LayerSpecification, Map as MapLibreMap } from 'maplibre-gl'

import type { MapMarks } from './map-marks'
import { haloRadiusExpression } from './map-precision'
import type { MapMode } from './view-state'

/**
 * The sources the explore map adds to the basemap: the clusters and single events in one (one
 * setData, one set of tiles for the worker to cut), the heatmap's weighted points in another, fed
 * only while the heatmap shows.
 */
export const MAP_SOURCES = {
  marks: 'chronotope-marks',
  heat: 'chronotope-heat',
} as const

/** The layers the explore map adds, bottom to top. */
export const MAP_LAYERS = {
  heat: 'chronotope-heat',
  clusters: 'chronotope-clusters',
  halos: 'chronotope-halos',
  points: 'chronotope-points',
  centres: 'chronotope-centres',
  highlight: 'chronotope-highlight',
} as const

/** The layers a pointer or a click may pick a single event from (not the halo: it may be huge). */
export const SINGLE_EVENT_LAYERS = [MAP_LAYERS.points, MAP_LAYERS.centres] as const

/** The colours of the map's own marks that follow the page's theme. */
export interface MapTheme {
  /** Clusters and the highlight ring (`--accent`). */
  readonly accent: string
  /** The outline that lifts a point off the basemap (the page background). */
  readonly outline: string
}

/** The theme colours when the page's CSS variables cannot be read. */
export const DEFAULT_MAP_THEMES: Readonly<Record<'light' | 'dark', MapTheme>> = {
  light: { accent: '#0b6e4f', outline: '#ffffff' },
  dark: { accent: '#4cc29a', outline: '#111418' },
}

/** A feature property no mark has, so {@link perFeature} always falls back to its value. */
const UNSET_PROPERTY = 'chronotope-unset'

/**
 * A constant written as a per-feature expression. MapLibre builds a shader per combination of
 * constant and per-feature paint properties; writing every circle layer's constants this way
 * gives all of them the same combination, so one shader.
 * @example perFeature(0.5) // ['coalesce', ['get', 'chronotope-unset'], 0.5]
 */
export function perFeature(value: unknown): unknown[] {
  return ['coalesce', ['get', UNSET_PROPERTY], value]
}

/**
 * A radius as a curve over zoom, `stops` being pairs of zoom and per-feature radius: every circle
 * radius here is one, so all circle layers bind their radius the same way (one shader).
 */
function radiusCurve(...stops: ReadonlyArray<readonly [number, unknown]>): unknown[] {
  return ['interpolate', ['linear'], ['zoom'], ...stops.flat()]
}

/** A radius by zoom from stops of zoom and pixels. */
function radiusByZoom(...stops: ReadonlyArray<readonly [number, number]>): unknown[] {
  return radiusCurve(...stops.map(([zoom, pixels]) => [zoom, perFeature(pixels)] as const))
}

// A point's radius grows a little with zoom so it stays easy to hit.
const POINT_RADIUS = radiusByZoom([0, 4], [8, 5.5], [14, 7])
// Half the cluster's diameter, the same at every zoom.
const HALF_DIAMETER = ['/', ['get', 'diameter'], 2]
const CLUSTER_RADIUS = radiusCurve([0, HALF_DIAMETER], [24, HALF_DIAMETER])
// Whether a cluster mark stands for events at one place.
const IS_PLACE = ['==', ['get', 'place'], true]

/** The paint every circle layer sets, each property per feature (see {@link perFeature}). */
function circlePaint(paint: {
  radius: unknown
  color: unknown
  opacity?: unknown
  strokeColor: unknown
  strokeWidth: number
  strokeOpacity?: unknown
}): Record<string, unknown> {
  const bound = (value: unknown): unknown[] => (Array.isArray(value) ? (value as unknown[]) : perFeature(value))
  return {
    'circle-radius': paint.radius,
    'circle-color': bound(paint.color),
    'circle-opacity': bound(paint.opacity ?? 1),
    'circle-stroke-color': bound(paint.strokeColor),
    'circle-stroke-width': bound(paint.strokeWidth),
    'circle-stroke-opacity': bound(paint.strokeOpacity ?? 1),
  }
}

/** The layers of {@link MAP_LAYERS} for a theme, as style-spec objects. */
export function eventLayers(theme: MapTheme): LayerSpecification[] {
  const layers: unknown[] = [
    {
      id: MAP_LAYERS.heat,
      type: 'heatmap',
      source: MAP_SOURCES.heat,
      layout: { visibility: 'none' },
      paint: {
        // Weighted by count on a log scale, log2(1 + count), so a cell of thousands does not hide
        // the villages around it: a single event weighs 1, a cluster of 1,000 about 10.
        'heatmap-weight': ['/', ['ln', ['+', 1, ['get', 'count']]], Math.LN2],
        // About a cluster cell (64–128 px), so neighbouring cells blend into one surface.
        'heatmap-radius': ['interpolate', ['linear'], ['zoom'], 0, 36, 9, 48],
        'heatmap-intensity': ['interpolate', ['linear'], ['zoom'], 0, 0.35, 9, 1],
        'heatmap-opacity': 0.85,
        'heatmap-color': [
          'interpolate',
          ['linear'],
          ['heatmap-density'],
          0,
          'rgba(33,102,172,0)',
          0.2,
          '#4393c3',
          0.45,
          '#92c5de',
          0.65,
          '#fddbc7',
          0.85,
          '#ef8a62',
          1,
          '#b2182b',
        ],
      },
    },
    {
      // Clusters a disc of the accent; events at one place a ring, which their button splits by mix.
      id: MAP_LAYERS.clusters,
      type: 'circle',
      source: MAP_SOURCES.marks,
      filter: ['has', 'diameter'],
      paint: circlePaint({
        radius: CLUSTER_RADIUS,
        color: ['case', IS_PLACE, theme.outline, theme.accent],
        opacity: 0.88,
        strokeColor: ['case', IS_PLACE, theme.accent, theme.outline],
        strokeWidth: 2,
      }),
    },
    {
      id: MAP_LAYERS.halos,
      type: 'circle',
      source: MAP_SOURCES.marks,
      filter: ['==', ['get', 'approximate'], true],
      paint: circlePaint({
        radius: haloRadiusExpression('haloPx0'),
        color: ['get', 'color'],
        opacity: 0.12,
        strokeColor: ['get', 'color'],
        strokeWidth: 1,
        strokeOpacity: 0.5,
      }),
    },
    {
      id: MAP_LAYERS.points,
      type: 'circle',
      source: MAP_SOURCES.marks,
      filter: ['==', ['get', 'approximate'], false],
      paint: circlePaint({
        radius: POINT_RADIUS,
        color: ['get', 'color'],
        strokeColor: theme.outline,
        strokeWidth: 1.5,
      }),
    },
    {
      // Approximately placed events: a hollow centre, so they never pass for exact points.
      id: MAP_LAYERS.centres,
      type: 'circle',
      source: MAP_SOURCES.marks,
      filter: ['==', ['get', 'approximate'], true],
      paint: circlePaint({
        radius: POINT_RADIUS,
        color: theme.outline,
        opacity: 0.9,
        strokeColor: ['get', 'color'],
        strokeWidth: 2.5,
      }),
    },
    {
      id: MAP_LAYERS.highlight,
      type: 'circle',
      source: MAP_SOURCES.marks,
      filter: highlightFilter([]),
      paint: circlePaint({
        radius: radiusByZoom([0, 9], [8, 10.5], [14, 12]),
        color: theme.accent,
        opacity: 0,
        strokeColor: theme.accent,
        strokeWidth: 3,
      }),
    },
  ]
  return layers as LayerSpecification[]
}

/**
 * The highlight layer's filter: the events with these ids.
 * @example highlightFilter([7]) // ['in', ['get', 'eventId'], ['literal', [7]]]
 */
export function highlightFilter(eventIds: readonly number[]): unknown[] {
  return ['in', ['get', 'eventId'], ['literal', [...eventIds]]]
}

/** Which layers each mode shows. */
export function layerVisibility(mode: MapMode): Record<string, 'visible' | 'none'> {
  const points = mode === 'points' ? 'visible' : 'none'
  return {
    [MAP_LAYERS.heat]: mode === 'heatmap' ? 'visible' : 'none',
    [MAP_LAYERS.clusters]: points,
    [MAP_LAYERS.halos]: points,
    [MAP_LAYERS.points]: points,
    [MAP_LAYERS.centres]: points,
    [MAP_LAYERS.highlight]: points,
  }
}

/** What the layers draw: the marks, the mode and the highlighted events. */
export interface EventLayerState {
  readonly marks: MapMarks
  readonly mode: MapMode
  readonly highlighted: readonly number[]
}

/** Adds the sources and layers to a map whose style has loaded (again), with the current state. */
export function installEventLayers(map: MapLibreMap, theme: MapTheme, state: EventLayerState): void {
  const data = {
    [MAP_SOURCES.marks]: marksCollection(state.marks),
    [MAP_SOURCES.heat]: state.mode === 'heatmap' ? state.marks.heat : NO_POINTS,
  }
  for (const [id, collection] of Object.entries(data)) {
    if (!map.getSource(id)) map.addSource(id, { type: 'geojson', data: asGeoJson(collection) })
  }
  for (const layer of eventLayers(theme)) {
    if (!map.getLayer(layer.id)) map.addLayer(layer)
  }
  showMode(map, state.mode)
  showHighlight(map, state.highlighted)
}

const NO_POINTS = { type: 'FeatureCollection', features: [] } as const

/** The clusters and single events as the one collection of {@link MAP_SOURCES}`.marks`. */
export function marksCollection(marks: MapMarks): { type: 'FeatureCollection'; features: unknown[] } {
  return { type: 'FeatureCollection', features: [...marks.clusters.features, ...marks.singles.features] }
}

/**
 * Feeds new marks to the sources the mode draws (a no-op before the layers are installed); the
 * heatmap's source is fed when the heatmap shows.
 */
export async function showMarks(map: MapLibreMap, marks: MapMarks, mode: MapMode): Promise<void> {
  // Resolves once the worker holds the data; the tiles are cut from it after that.
  await (mode === 'heatmap'
    ? source(map, MAP_SOURCES.heat)?.setData(asGeoJson(marks.heat), true)
    : source(map, MAP_SOURCES.marks)?.setData(asGeoJson(marksCollection(marks)), true))
}

/** Whether the source the mode draws has all its tiles, so the next frame draws the marks. */
export function marksLoaded(map: MapLibreMap, mode: MapMode): boolean {
  const id = mode === 'heatmap' ? MAP_SOURCES.heat : MAP_SOURCES.marks
  return !map.getSource(id) || map.isSourceLoaded(id)
}

/** Shows the layers of a mode. */
export function showMode(map: MapLibreMap, mode: MapMode): void {
  for (const [id, visibility] of Object.entries(layerVisibility(mode))) {
    if (map.getLayer(id)) map.setLayoutProperty(id, 'visibility', visibility)
  }
}

/** Rings the events with these ids. */
export function showHighlight(map: MapLibreMap, eventIds: readonly number[]): void {
  if (map.getLayer(MAP_LAYERS.highlight)) {
    map.setFilter(MAP_LAYERS.highlight, highlightFilter(eventIds) as Parameters<MapLibreMap['setFilter']>[1])
  }
}

function source(map: MapLibreMap, id: string): GeoJSONSource | undefined {
  return map.getSource<GeoJSONSource>(id)
}

// Our point collections are GeoJSON with readonly arrays; MapLibre's types want mutable ones.
function asGeoJson(collection: unknown): Parameters<GeoJSONSource['setData']>[0] {
  return collection as Parameters<GeoJSONSource['setData']>[0]
}
