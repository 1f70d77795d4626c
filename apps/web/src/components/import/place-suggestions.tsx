'use client'

import type { SuggestedPlace } from '@chronotope/geocoding'
import { useState } from 'react'

import { postImportAction } from './import-api'
import type { ImportProgressResponse } from './import-types'
import styles from './geocoding-summary.module.css'

/**
 * The geocoder's best guesses for a place it did not place, each one button: choosing one places
 * the place there by hand (a correction, recorded with who made it), as "Correct" does with typed
 * coordinates.
 */
export function PlaceSuggestions({
  importId,
  jobId,
  place,
  candidates,
  onProgress,
}: {
  importId: number
  jobId: number
  /** The place's location-cache key. */
  place: string
  candidates: readonly SuggestedPlace[]
  onProgress: (progress: ImportProgressResponse) => void
}) {
  const [savingLabel, setSavingLabel] = useState<string | null>(null)
  const [error, setError] = useState<string | null>(null)
  if (candidates.length === 0) return null

  const accept = async (candidate: SuggestedPlace) => {
    setSavingLabel(candidate.label)
    setError(null)
    try {
      const { label, latitude, longitude, precision } = candidate
      onProgress(
        await postImportAction(importId, 'correct-place', { jobId, place, label, latitude, longitude, precision }),
      )
    } catch (acceptError) {
      setError((acceptError as Error).message)
    } finally {
      setSavingLabel(null)
    }
  }

  return (
    <div className={styles.suggestions}>
      <span className="import-subtle">Did you mean:</span>
      <ul aria-label="Suggested places">
        {candidates.map((candidate) => (
          <li key={`${candidate.label}|${candidate.latitude}|${candidate.longitude}`}>
            <button
              type="button"
              className={styles.suggestion}
              disabled={savingLabel !== null}
              onClick={() => void accept(candidate)}
            >
              {savingLabel === candidate.label ? 'Placing…' : candidate.label}
              <span className={styles.sure}>
                {' '}
                {candidate.precision}, {Math.round(candidate.confidence * 100)} % sure
              </span>
            </button>
          </li>
        ))}
      </ul>
      {error && (
        <p role="alert" className="import-error">
          {error}
        </p>
      )}
    </div>
  )
}
