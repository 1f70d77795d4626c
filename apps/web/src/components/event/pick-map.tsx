'use client'
/**
 * A small map to put an event's place by hand: click (or tap) the map, or drag the mark. The
 * offline basemap in the page's theme; nothing is fetched from elsewhere. Keyboard users search a
 * place by name or type its coordinates beside it.
 * @module
 */
import 'maplibre-gl/dist/maplibre-gl.css'

import type { Map as MapLibreMap, Marker as MapLibreMarker } from 'maplibre-gl'
import { useEffect, useRef, useState } from 'react'

import { loadMapLibre } from '../map/load-maplibre'
import { useColorScheme } from '../site/use-color-scheme'

/** A point as `[longitude, latitude]`. */
type LngLat = readonly [number, number]

/** The map, centred on `point` (or the whole world), calling `onPick` with each point chosen. */
export function PickMap({ point, onPick }: { point: LngLat | null; onPick: (point: LngLat) => void }) {
  const containerRef = useRef<HTMLDivElement>(null)
  const mapRef = useRef<MapLibreMap | null>(null)
  const markerRef = useRef<MapLibreMarker | null>(null)
  const onPickRef = useRef(onPick)
  const pointRef = useRef(point)
  const scheme = useColorScheme()
  const schemeRef = useRef(scheme)
  const [error, setError] = useState<string | null>(null)

  useEffect(() => {
    onPickRef.current = onPick
  }, [onPick])

  useEffect(() => {
    const container = containerRef.current
    if (!container) return
    let cancelled = false
    let map: MapLibreMap | null = null
    loadMapLibre()
      .then(({ Map, Marker, NavigationControl }) => {
        if (cancelled) return
        const start = pointRef.current
        map = new Map({
          container,
          style: `/basemap/style-${schemeRef.current}.json`,
          center: start ? [start[0], start[1]] : [0, 20],
          zoom: start ? 4 : 0.5,
          attributionControl: { compact: true },
          cooperativeGestures: true,
        })
        map.addControl(new NavigationControl({ showCompass: false }), 'top-right')
        const marker = new Marker({ draggable: true, color: '#c77700' })
        markerRef.current = marker
        if (start) marker.setLngLat([start[0], start[1]]).addTo(map)
        marker.on('dragend', () => {
          const { lng, lat } = marker.getLngLat()
          onPickRef.current([lng, lat])
        })
        map.on('click', (event) => {
          onPickRef.current([event.lngLat.wrap().lng, event.lngLat.lat])
        })
        mapRef.current = map
      })
      .catch((loadError: unknown) => {
        if (!cancelled) setError(loadError instanceof Error ? loadError.message : String(loadError))
      })
    return () => {
      cancelled = true
      map?.remove()
      mapRef.current = null
    }
  }, [])

  // A place found by name or typed: move the mark there and bring it into view.
  useEffect(() => {
    pointRef.current = point
    const map = mapRef.current
    const marker = markerRef.current
    if (!map || !marker) return
    if (!point) {
      marker.remove()
      return
    }
    marker.setLngLat([point[0], point[1]]).addTo(map)
    if (!map.getBounds().contains([point[0], point[1]])) map.easeTo({ center: [point[0], point[1]] })
  }, [point])

  useEffect(() => {
    schemeRef.current = scheme
    mapRef.current?.setStyle(`/basemap/style-${scheme}.json`, { diff: false })
  }, [scheme])

  return (
    <div className="event-map map-controls-themed event-pick-map">
      <div
        ref={containerRef}
        className="event-map-canvas"
        role="region"
        aria-label="Map to pick the place: click where the event happened, or drag the mark"
      />
      {error ? (
        <p className="event-map-status" role="alert">
          The map could not be shown: {error}. Search the place by name or type its coordinates instead.
        </p>
      ) : null}
    </div>
  )
}
