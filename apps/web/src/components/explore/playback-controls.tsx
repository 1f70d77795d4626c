'use client'
/**
 * Playback: play, pause and stop, the window's length and the speed, and the text of the window
 * shown ({@link PlaybackStatus}: "Showing 1914–1923"). Playing moves the URL's `at` by a tenth of the window each step
 * (1000 ms / speed), replacing the history entry; the map follows through the explore model's
 * `mapFilters`. Pausing keeps `at` and `window` in the URL; stopping removes them.
 * @module
 */
import { parseFilterDate } from '@chronotope/filters'
import { useEffect, useId } from 'react'

import { useExplore } from './explore-context'
import {
  defaultPlaybackWindow,
  formatPlaybackAt,
  nextPlaybackAt,
  PLAYBACK_WINDOWS,
  playbackLabelPrecision,
  playbackStartMs,
  playbackWindowLabel,
} from './playback-step'
import styles from './timeline.module.css'
import { formatTimeSpan } from './timeline-dates'
import { PLAYBACK_SPEEDS } from './view-state'

/** Where playback runs. */
export interface PlaybackControlsProps {
  /** The range playback crosses, epoch ms, end exclusive: the chosen range, else the data's span. */
  readonly range: { readonly startMs: number; readonly endMs: number } | undefined
}

function readAt(at: string | null): number | undefined {
  if (!at) return undefined
  try {
    return parseFilterDate('start', at)
  } catch {
    return undefined
  }
}

/** Steps playback while it runs: one step per 1000 ms / speed, stopping at the range's end. */
function usePlaybackTimer(range: PlaybackControlsProps['range']) {
  const { view, setView, playing, setPlaying } = useExplore()
  const { at, window, speed } = view
  const endMs = range?.endMs
  useEffect(() => {
    if (!playing) return
    const atMs = readAt(at)
    if (atMs === undefined || !window || endMs === undefined) {
      setPlaying(false)
      return
    }
    const timer = setTimeout(
      () => {
        const next = nextPlaybackAt(atMs, window, endMs)
        if (next === null) setPlaying(false)
        else setView({ at: formatPlaybackAt(next, window), window }, 'replace')
      },
      1000 / Math.max(0.1, speed),
    )
    return () => clearTimeout(timer)
  }, [playing, at, window, speed, endMs, setPlaying, setView])
}

/** The playback controls; see the module comment. */
export function PlaybackControls({ range }: PlaybackControlsProps) {
  const { view, setView, playing, setPlaying } = useExplore()
  const windowId = useId()
  const speedId = useId()
  usePlaybackTimer(range)
  const chosenWindow = view.window ?? (range ? defaultPlaybackWindow(range.endMs - range.startMs) : '1y')
  const windows: ReadonlyArray<{ value: string; label: string }> = PLAYBACK_WINDOWS.some(
    (offered) => offered.value === chosenWindow,
  )
    ? PLAYBACK_WINDOWS
    : [...PLAYBACK_WINDOWS, { value: chosenWindow, label: playbackWindowLabel(chosenWindow) }]
  const speeds: readonly number[] = PLAYBACK_SPEEDS.includes(view.speed as (typeof PLAYBACK_SPEEDS)[number])
    ? PLAYBACK_SPEEDS
    : [...PLAYBACK_SPEEDS, view.speed]

  const play = () => {
    if (!range) return
    const startMs = playbackStartMs(readAt(view.at), chosenWindow, range)
    setView({ at: formatPlaybackAt(startMs, chosenWindow), window: chosenWindow }, 'replace')
    setPlaying(true)
  }
  const stop = () => {
    setPlaying(false)
    setView({ at: null, window: null }, 'replace')
  }

  return (
    <div className={styles.playback} role="group" aria-label="Playback">
      <button
        type="button"
        className={styles.button}
        onClick={playing ? () => setPlaying(false) : play}
        disabled={!range}
        title={playing ? 'Pause playback' : 'Move a time window across the range; the map follows'}
      >
        <span aria-hidden="true">{playing ? '❚❚' : '▶'}</span> {playing ? 'Pause' : 'Play'}
      </button>
      <label className={`${styles.field} ${styles.optional}`} htmlFor={windowId}>
        <span>Window</span>
        <select
          id={windowId}
          className={styles.select}
          value={chosenWindow}
          onChange={(event) => setView({ window: event.target.value }, 'replace')}
        >
          {windows.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </select>
      </label>
      <label className={`${styles.field} ${styles.optional}`} htmlFor={speedId}>
        <span>Speed</span>
        <select
          id={speedId}
          className={styles.select}
          value={String(view.speed)}
          onChange={(event) => setView({ speed: Number(event.target.value) }, 'replace')}
        >
          {speeds.map((speed) => (
            <option key={speed} value={String(speed)}>
              {`${speed}×`}
            </option>
          ))}
        </select>
      </label>
      <button type="button" className={styles.button} onClick={stop} disabled={!view.at && !view.window}>
        Stop
      </button>
    </div>
  )
}

/** The playback window's dates in words ("Showing 1914–1923"), or nothing without a window. */
export function PlaybackStatus() {
  const { view, playing, playbackWindow } = useExplore()
  const showing =
    playbackWindow && view.window
      ? formatTimeSpan(playbackWindow.startMs, playbackWindow.endMs, playbackLabelPrecision(view.window))
      : undefined
  return (
    // Quiet while playing: a new window every step would drown a screen reader.
    <span className={styles.showing} aria-live={playing ? 'off' : 'polite'}>
      {showing ? `Showing ${showing}` : ''}
    </span>
  )
}
