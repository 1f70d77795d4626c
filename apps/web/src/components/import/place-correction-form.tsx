'use client'

import { useId, useState } from 'react'

import { postImportAction } from './import-api'
import { useFocusOnMount } from './use-focus-on-mount'
import { parseLatLon } from './lat-lon-input'
import type { ImportProgressResponse } from './import-types'

/**
 * Puts one place of an import on the map by hand. The uploader's correction moves this import's
 * events; an editor's also becomes the location cache's answer for every import.
 */
export function PlaceCorrectionForm({
  importId,
  jobId,
  place,
  isCurator,
  onProgress,
}: {
  importId: number
  jobId: number
  /** The place's location-cache key. */
  place: string
  isCurator: boolean
  onProgress: (progress: ImportProgressResponse) => void
}) {
  const id = useId()
  const [isOpen, setIsOpen] = useState(false)
  const [text, setText] = useState('')
  const [error, setError] = useState<string | null>(null)
  const [isSaving, setIsSaving] = useState(false)
  // The form opens on a click of "Correct": its input takes the focus, as the button is gone.
  const input = useFocusOnMount<HTMLInputElement>(isOpen)

  if (!isOpen) {
    return (
      <button type="button" className="import-link-button" onClick={() => setIsOpen(true)}>
        Correct
      </button>
    )
  }

  const save = async (event: React.FormEvent) => {
    event.preventDefault()
    const point = parseLatLon(text)
    if (!point) {
      setError('Enter latitude and longitude, e.g. 39.96, -82.99')
      return
    }
    setIsSaving(true)
    setError(null)
    try {
      onProgress(await postImportAction(importId, 'correct-place', { jobId, place, ...point }))
      setIsOpen(false)
    } catch (saveError) {
      setError((saveError as Error).message)
    } finally {
      setIsSaving(false)
    }
  }

  return (
    <form className="import-place-form" onSubmit={(event) => void save(event)}>
      <label htmlFor={`${id}-point`}>Latitude, longitude</label>
      <input
        id={`${id}-point`}
        value={text}
        onChange={(event) => setText(event.target.value)}
        placeholder="39.96, -82.99"
        ref={input}
        aria-describedby={`${id}-hint`}
      />
      <button type="submit" disabled={isSaving}>
        {isSaving ? 'Saving…' : 'Save'}
      </button>
      <button type="button" className="import-link-button" onClick={() => setIsOpen(false)}>
        Cancel
      </button>
      <p id={`${id}-hint`} className="import-subtle">
        {isCurator
          ? 'Moves every event geocoded from this place, in every import, and future imports use it.'
          : "Moves this import's events from this place."}
      </p>
      {error && (
        <p role="alert" className="import-error">
          {error}
        </p>
      )}
    </form>
  )
}
