'use client'
/**
 * The explore view's timeline panel: a histogram of the filtered events over their whole span (the
 * time range left out, so the brush shows the chosen range inside it), a brush writing `start` and
 * `end` into the URL at the histogram's precision, zoom into the selection, stacking by dataset or
 * by a field, and playback. Loading, empty and error states keep the chart's fixed height.
 * @module
 */
import { formatFilterInstant, parseFilterInstant, type FilterState } from '@chronotope/filters'
import { useId, useMemo, useState } from 'react'

import { useExplore } from './explore-context'
import { useFilterFields, useHistogram } from './explore-queries'
import { PlaybackControls, PlaybackStatus } from './playback-controls'
import styles from './timeline.module.css'
import { CHART_MIN_HEIGHT_PX, TimelineChart } from './timeline-chart'
import { brushDates, type TimelineBucket } from './timeline-dates'
import type { BucketSpan } from './timeline-keys'
import { useStackLayers } from './timeline-queries'
import { stackHistogram, timelineBuckets, unstackedHistogram, type StackedHistogram } from './timeline-stacks'
import { BY_DATASET } from './view-state'

/** Epoch ms, end exclusive. */
interface TimeRange {
  readonly startMs: number
  readonly endMs: number
}

/** The URL's chosen range in epoch ms (end exclusive); an open end runs to the domain's edge. */
function selectionOf(filters: FilterState, buckets: readonly TimelineBucket[]): TimeRange | undefined {
  if (!filters.startDate && !filters.endDate) return undefined
  const startMs = filters.startDate ? parseFilterInstant(filters.startDate).getTime() : (buckets[0]?.startMs ?? 0)
  const endMs = filters.endDate
    ? parseFilterInstant(filters.endDate).getTime() + 1
    : (buckets[buckets.length - 1]?.endMs ?? startMs)
  return { startMs, endMs }
}

function StackSelect() {
  const { view, setView, filters } = useExplore()
  const fields = useFilterFields(filters)
  const id = useId()
  const paths = (fields.data?.fields ?? []).filter((field) => field.kind === 'values').map((field) => field.path)
  if (view.stack && view.stack !== BY_DATASET && !paths.includes(view.stack)) paths.unshift(view.stack)
  return (
    <label className={`${styles.field} ${styles.optional}`} htmlFor={id}>
      <span>Stack by</span>
      <select
        id={id}
        className={styles.select}
        value={view.stack ?? ''}
        onChange={(event) => setView({ stack: event.target.value || null }, 'replace')}
      >
        <option value="">Nothing</option>
        <option value={BY_DATASET}>Dataset</option>
        {paths.map((path) => (
          <option key={path} value={path}>
            {path}
          </option>
        ))}
      </select>
    </label>
  )
}

function Legend({ histogram, hasSelection }: { histogram: StackedHistogram; hasSelection: boolean }) {
  if (histogram.series.length > 0) {
    return (
      <ul className={styles.legend} aria-label="Stack colours">
        {histogram.series.map((series) => (
          <li key={series.key}>
            <span className={styles.swatch} style={{ background: series.color }} aria-hidden="true" />
            {series.label}
          </li>
        ))}
      </ul>
    )
  }
  if (!hasSelection) return <p className={styles.hint}>Drag across the chart to choose a time range.</p>
  return (
    <ul className={styles.legend} aria-label="Bar colours">
      <li>
        <span className={`${styles.swatch} ${styles.swatchChosen}`} aria-hidden="true" />
        In the chosen range
      </li>
      <li>
        <span className={`${styles.swatch} ${styles.swatchOutside}`} aria-hidden="true" />
        Outside it
      </li>
    </ul>
  )
}

