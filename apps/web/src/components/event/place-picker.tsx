'use client'
/**
 * The Edit form's place: search the offline geocoder by name (`GET /api/places`), pick a point on
 * the small map, type "lat, lon", or remove the place.
 * @module
 */
import { useId, useState } from 'react'

import { parseLatLon } from '../import/lat-lon-input'
import { formatLatLng } from './coordinate-provenance'
import type { PickedPlace } from './event-edit'
import { PickMap } from './pick-map'

interface FoundPlace {
  readonly label: string
  readonly latitude: number
  readonly longitude: number
  readonly precision: string
  readonly confidence: number
}

async function searchPlaces(q: string): Promise<FoundPlace[]> {
  const response = await fetch(`/api/places?q=${encodeURIComponent(q)}`, { credentials: 'same-origin' })
  const body = (await response.json()) as { places?: FoundPlace[]; error?: string }
  if (!response.ok) throw new Error(body.error ?? `The search answered ${response.status}`)
  return body.places ?? []
}

/** The place part of the Edit form. */
export function PlacePicker({
  place,
  onChange,
}: {
  place: PickedPlace | null
  onChange: (place: PickedPlace | null) => void
}) {
  const id = useId()
  const [query, setQuery] = useState('')
  const [found, setFound] = useState<FoundPlace[] | null>(null)
  const [status, setStatus] = useState('')
  const [coordinates, setCoordinates] = useState('')
  const [error, setError] = useState<string | null>(null)

  const search = async () => {
    if (!query.trim()) return
    setStatus('Searching…')
    setError(null)
    try {
      const places = await searchPlaces(query.trim())
      setFound(places)
      setStatus(
        places.length === 0 ? `No place called "${query.trim()}" is known offline.` : `${places.length} places found.`,
      )
    } catch (searchError) {
      setStatus('')
      setError((searchError as Error).message)
    }
  }
  const applyCoordinates = () => {
    const point = parseLatLon(coordinates)
    if (!point) {
      setError('Enter latitude and longitude, e.g. 45.76, 4.84')
      return
    }
    setError(null)
    onChange({ ...point, label: place?.label ?? null, precision: 'exact' })
  }

  return (
    <fieldset className="event-edit-place">
      <legend>Place</legend>
      <p className="import-hint" aria-live="polite">
        {place
          ? `Now: ${place.label ? `${place.label} ` : ''}(${formatLatLng(place.longitude, place.latitude)})`
          : 'Now: no place on the map.'}
      </p>
      <div className="event-edit-row">
        <label htmlFor={`${id}-q`}>Search a place</label>
        <input
          id={`${id}-q`}
          type="search"
          value={query}
          onChange={(event) => setQuery(event.target.value)}
          onKeyDown={(event) => {
            // Enter searches here rather than saving the whole form.
            if (event.key === 'Enter') {
              event.preventDefault()
              void search()
            }
          }}
          placeholder="Lyon, France"
        />
        <button type="button" className="button small" onClick={() => void search()}>
          Search
        </button>
      </div>
      <p role="status" className="import-subtle">
        {status}
      </p>
      {found && found.length > 0 ? (
        <ul className="event-edit-found" aria-label="Places found">
          {found.map((candidate) => (
            <li key={`${candidate.label}|${candidate.latitude}|${candidate.longitude}`}>
              <button
                type="button"
                className="import-link-button"
                onClick={() => {
                  onChange({
                    longitude: candidate.longitude,
                    latitude: candidate.latitude,
                    label: candidate.label,
                    precision: candidate.precision,
                  })
                  setStatus(`Placed at ${candidate.label}.`)
                }}
              >
                {candidate.label}
              </button>{' '}
              <span className="import-subtle">{candidate.precision}</span>
            </li>
          ))}
        </ul>
      ) : null}
      <PickMap
        point={place ? [place.longitude, place.latitude] : null}
        onPick={([longitude, latitude]) => {
          const rounded = (value: number) => Math.round(value * 1e5) / 1e5
          onChange({
            longitude: rounded(longitude),
            latitude: rounded(latitude),
            label: place?.label ?? null,
            precision: 'exact',
          })
        }}
      />
      <div className="event-edit-row">
        <label htmlFor={`${id}-ll`}>Or latitude, longitude</label>
        <input
          id={`${id}-ll`}
          value={coordinates}
          onChange={(event) => setCoordinates(event.target.value)}
          onKeyDown={(event) => {
            if (event.key === 'Enter') {
              event.preventDefault()
              applyCoordinates()
            }
          }}
          placeholder="45.76, 4.84"
        />
        <button type="button" className="button small" onClick={applyCoordinates}>
          Use
        </button>
      </div>
      {place ? (
        <div className="event-edit-row">
          <label htmlFor={`${id}-name`}>Place name</label>
          <input
            id={`${id}-name`}
            value={place.label ?? ''}
            onChange={(event) => onChange({ ...place, label: event.target.value || null })}
          />
          <button type="button" className="import-link-button" onClick={() => onChange(null)}>
            Remove the place
          </button>
        </div>
      ) : null}
      {error ? (
        <p role="alert" className="import-error">
          {error}
        </p>
      ) : null}
    </fieldset>
  )
}
