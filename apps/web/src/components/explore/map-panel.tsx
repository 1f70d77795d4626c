'use client'
/**
 * The explore view's map panel. MapLibre owns the canvas, React owns the page: one map for the
 * panel's life, loaded lazily (`import('maplibre-gl')` in an effect, so it is not in the page's
 * first JavaScript), fed with `setData` as answers of the read API's `map-clusters` arrive for the
 * visible box and zoom. Clusters are numbered buttons (no glyphs needed), events at one place a
 * numbered ring split by their mix, single events coloured points, approximately placed events a
 * hollow centre in a halo of their precision's size; a heatmap mode; a popup for the selected
 * event (`view.event`), and one listing the events of a place (or of a group at the closest zoom);
 * the camera in the URL.
 * @module
 */
import 'maplibre-gl/dist/maplibre-gl.css'

import type { BoundingBox } from '@chronotope/filters'
import { filterStateKey } from '@chronotope/filters'
import { keepPreviousData, queryOptions, useQuery, useQueryClient } from '@tanstack/react-query'
import type { Map as MapLibreMap, PointLike } from 'maplibre-gl'
import { useEffect, useEffectEvent, useId, useMemo, useRef, useState } from 'react'
import { createPortal, flushSync } from 'react-dom'

import type { Bounds, MapClustersResponse } from '../../lib/events-read/read-responses'
import { countOf } from '../../lib/text/format-number'
import { keepBasemapDetailed } from '../map/basemap-detail'
import { loadMapLibre, type MapLibre } from '../map/load-maplibre'
import { useColorScheme } from '../site/use-color-scheme'
import { useExplore } from './explore-context'
import { useBounds, useFieldValueColors, useFilterFields } from './explore-queries'
import styles from './map.module.css'
import {
  boundingBoxKey,
  cameraOfView,
  clusterZoom,
  queryBoundingBox,
  sameCamera,
  urlCamera,
  type MapCamera,
} from './map-camera'
import { ClusterMarkers } from './map-cluster-markers'
import { fitPadding, fittedCamera, POINT_FIT_ZOOM, viewBox, MAX_FIT_ZOOM } from './map-fit'
import {
  DEFAULT_MAP_THEMES,
  installEventLayers,
  MAP_LAYERS,
  marksLoaded,
  SINGLE_EVENT_LAYERS,
  showHighlight,
  showMarks,
  showMode,
  type MapTheme,
} from './map-layers'
import { MapControls, MapLegend } from './map-legend'
import { colorByOptions, legendEntries, selectedDatasets } from './map-legend-entries'
import {
  clusterZoomTarget,
  MAP_MAX_ZOOM,
  mapMarksOf,
  NO_MARKS,
  type ClusterButton,
  type MapMarks,
  type MarkColoring,
} from './map-marks'
import { MapPlaceList } from './map-place-list'
import { MapPopupContent } from './map-popup'
import { openMapPopup } from './map-popup-box'
import { fetchSelectedEvent } from './map-selected-event'
import { mapStyleChoice, mapStyleOfPage } from './map-style-setting'
import { BY_DATASET, narrowFilterState, type MapMode } from './view-state'

// Begun as soon as this module runs in the browser, while React is still hydrating the page,
// rather than once the panel has mounted.
if (typeof window !== 'undefined') void loadMapLibre().catch(() => undefined)

/** The canvas's name for screen readers. */
const MAP_LABEL = 'Map of the filtered events; arrow keys pan, + and − zoom'
/**
 * Moves by keys or the wheel come in runs (a held arrow key, a spun wheel): their answers are asked
 * for once the map has rested this long. A drag or a pinch ends once, at `moveend`: asked at once.
 */
const MOVE_DEBOUNCE_MS = 40
/** The longest the panel waits for the map to draw new marks before it says they are shown. */
const DRAWN_FALLBACK_MS = 3_000
/** The loading notice waits this long, so quick answers do not flash it. */
const LOADING_NOTICE_DELAY_MS = 300
/** Where the map opens without a camera in the URL, before the data's extent is known. */
const WORLD: MapCamera = { lng: 10, lat: 25, zoom: 1 }
/** How far from the map's edges an event chosen in the list must be to stay where it is, in pixels. */
const VIEW_MARGIN_PX = 90
/** How far from a click or the centre (Enter) a mark may be and still be picked, in pixels. */
const PICK_RADIUS_PX = { pointer: 6, keyboard: 24 }

