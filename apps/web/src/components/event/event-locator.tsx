'use client'
/**
 * The locator in the corner of the event page's small map: the region around the event with its
 * country filled and a dot where the event is, and the country's name, drawn from the offline
 * basemap's world countries (`/basemap/countries.geojson`, which the map has loaded already).
 * @module
 */
import type { FeatureCollection, MultiPolygon, Polygon } from 'geojson'
import { useEffect, useEffectEvent, useState } from 'react'

import styles from './event-map.module.css'
import { locatorDrawing, type LocatorDrawing } from './locator-view'

/** The world's countries the locator draws: the basemap's world view. */
const COUNTRIES_URL = '/basemap/countries.geojson'
/** The locator's width in CSS pixels. */
const LOCATOR_WIDTH_PX = 132

let countries: Promise<FeatureCollection<Polygon | MultiPolygon, { name: string }> | null> | undefined

function loadCountries() {
  countries ??= fetch(COUNTRIES_URL)
    .then((response) => (response.ok ? response.json() : null))
    .catch(() => null)
  return countries
}

/** The locator of a place; nothing until the countries have loaded, or if they cannot be. */
export function EventLocator({
  longitude,
  latitude,
  onShown,
}: {
  longitude: number
  latitude: number
  /** Called once it is drawn (the map's labels then keep clear of it). */
  onShown: () => void
}) {
  const [drawing, setDrawing] = useState<LocatorDrawing | null>(null)
  const shown = useEffectEvent(onShown)
  useEffect(() => {
    if (drawing) shown()
  }, [drawing])
  useEffect(() => {
    let current = true
    void loadCountries().then((world) => {
      if (current && world) setDrawing(locatorDrawing(world, longitude, latitude, LOCATOR_WIDTH_PX))
    })
    return () => {
      current = false
    }
  }, [longitude, latitude])
  if (!drawing) return null
  const where = drawing.homeName ? `in ${drawing.homeName}` : 'at sea'
  return (
    <figure className={styles.locator}>
      <svg
        viewBox={`0 0 ${drawing.width} ${drawing.height}`}
        width={drawing.width}
        height={drawing.height}
        role="img"
        aria-label={`Locator map: the event is ${where}`}
      >
        {drawing.countries.map((country) => (
          <path
            key={country.name}
            d={country.d}
            className={country.isHome ? styles.locatorHome : styles.locatorLand}
            fillRule="evenodd"
          />
        ))}
        <circle cx={drawing.point.x} cy={drawing.point.y} r={3.5} className={styles.locatorPoint} />
      </svg>
      {drawing.homeName && <figcaption className={styles.locatorName}>{drawing.homeName}</figcaption>}
    </figure>
  )
}