/** The timeline panel; see the module comment. */
export function TimelinePanel() {
  const { view, setView, filters, playbackWindow } = useExplore()
  const [zoom, setZoom] = useState<TimeRange | null>(null)
  // The whole span (or the zoomed domain), not the chosen range: the brush shows that range in it.
  const domainFilters = useMemo<FilterState>(
    () => ({
      ...filters,
      startDate: zoom ? formatFilterInstant(zoom.startMs) : undefined,
      endDate: zoom ? formatFilterInstant(zoom.endMs - 1) : undefined,
    }),
    [filters, zoom],
  )
  const histogram = useHistogram(domainFilters)
  const interval = histogram.data?.interval
  const buckets = useMemo(() => (histogram.data ? timelineBuckets(histogram.data) : []), [histogram.data])
  const stack = useStackLayers(view.stack, domainFilters, interval)
  const stackedLayers = stack.status === 'ready' ? stack.layers : undefined
  const drawn = useMemo(
    () => (stackedLayers ? stackHistogram(buckets, stackedLayers) : unstackedHistogram(buckets)),
    [buckets, stackedLayers],
  )
  const selectionMs = useMemo(() => selectionOf(filters, buckets), [filters, buckets])
  const domain: TimeRange | undefined =
    buckets.length > 0 ? { startMs: buckets[0]!.startMs, endMs: buckets[buckets.length - 1]!.endMs } : undefined
  const playbackRange = selectionMs ?? domain

  const onSelect = (span: BucketSpan | null, history: 'push' | 'replace') => {
    if (!span) {
      if (view.start || view.end) setView({ start: null, end: null }, 'push')
      return
    }
    if (!interval) return
    const { start, end } = brushDates(buckets, span.first, span.last, interval)
    if (start === view.start && end === view.end) return
    setView({ start, end }, history)
  }

  let state: 'loading' | 'ready' | 'empty' | 'error'
  if (histogram.isError) state = 'error'
  else if (!histogram.data) state = 'loading'
  else if (histogram.data.total === 0) state = 'empty'
  else state = 'ready'

  return (
    <div
      className={styles.panel}
      data-testid="explore-timeline"
      data-state={state}
      data-interval={interval ?? ''}
      data-total={histogram.data?.total ?? ''}
      aria-busy={histogram.isFetching}
    >
      <div className={styles.toolbar}>
        <div className={styles.group} role="group" aria-label="Time range">
          <button
            type="button"
            className={styles.button}
            disabled={!selectionMs}
            onClick={() => selectionMs && setZoom(selectionMs)}
          >
            Zoom to selection
          </button>
          <button type="button" className={styles.button} disabled={!zoom} onClick={() => setZoom(null)}>
            Whole span
          </button>
          <button
            type="button"
            className={styles.button}
            disabled={!selectionMs}
            onClick={() => onSelect(null, 'push')}
          >
            Clear
          </button>
          <StackSelect />
        </div>
        <PlaybackControls range={playbackRange} />
      </div>
      <div className={styles.body} style={{ minHeight: CHART_MIN_HEIGHT_PX }}>
        {state === 'loading' && <div className={styles.skeleton} aria-label="Loading the timeline" role="status" />}
        {state === 'error' && (
          <div className={styles.message} role="alert">
            <p>The timeline could not be loaded: {histogram.error?.message ?? 'unknown error'}</p>
            <button type="button" className={styles.button} onClick={() => void histogram.refetch()}>
              Retry
            </button>
          </div>
        )}
        {state === 'empty' && (
          <div className={styles.message}>
            <p>No dated events match these filters{zoom ? ' in this part of the timeline' : ''}.</p>
          </div>
        )}
        {state === 'ready' && interval && (
          <TimelineChart
            histogram={drawn}
            interval={interval}
            selectionMs={selectionMs}
            playbackWindow={playbackWindow}
            onSelect={onSelect}
          />
        )}
      </div>
      <div className={styles.footer}>
        <PlaybackStatus />
        {stack.status === 'error' ? (
          <p className={styles.hint} role="alert">
            The stack could not be loaded: {stack.message}{' '}
            <button type="button" className={styles.linkButton} onClick={stack.retry}>
              Retry
            </button>
          </p>
        ) : (
          state === 'ready' && <Legend histogram={drawn} hasSelection={selectionMs !== undefined} />
        )}
      </div>
    </div>
  )
}