/** Whether a move ended by `event` may be followed by another at once: a key press or a wheel turn. */
function comesInRuns(event: Event | undefined): boolean {
  return event instanceof KeyboardEvent || event instanceof WheelEvent
}

const marksMade = new WeakMap<MapClustersResponse, { coloring: MarkColoring; marks: MapMarks }>()

/**
 * The marks of an answer in a colouring, made once: an answer handed to the map as it arrives and
 * the render after it get the same object, so the map is not fed it twice.
 */
function marksOfAnswer(answer: MapClustersResponse, coloring: MarkColoring): MapMarks {
  const made = marksMade.get(answer)
  if (made?.coloring === coloring) return made.marks
  const marks = mapMarksOf(answer, coloring)
  marksMade.set(answer, { coloring, marks })
  return marks
}

/** Marks handed to the map outside a render, and the promise of the worker holding them. */
interface FedMarks {
  readonly marks: MapMarks
  readonly mode: MapMode
  readonly fed: Promise<void>
}

/** True once `flag` has been true for `delayMs`. */
function useDelayedFlag(flag: boolean, delayMs: number): boolean {
  const [late, setLate] = useState(false)
  useEffect(() => {
    if (!flag) return
    const timer = setTimeout(() => setLate(true), delayMs)
    return () => {
      clearTimeout(timer)
      setLate(false)
    }
  }, [flag, delayMs])
  return flag && late
}

function themeOf(element: HTMLElement | null, scheme: 'light' | 'dark'): MapTheme {
  const fallback = DEFAULT_MAP_THEMES[scheme]
  if (!element) return fallback
  const style = getComputedStyle(element)
  return {
    accent: style.getPropertyValue('--accent').trim() || fallback.accent,
    outline: style.getPropertyValue('--bg').trim() || fallback.outline,
  }
}

/** The box and cluster zoom the map's clusters are asked for. */
interface MapArea {
  readonly bbox: BoundingBox
  readonly zoom: number
}

function sameArea(a: MapArea, b: MapArea): boolean {
  return a.zoom === b.zoom && boundingBoxKey(a.bbox) === boundingBoxKey(b.bbox)
}

/** What a click or Enter picked: a single event or a cluster. */
type Pick = { kind: 'event'; eventId: number } | { kind: 'cluster'; cluster: ClusterButton }

/** Whether the map is at its closest zoom, where no cluster can be split by zooming in. */
function isAtClosestZoom(map: MapLibreMap): boolean {
  return map.getZoom() >= map.getMaxZoom() - 0.01
}

/** The mark nearest a screen point within a radius, single events before clusters. */
function pickAt(map: MapLibreMap, point: { x: number; y: number }, radius: number, marks: MapMarks): Pick | null {
  const layers = [...SINGLE_EVENT_LAYERS, MAP_LAYERS.clusters].filter((id) => map.getLayer(id))
  if (layers.length === 0) return null
  const box: [PointLike, PointLike] = [
    [point.x - radius, point.y - radius],
    [point.x + radius, point.y + radius],
  ]
  let best: { pick: Pick; distance: number; isEvent: boolean } | null = null
  for (const feature of map.queryRenderedFeatures(box, { layers })) {
    const geometry = feature.geometry
    if (geometry.type !== 'Point') continue
    const at = map.project(geometry.coordinates as [number, number])
    const distance = Math.hypot(at.x - point.x, at.y - point.y)
    const properties = feature.properties as Record<string, unknown>
    let pick: Pick | null = null
    if (feature.layer.id === MAP_LAYERS.clusters) {
      const cluster = marks.clusterByKey.get(String(properties.key))
      if (cluster) pick = { kind: 'cluster', cluster }
    } else {
      pick = { kind: 'event', eventId: Number(properties.eventId) }
    }
    if (!pick) continue
    const isEvent = pick.kind === 'event'
    if (!best || (isEvent && !best.isEvent) || (isEvent === best.isEvent && distance < best.distance)) {
      best = { pick, distance, isEvent }
    }
  }
  return best?.pick ?? null
}

/** Whether a place is on screen and at least {@link VIEW_MARGIN_PX} from the map's edges. */
function isWellInView(map: MapLibreMap, lng: number, lat: number): boolean {
  if (!map.getBounds().contains([lng, lat])) return false
  const at = map.project([lng, lat])
  const { clientWidth: width, clientHeight: height } = map.getContainer()
  const margin = Math.min(VIEW_MARGIN_PX, width / 4, height / 4)
  return at.x >= margin && at.x <= width - margin && at.y >= margin && at.y <= height - margin
}

