'use client'
import { useCallback, useEffect, useRef, useState } from 'react'

import { fetchImportProgress, ImportApiError } from './import-api'
import type { ImportProgressResponse } from './import-types'
import { pollDelayMs } from './poll-delay'

/** The live progress of an import, the last polling error, and ways to refresh or replace it. */
export interface ImportProgressState {
  readonly progress: ImportProgressResponse | null
  /** The last failed poll's message; polling goes on (slower) unless the import is gone. */
  readonly error: string | null
  /** Whether the import does not exist for this user (404): polling stopped. */
  readonly isMissing: boolean
  /** Uses the progress an action answered with, and polls again. */
  readonly replace: (progress: ImportProgressResponse) => void
}

/**
 * Polls `GET /api/import/{importId}` every ~700 ms until the import is final (every 5 s while it
 * waits for an editor), backing off when the server does not answer.
 */
export function useImportProgress(importId: number): ImportProgressState {
  const [progress, setProgress] = useState<ImportProgressResponse | null>(null)
  const [error, setError] = useState<string | null>(null)
  const [isMissing, setIsMissing] = useState(false)
  // Bumped to restart the polling loop after an action (retry) made a final import live again.
  const [generation, setGeneration] = useState(0)
  const latest = useRef<ImportProgressResponse | null>(null)

  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined
    let failures = 0
    const controller = new AbortController()
    const poll = async () => {
      try {
        const next = await fetchImportProgress(importId, controller.signal)
        failures = 0
        latest.current = next
        setProgress(next)
        setError(null)
      } catch (pollError) {
        if (controller.signal.aborted) return
        if (pollError instanceof ImportApiError && (pollError.status === 404 || pollError.status === 401)) {
          setIsMissing(true)
          setError(pollError.message)
          return
        }
        failures += 1
        setError((pollError as Error).message)
      }
      const delay = pollDelayMs(latest.current?.status, failures)
      if (delay !== null && !controller.signal.aborted) timer = setTimeout(() => void poll(), delay)
    }
    void poll()
    return () => {
      controller.abort()
      if (timer) clearTimeout(timer)
    }
  }, [importId, generation])

  const replace = useCallback((next: ImportProgressResponse) => {
    latest.current = next
    setProgress(next)
    setGeneration((value) => value + 1)
  }, [])

  return { progress, error, isMissing, replace }
}
