'use client'
/**
 * The event page's small map: the offline basemap in the page's theme and one mark where the event
 * is; a halo around it when the place is an area's centre (city, region, country, postal area),
 * sized to the area, so nobody mistakes it for the exact spot; and, so a reader can tell where
 * that is, the names of the countries and cities around it and a locator of the region in the
 * corner. MapLibre loads only when this component mounts, in its own chunk.
 * @module
 */
import 'maplibre-gl/dist/maplibre-gl.css'

import type { Map as MapLibreMap } from 'maplibre-gl'
import { useEffect, useRef, useState } from 'react'

import { keepBasemapDetailed } from '../map/basemap-detail'
import { loadMapLibre } from '../map/load-maplibre'
import { useColorScheme } from '../site/use-color-scheme'
import { EventLocator } from './event-locator'
import styles from './event-map.module.css'
import { eventMapZoom, haloRadiusAtZoom0Px } from './event-map-view'
import { PlaceLabelMarkers } from './place-label-markers'

/** Where the event is and how precisely. */
export interface EventMapProps {
  readonly longitude: number
  readonly latitude: number
  /** The event's `coordinates.precision` (country … rooftop), if known. */
  readonly precision: string | null
  /** What screen readers hear for the map, e.g. "Map: Delhi, IN, placed at the centre of the city". */
  readonly label: string
}

const SOURCE = 'event'
const LABEL_CLASSES = {
  label: styles.label!,
  atMark: styles.atMark!,
  country: styles.country!,
  capital: styles.capital!,
  city: styles.city!,
}
const TOP_ZOOM = 24

function styleUrl(scheme: 'light' | 'dark'): string {
  return `/basemap/style-${scheme}.json`
}

function accentColour(element: HTMLElement): string {
  return getComputedStyle(element).getPropertyValue('--accent').trim() || '#0b6e4f'
}

/** The parts of the map the locator covers, relative to the map's container. */
function coveredBoxes(container: HTMLElement) {
  const locator = container.parentElement?.querySelector('figure')
  if (!locator) return []
  const map = container.getBoundingClientRect()
  const box = locator.getBoundingClientRect()
  return [
    { left: box.left - map.left, top: box.top - map.top, right: box.right - map.left, bottom: box.bottom - map.top },
  ]
}

/** Adds the event's source and layers; called on every style load, as a new style drops them. */
function addEventLayers(map: MapLibreMap, props: EventMapProps, colour: string): void {
  if (map.getSource(SOURCE)) return
  const haloPx0 = haloRadiusAtZoom0Px(props.precision, props.latitude)
  map.addSource(SOURCE, {
    type: 'geojson',
    data: { type: 'Point', coordinates: [props.longitude, props.latitude] },
  })
  if (haloPx0 > 0) {
    map.addLayer({
      id: 'event-halo',
      type: 'circle',
      source: SOURCE,
      paint: {
        // The area's radius on the ground at every zoom: doubled per level from zoom 0.
        'circle-radius': ['interpolate', ['exponential', 2], ['zoom'], 0, haloPx0, TOP_ZOOM, haloPx0 * 2 ** TOP_ZOOM],
        'circle-color': colour,
        'circle-opacity': 0.16,
        'circle-stroke-color': colour,
        'circle-stroke-width': 1.5,
        'circle-stroke-opacity': 0.7,
      },
    })
  }
  map.addLayer({
    id: 'event-point',
    type: 'circle',
    source: SOURCE,
    paint: {
      'circle-radius': 7,
      'circle-color': colour,
      'circle-stroke-color': '#ffffff',
      'circle-stroke-width': 2,
    },
  })
}

/** The map, with a fixed height so the page never jumps; loading and error states in the same box. */
export function EventMap(props: EventMapProps) {
  const containerRef = useRef<HTMLDivElement>(null)
  const mapRef = useRef<MapLibreMap | null>(null)
  const labelsRef = useRef<PlaceLabelMarkers | null>(null)
  const propsRef = useRef(props)
  const scheme = useColorScheme()
  const schemeRef = useRef(scheme)
  const [state, setState] = useState<'loading' | 'ready' | { error: string }>('loading')
  const [attempt, setAttempt] = useState(0)
  const { longitude, latitude, precision } = props

  useEffect(() => {
    propsRef.current = { ...propsRef.current, longitude, latitude, precision }
  }, [longitude, latitude, precision])
  useEffect(() => {
    schemeRef.current = scheme
  }, [scheme])

  useEffect(() => {
    const container = containerRef.current
    if (!container) return
    let cancelled = false
    let map: MapLibreMap | null = null
    loadMapLibre()
      .then(({ Map, Marker, NavigationControl }) => {
        if (cancelled) return
        const current = propsRef.current
        map = new Map({
          container,
          style: styleUrl(schemeRef.current),
          center: [current.longitude, current.latitude],
          zoom: eventMapZoom(current.precision),
          attributionControl: { compact: true, customAttribution: 'Place names: GeoNames' },
          // A page scroll over the map scrolls the page; Ctrl + wheel (or two fingers) moves the map.
          cooperativeGestures: true,
        })
        map.addControl(new NavigationControl({ showCompass: false }), 'top-right')
        keepBasemapDetailed(map)
        labelsRef.current = new PlaceLabelMarkers(
          map,
          Marker,
          LABEL_CLASSES,
          [current.longitude, current.latitude],
          () => coveredBoxes(container),
        )
        map.on('style.load', () => {
          if (map) addEventLayers(map, propsRef.current, accentColour(container))
        })
        // 'load' fires once per map.
        map.on('load', () => !cancelled && setState('ready'))
        map.on('error', (event) => {
          const { error } = event as { error?: unknown }
          if (!cancelled && !map?.loaded())
            setState({ error: error instanceof Error ? error.message : 'the basemap did not load' })
        })
        mapRef.current = map
      })
      .catch((error: unknown) => {
        if (!cancelled) setState({ error: error instanceof Error ? error.message : String(error) })
      })
    return () => {
      cancelled = true
      labelsRef.current?.remove()
      labelsRef.current = null
      map?.remove()
      mapRef.current = null
    }
  }, [attempt])

  // The theme changed: swap the basemap; the event's layers come back on the style's load.
  useEffect(() => {
    mapRef.current?.setStyle(styleUrl(scheme), { diff: false })
  }, [scheme])

  const error = typeof state === 'object' ? state.error : null
  return (
    <div className="event-map map-controls-themed">
      <div
        ref={containerRef}
        className="event-map-canvas"
        role="region"
        aria-label={`${props.label}. Use the arrow keys to pan and + or − to zoom.`}
      />
      {state === 'ready' ? (
        <EventLocator longitude={longitude} latitude={latitude} onShown={() => labelsRef.current?.update()} />
      ) : null}
      {state === 'loading' ? (
        <p className="event-map-status" aria-live="polite">
          Loading the map…
        </p>
      ) : null}
      {error ? (
        <div className="event-map-status" role="alert">
          <p>The map could not be shown: {error}</p>
          <button
            type="button"
            className="button small"
            onClick={() => {
              setState('loading')
              setAttempt((n) => n + 1)
            }}
          >
            Retry
          </button>
        </div>
      ) : null}
    </div>
  )
}