/** The width of the list of a place's events, docked to the map's right side, with its margins (px). */
const PLACE_LIST_SPAN_PX = 21 * 16 + 3.75 * 16
/** Below this width the list is a sheet along the map's bottom, up to 70 % of its height (px). */
const PLACE_LIST_SHEET_BELOW_PX = 34 * 16

/** Pans the map so a mark whose events are listed is not under the list. */
function keepClearOfList(map: MapLibreMap, mark: { lng: number; lat: number }): void {
  const { x, y } = map.project([mark.lng, mark.lat])
  const { clientWidth: width, clientHeight: height } = map.getContainer()
  if (width < PLACE_LIST_SHEET_BELOW_PX) {
    // Just under the controls, above the sheet.
    if (y > height * 0.3) map.panBy([0, y - height * 0.25])
    return
  }
  const clear = width - PLACE_LIST_SPAN_PX
  if (x > clear - 24) map.panBy([x - clear / 2, 0])
}

/** Moves the map to show a box of events (or a point), with room for the controls. */
function showBounds(map: MapLibreMap, bounds: Bounds, animate: boolean): void {
  const [west, south, rawEast, north] = bounds
  // A box across the antimeridian (west > east) is fitted the short way round.
  const east = rawEast < west ? rawEast + 360 : rawEast
  const target = clusterZoomTarget([west, south, east, north])
  if (target.kind === 'point') {
    const zoom = Math.max(map.getZoom(), POINT_FIT_ZOOM)
    if (animate) map.easeTo({ center: [target.lng, target.lat], zoom })
    else map.jumpTo({ center: [target.lng, target.lat], zoom })
    return
  }
  const { clientWidth: width, clientHeight: height } = map.getContainer()
  map.fitBounds(
    [
      [west, south],
      [east, north],
    ],
    { padding: fitPadding({ width, height }), maxZoom: MAX_FIT_ZOOM, animate },
  )
}

/** The explore view's map: clusters, events, heatmap, legend and popup. */
export function MapPanel() {
  const { view, setView, filters, mapFilters, client, datasets, datasetColors, hoveredEventId, setHoveredEventId } =
    useExplore()
  const scheme = useColorScheme()
  const descriptionId = useId()

  const containerRef = useRef<HTMLDivElement>(null)
  const mapRef = useRef<MapLibreMap | null>(null)
  const libRef = useRef<MapLibre | null>(null)
  const markersRef = useRef<ClusterMarkers | null>(null)
  const styleKeyRef = useRef<string | null>(null)
  // Without a camera in the URL, the map fits the data's extent once, when it is known.
  const needsFit = useRef(cameraOfView(view) === null)
  // The fitted camera worked out before MapLibre loaded, which the map then opens at.
  const prefitCamera = useRef<MapCamera | null>(null)
  // The camera this panel last wrote, so the URL echoing it back does not move the map.
  const lastWritten = useRef<MapCamera | null>(null)
  const skipUrlWrite = useRef(false)
  const openedFromMap = useRef(false)
  // Whether the hovered event was set by the map's pointer (so leaving it clears it).
  const hoveredByMap = useRef(false)

  const [ready, setReady] = useState(false)
  // The map exists (its style may still be loading): it can be moved and asked what it shows.
  const [created, setCreated] = useState(false)
  const [mapFailure, setMapFailure] = useState<string | null>(null)
  const [area, setArea] = useState<MapArea | null>(null)
  // From a move's start until its answer is asked for, the marks on screen are for another view.
  const [moving, setMoving] = useState(false)
  const [popupNode, setPopupNode] = useState<HTMLDivElement | null>(null)
  // The place (or group at the closest zoom) whose events the list popup shows, with the filters it
  // was opened under: other filters close it.
  const [groupOpened, setGroupOpened] = useState<{ group: ClusterButton; filterKey: string } | null>(null)
  // The event selected in that list, which stays open for it.
  const groupSelection = useRef<number | null>(null)

  const colorField = view.color === BY_DATASET ? undefined : view.color
  const valueColors = useFieldValueColors(colorField)
  const fields = useFilterFields(filters)
  const bounds = useBounds(mapFilters)
  const queryClient = useQueryClient()
  const clustersOf = (at: MapArea | null) =>
    queryOptions({
      queryKey: [
        'map-clusters',
        filterStateKey(mapFilters),
        at ? boundingBoxKey(at.bbox) : '',
        at?.zoom ?? -1,
        colorField ?? '',
      ],
      queryFn: ({ signal }) => {
        const { bbox, zoom } = at!
        return client.mapClusters(
          { ...narrowFilterState(mapFilters, { bbox }), bbox },
          { zoom, color: colorField },
          signal,
        )
      },
    })
  const clusters = useQuery({ ...clustersOf(area), enabled: area !== null, placeholderData: keepPreviousData })

  const datasetNames = useMemo(
    () => new Map([...datasets.values()].map((dataset) => [dataset.id, dataset.name])),
    [datasets],
  )
  const coloring = useMemo<MarkColoring>(
    () => ({ colorBy: view.color, datasetColors, valueColors, datasetNames }),
    [view.color, datasetColors, valueColors, datasetNames],
  )
  const marks = useMemo(
    () => (clusters.data ? marksOfAnswer(clusters.data, coloring) : NO_MARKS),
    [clusters.data, coloring],
  )
  // Marks the map was fed before the render that shows them (see feedAnswer).
  const fedEarly = useRef<FedMarks | null>(null)

  const mapFilterKey = filterStateKey(mapFilters)
  const openGroup = groupOpened?.filterKey === mapFilterKey ? groupOpened.group : null
  const setOpenGroup = (group: ClusterButton | null) => setGroupOpened(group && { group, filterKey: mapFilterKey })

  const selectedId = view.event
  const selectedInMarks = selectedId === null ? undefined : marks.singleEvents.get(selectedId)
  const fetchedSelection = useQuery({
    queryKey: ['map-event', selectedId],
    queryFn: ({ signal }) => fetchSelectedEvent(selectedId!, signal),
    enabled: selectedId !== null && !selectedInMarks,
    staleTime: 60_000,
  })
  const selected =
    selectedInMarks ?? (fetchedSelection.data?.eventId === selectedId ? fetchedSelection.data : null) ?? null

  const highlighted = useMemo(
    () => [hoveredEventId, view.event].filter((id): id is number => id !== null),
    [hoveredEventId, view.event],
  )

  // --- What the map's listeners call: always the latest state, without re-registering. ---

  const initialMapSetup = useEffectEvent(() => {
    const prefit = needsFit.current ? prefitCamera.current : null
    // Opened already fitted: nothing to fit once the style has loaded.
    if (prefit) needsFit.current = false
    const camera = cameraOfView(view) ?? prefit ?? WORLD
    const { style, key } = mapStyleChoice(scheme, mapStyleOfPage())
    styleKeyRef.current = key
    return { camera, style }
  })

  // The answer for an area if it has arrived, rendered or not.
  const answerOf = (at: MapArea | null) => (at ? queryClient.getQueryData(clustersOf(at).queryKey) : undefined)

  const onStyleLoad = useEffectEvent(() => {
    const map = mapRef.current
    if (!map) return
    const answer = answerOf(area)
    const current = answer ? marksOfAnswer(answer, coloring) : marks
    installEventLayers(map, themeOf(containerRef.current, scheme), { marks: current, mode: view.mode, highlighted })
    if (current !== marks) fedEarly.current = { marks: current, mode: view.mode, fed: Promise.resolve() }
    setReady(true)
  })

  // A first answer goes to the map's worker as soon as it arrives: the render it leads to (every
  // panel, as the others' answers land at the same time) would hold it up by a hundred milliseconds.
  const feedAnswer = useEffectEvent((at: MapArea) => {
    const map = mapRef.current
    const answer = answerOf(at)
    // Only the answer for the area the panel shows: the user may have moved the map meanwhile.
    if (!map || !ready || !answer || !area || !sameArea(at, area)) return
    const early = marksOfAnswer(answer, coloring)
    if (early === marks) return
    fedEarly.current = { marks: early, mode: view.mode, fed: showMarks(map, early, view.mode) }
  })

  // Asked for at once, not after the render setArea leads to: on a first load MapLibre's start-up
  // holds the main thread for a few hundred milliseconds before that render would run.
  const askClusters = useEffectEvent((at: MapArea) => {
    void queryClient.prefetchQuery(clustersOf(at)).then(() => feedAnswer(at))
  })

  const updateArea = useEffectEvent(() => {
    const map = mapRef.current
    // A hidden map (another phone tab) has no size and nothing to ask for.
    if (!map || needsFit.current || map.getContainer().clientWidth === 0) return
    const box = map.getBounds()
    setArea({
      bbox: queryBoundingBox({
        west: box.getWest(),
        south: box.getSouth(),
        east: box.getEast(),
        north: box.getNorth(),
      }),
      zoom: clusterZoom(map.getZoom()),
    })
  })

  const onMoveEnd = useEffectEvent(() => {
    const map = mapRef.current
    setMoving(false)
    if (!map) return
    updateArea()
    if (skipUrlWrite.current) {
      skipUrlWrite.current = false
      return
    }
    if (needsFit.current || map.getContainer().clientWidth === 0) return
    const center = map.getCenter()
    const camera = urlCamera({ lng: center.lng, lat: center.lat, zoom: map.getZoom() })
    const inUrl = cameraOfView(view)
    if (inUrl && sameCamera(inUrl, camera)) return
    lastWritten.current = camera
    setView(camera, 'follow')
  })

  const select = useEffectEvent((eventId: number | null, fromMap: boolean) => {
    if (eventId === view.event) return
    openedFromMap.current = fromMap && eventId !== null
    // Picking pushes a history entry (back closes it); closing replaces.
    setView({ event: eventId }, eventId === null ? 'replace' : 'push')
  })

  const zoomIntoCluster = useEffectEvent((cluster: ClusterButton) => {
    const map = mapRef.current
    if (!map) return
    const target = clusterZoomTarget(cluster.bounds)
    if (target.kind === 'point') {
      map.easeTo({ center: [target.lng, target.lat], zoom: map.getZoom() + 2 })
      return
    }
    const [west, south, east, north] = target.bounds
    const { clientWidth: width, clientHeight: height } = map.getContainer()
    const camera = map.cameraForBounds(
      [
        [west, south],
        [east, north],
      ],
      { padding: fitPadding({ width, height }), maxZoom: map.getMaxZoom() },
    )
    // A cluster of a few metres at a close zoom: in at least one level, never out.
    const zoom = Math.min(map.getMaxZoom(), Math.max(camera?.zoom ?? 0, map.getZoom() + 1))
    map.easeTo({ center: camera?.center ?? [cluster.lng, cluster.lat], zoom })
  })

  // A place's events, or a group the closest zoom cannot split: listed in a popup; else zoom in.
  const activateCluster = useEffectEvent((cluster: ClusterButton) => {
    const map = mapRef.current
    if (!map) return
    if (!cluster.isPlace && !isAtClosestZoom(map)) {
      zoomIntoCluster(cluster)
      return
    }
    groupSelection.current = null
    // The list stands for the selected event's popup: a selection made before closes with it.
    select(null, true)
    setOpenGroup(cluster)
    keepClearOfList(map, cluster)
  })

  const onPick = useEffectEvent((point: { x: number; y: number }, radius: number, clearOnMiss: boolean) => {
    const map = mapRef.current
    if (!map) return
    const pick = pickAt(map, point, radius, marks)
    if (pick?.kind === 'event') select(pick.eventId, true)
    else if (pick?.kind === 'cluster') activateCluster(pick.cluster)
    else if (clearOnMiss) select(null, true)
  })

  const onPointerMove = useEffectEvent((point: { x: number; y: number } | null) => {
    const map = mapRef.current
    if (!map) return
    const pick = point ? pickAt(map, point, PICK_RADIUS_PX.pointer, marks) : null
    map.getCanvas().style.cursor = pick ? 'pointer' : ''
    const eventId = pick?.kind === 'event' ? pick.eventId : null
    if (eventId !== hoveredEventId && (eventId !== null || hoveredByMap.current)) {
      hoveredByMap.current = eventId !== null
      setHoveredEventId(eventId)
    }
  })

  const onMapFailure = useEffectEvent((message: string) => {
    // Before the first style load the map cannot show anything: say so. Later errors (a tile of
    // an online style, say) leave the map usable, so they go to the console as MapLibre's would.
    if (!ready) setMapFailure(message)
    else console.error(message)
  })

  // --- The map's life: created once, removed with the panel. ---
  useEffect(() => {
    let cancelled = false
    let map: MapLibreMap | undefined
    let observer: ResizeObserver | undefined
    let moveTimer: ReturnType<typeof setTimeout> | undefined
    void loadMapLibre().then(
      (lib) => {
        const container = containerRef.current
        if (cancelled || !container) return
        const { camera, style } = initialMapSetup()
        try {
          map = new lib.Map({
            container,
            style,
            center: [camera.lng, camera.lat],
            zoom: camera.zoom,
            attributionControl: false,
            dragRotate: false,
            pitchWithRotate: false,
            touchPitch: false,
            maxZoom: MAP_MAX_ZOOM,
            locale: { 'Map.Title': MAP_LABEL },
          })
        } catch (error) {
          setMapFailure(`This browser could not draw the map (${(error as Error).message}). WebGL may be turned off.`)
          return
        }
        const created = map
        created.touchZoomRotate.disableRotation()
        created.keyboard.disableRotation()
        created.addControl(new lib.NavigationControl({ showCompass: false }), 'top-right')
        created.addControl(new lib.AttributionControl({ compact: true }), 'bottom-right')
        const canvas = created.getCanvas()
        canvas.setAttribute('aria-describedby', descriptionId)
        // Before our layers' own handler, so it reads the style before our data is in it.
        keepBasemapDetailed(created)
        created.on('style.load', () => onStyleLoad())
        // Ask for the marks as soon as the style is read, not once the basemap's countries have
        // loaded ('load'): the view is known, and the answer travels while the basemap draws.
        let areaAsked = false
        created.on('style.load', () => {
          if (areaAsked) return
          areaAsked = true
          updateArea()
        })
        created.on('movestart', (event) => {
          setMoving(true)
          // The user moved first: no fitting to the data afterwards.
          if (event.originalEvent && needsFit.current) {
            needsFit.current = false
          }
        })
        created.on('moveend', (event) => {
          clearTimeout(moveTimer)
          if (comesInRuns(event.originalEvent)) moveTimer = setTimeout(() => onMoveEnd(), MOVE_DEBOUNCE_MS)
          else onMoveEnd()
        })
        created.on('click', (event) => onPick(event.point, PICK_RADIUS_PX.pointer, true))
        created.on('mousemove', (event) => onPointerMove(event.point))
        created.on('mouseout', () => onPointerMove(null))
        created.on('error', (event) => {
          const { error } = event as { error?: unknown }
          onMapFailure(`The base map could not be loaded (${error instanceof Error ? error.message : 'unknown error'})`)
        })
        canvas.addEventListener('keydown', (event) => {
          if (event.key === 'Enter') {
            const centre = created.project(created.getCenter())
            onPick(centre, PICK_RADIUS_PX.keyboard, false)
          } else if (event.key === 'Escape') {
            select(null, true)
          }
        })
        observer = new ResizeObserver(() => created.resize())
        observer.observe(container)
        libRef.current = lib
        mapRef.current = created
        const buttonClasses = { cluster: styles.cluster!, place: `${styles.cluster} ${styles.place}` }
        markersRef.current = new ClusterMarkers(created, lib.Marker, buttonClasses, (cluster, byKeyboard) => {
          activateCluster(cluster)
          // A cluster's button goes away with the next answer; keep keyboard users on the map.
          if (byKeyboard && !cluster.isPlace && !isAtClosestZoom(created)) created.getCanvas().focus()
        })
        setPopupNode(document.createElement('div'))
        setCreated(true)
      },
      (error: Error) => {
        if (!cancelled) setMapFailure(`The map could not be loaded (${error.message}). Reload the page to try again.`)
      },
    )
    return () => {
      cancelled = true
      clearTimeout(moveTimer)
      observer?.disconnect()
      markersRef.current?.clear()
      markersRef.current = null
      mapRef.current = null
      map?.remove()
      setCreated(false)
    }
  }, [descriptionId])

  // The basemap follows the colour scheme; our layers come back on its `style.load`.
  useEffect(() => {
    const map = mapRef.current
    if (!map || !ready) return
    const { style, key } = mapStyleChoice(scheme, mapStyleOfPage())
    if (key === styleKeyRef.current) return
    styleKeyRef.current = key
    map.setStyle(style, { diff: false })
  }, [scheme, ready])

  // Without a camera in the URL, as soon as the data's extent is known and while MapLibre may still
  // be loading: work out the fitted view and ask for its clusters, so they travel in parallel.
  useEffect(() => {
    const container = containerRef.current
    const extent = bounds.data?.bounds
    if (mapRef.current || !needsFit.current || !extent || !container || container.clientWidth === 0) return
    const size = { width: container.clientWidth, height: container.clientHeight }
    const camera = fittedCamera(extent, size)
    prefitCamera.current = camera
    const fitted = { bbox: queryBoundingBox(viewBox(camera, size)), zoom: clusterZoom(camera.zoom) }
    askClusters(fitted)
    setArea(fitted)
  }, [bounds.data])

  // Without a camera in the URL: fit the data's extent once, without animation.
  useEffect(() => {
    const map = mapRef.current
    // Not waiting for the style: the clusters of the fitted view are asked for while it loads.
    if (!map || !created || !needsFit.current || bounds.isPending) return
    needsFit.current = false
    const extent = bounds.data?.bounds
    if (extent) {
      skipUrlWrite.current = true
      showBounds(map, extent, false)
    }
    updateArea()
  }, [created, bounds.isPending, bounds.data])

  // A camera arriving in the URL from elsewhere (back, forward, a pasted link) moves the map.
  useEffect(() => {
    const map = mapRef.current
    const camera = cameraOfView({ lng: view.lng, lat: view.lat, zoom: view.zoom })
    if (!map || !ready || !camera || map.isMoving()) return
    if (lastWritten.current && sameCamera(camera, lastWritten.current)) return
    const center = map.getCenter()
    if (sameCamera(camera, { lng: center.lng, lat: center.lat, zoom: map.getZoom() })) return
    lastWritten.current = camera
    needsFit.current = false
    map.jumpTo({ center: [camera.lng, camera.lat], zoom: camera.zoom })
  }, [view.lng, view.lat, view.zoom, ready])

  // New marks: the sources' data and the cluster buttons; drawn by the first frame that has
  // all their tiles (the basemap may still be loading below them).
  const [drawnMarks, setDrawnMarks] = useState<typeof marks | null>(null)
  useEffect(() => {
    const map = mapRef.current
    if (!map || !ready) return
    const early = fedEarly.current
    fedEarly.current = null
    const fed = early?.marks === marks && early.mode === view.mode ? early.fed : showMarks(map, marks, view.mode)
    let current = true
    const drawn = () => {
      if (!current) return
      clearTimeout(fallback)
      // The cluster buttons' numbers come with their circles, not before them.
      markersRef.current?.update(view.mode === 'points' ? marks.clusterButtons : [])
      // Said in the frame that draws them: a render left to React's scheduler waits behind the
      // map's next frames, and the panel would say "loading" over marks already shown.
      flushSync(() => setDrawnMarks(marks))
    }
    // Whichever comes first after the data is in: a frame with the marks' tiles, or the map at rest.
    const onRender = () => {
      if (!marksLoaded(map, view.mode)) return
      stopWatching()
      drawn()
    }
    const onIdle = () => {
      stopWatching()
      drawn()
    }
    const stopWatching = () => {
      map.off('render', onRender)
      map.off('sourcedata', onRender)
      map.off('idle', onIdle)
    }
    void fed.then(() => {
      if (!current) return
      map.on('render', onRender)
      map.on('sourcedata', onRender)
      map.on('idle', onIdle)
      map.triggerRepaint()
    })
    // A map that cannot render (hidden, or a lost WebGL context) draws no frame: do not wait forever.
    const fallback = setTimeout(drawn, DRAWN_FALLBACK_MS)
    return () => {
      current = false
      clearTimeout(fallback)
      stopWatching()
    }
  }, [marks, view.mode, ready])

  useEffect(() => {
    const map = mapRef.current
    if (map && ready) showMode(map, view.mode)
  }, [view.mode, ready])

  useEffect(() => {
    const map = mapRef.current
    if (map && ready) showHighlight(map, highlighted)
  }, [highlighted, ready])

  // The popup of the selected event; closing it clears the selection. A place's list stands for it.
  const selectedLng = selected?.lng
  const selectedLat = selected?.lat
  const selectedEventId = selected?.eventId
  const groupIsOpen = openGroup !== null
  useEffect(() => {
    const map = mapRef.current
    const lib = libRef.current
    if (!map || !lib || !ready || !popupNode || selectedEventId === undefined || groupIsOpen) return
    if (selectedLng === undefined || selectedLat === undefined) return
    const fromMap = openedFromMap.current
    openedFromMap.current = false
    const remove = openMapPopup(lib, map, [selectedLng, selectedLat], popupNode, {
      focusAfterOpen: fromMap,
      onClose: () => select(null, true),
    })
    // Chosen in the list and off screen or at its edge: bring it in, with room for the popup.
    if (!fromMap && !isWellInView(map, selectedLng, selectedLat)) map.easeTo({ center: [selectedLng, selectedLat] })
    return remove
  }, [selectedEventId, selectedLng, selectedLat, ready, popupNode, groupIsOpen])

  // Closing the list of a place's events clears the selection made in it.
  const closeGroup = () => {
    setGroupOpened(null)
    if (groupSelection.current !== null && view.event === groupSelection.current) setView({ event: null }, 'replace')
    groupSelection.current = null
    mapRef.current?.getCanvas().focus()
  }

  useEffect(() => markersRef.current?.setOpen(openGroup?.key ?? null), [openGroup])

  // Another selection (the list panel, a single event on the map) closes it.
  useEffect(() => {
    if (view.event !== null && view.event !== groupSelection.current) setGroupOpened(null)
  }, [view.event])

  const selectInGroup = (eventId: number) => {
    groupSelection.current = eventId
    setView({ event: eventId }, 'push')
  }

  // --- What the panel says. ---
  const failure = mapFailure ?? (clusters.isError && !clusters.isFetching ? clusters.error.message : null)
  const noEventsAtAll = bounds.data?.count === 0
  const loading =
    !mapFailure && (!ready || area === null || clusters.isPending || clusters.isFetching || drawnMarks !== marks)
  const state = failure
    ? 'error'
    : noEventsAtAll && !clusters.isFetching
      ? 'empty'
      : loading || moving
        ? 'loading'
        : 'ready'
  // Only a wait for the server shows the notice, not a drag in progress.
  const showLoading = useDelayedFlag(state === 'loading' && loading, LOADING_NOTICE_DELAY_MS)
  const noneHere = state === 'ready' && clusters.data?.total === 0

  const legendDatasets = useMemo(() => selectedDatasets(filters, datasets), [filters, datasets])
  const entries = legendEntries(view.color, legendDatasets, datasetColors, valueColors, marks.hasOther)
  const options = colorByOptions(fields.data?.fields, view.color)
  const dataExtent = bounds.data?.bounds ?? null

  const zoomToData = () => {
    const map = mapRef.current
    if (map && dataExtent) showBounds(map, dataExtent, true)
  }

  return (
    <div
      className={`${styles.panel} map-controls-themed`}
      data-testid="explore-map"
      data-state={state}
      data-marks={marks.featureCount}
    >
      <div ref={containerRef} className={styles.canvas} />
      <p id={descriptionId} className="visually-hidden">
        Press Enter to open the event nearest the centre of the map, or to zoom into the group of events there.
        {marks.featureCount > 0 &&
          ` The map shows ${countOf(clusters.data?.total ?? 0, 'event')} in ${marks.featureCount} marks.`}
      </p>
      <MapControls
        mode={view.mode}
        onMode={(mode) => setView({ mode }, 'push')}
        colorBy={view.color}
        colorOptions={options}
        onColorBy={(color) => setView({ color }, 'push')}
        onZoomToData={zoomToData}
        canZoomToData={dataExtent !== null && ready}
      />
      <MapLegend
        mode={view.mode}
        title={view.color === BY_DATASET ? 'dataset' : view.color}
        entries={entries}
        showRing={marks.hasApproximate}
        showPlaces={marks.hasPlaces}
      />
      {state === 'error' && (
        <div className={`${styles.overlay} ${styles.error}`} role="alert">
          <p>{failure}</p>
          {!mapFailure && (
            <p>
              <button type="button" onClick={() => void clusters.refetch()}>
                Retry
              </button>
            </p>
          )}
        </div>
      )}
      {state === 'empty' && (
        <div className={styles.overlay} role="status">
          <p>No events with a place match these filters</p>
        </div>
      )}
      {noneHere && (
        <div className={styles.overlay} role="status">
          <p>None of the filtered events is in this part of the map.</p>
          <p>
            <button type="button" onClick={zoomToData} disabled={dataExtent === null}>
              Zoom to data
            </button>
          </p>
        </div>
      )}
      {showLoading && (
        <div className={`${styles.overlay} ${styles.loadingNotice}`} role="status">
          <p>Loading events…</p>
        </div>
      )}
      {popupNode &&
        selected &&
        createPortal(
          <MapPopupContent event={selected} datasetName={datasets.get(selected.datasetId)?.name} />,
          popupNode,
        )}
      {openGroup && (
        <MapPlaceList
          key={openGroup.key}
          group={openGroup}
          selectedId={view.event}
          onSelect={selectInGroup}
          onClose={closeGroup}
        />
      )}
    </div>
  )
}
