'use client'
/**
 * The brush's two keyboard handles: sliders over the range's start and end, moved one bucket at a
 * time by the arrow keys (Shift: ten), Page Up/Down, Home and End ({@link moveHandle}). Drawn over
 * the brush but transparent to the pointer, so dragging stays the brush's.
 * @module
 */
import { formatHistoricalDate } from '@chronotope/dates'
import type { HistogramInterval } from '@chronotope/filters'
import { useRef } from 'react'

import styles from './timeline.module.css'
import { intervalPrecision, type TimelineBucket } from './timeline-dates'
import { moveHandle, type BrushHandle, type BucketSpan } from './timeline-keys'

const GRIP_HEIGHT = 28
const GRIP_WIDTH = 10

/** What the handles show and how they report a move. */
export interface TimelineHandlesProps {
  readonly bars: readonly TimelineBucket[]
  readonly interval: HistogramInterval
  /** The chosen range as bucket indexes; undefined for none (the handles sit at the ends). */
  readonly span: BucketSpan | undefined
  /** The handles' positions in pixels, following a drag in progress. */
  readonly px: readonly [number, number]
  readonly height: number
  readonly onSelect: (span: BucketSpan, history: 'push' | 'replace') => void
}

/** The two handles; see the module comment. */
export function TimelineHandles({ bars, interval, span, px, height, onSelect }: TimelineHandlesProps) {
  // The first key press after focusing adds a history entry; the ones after it replace it.
  const pushed = useRef(false)
  if (bars.length === 0) return null
  const current = span ?? { first: 0, last: bars.length - 1 }
  const precision = intervalPrecision(interval)
  const handles: ReadonlyArray<{ handle: BrushHandle; label: string; x: number; index: number; text: string }> = [
    {
      handle: 'start',
      label: 'Start of the time range',
      x: px[0],
      index: current.first,
      text: formatHistoricalDate(bars[current.first]!.startMs, precision),
    },
    {
      handle: 'end',
      label: 'End of the time range',
      x: px[1],
      index: current.last,
      text: formatHistoricalDate(bars[current.last]!.endMs - 1, precision),
    },
  ]
  return (
    <g className={styles.handles}>
      {handles.map(({ handle, label, x, index, text }) => (
        <g
          key={handle}
          role="slider"
          tabIndex={0}
          aria-label={label}
          aria-orientation="horizontal"
          aria-valuemin={handle === 'start' ? 0 : current.first}
          aria-valuemax={handle === 'start' ? current.last : bars.length - 1}
          aria-valuenow={index}
          aria-valuetext={text}
          className={styles.handle}
          data-chosen={span ? 'true' : 'false'}
          transform={`translate(${x},0)`}
          onBlur={() => {
            pushed.current = false
          }}
          onKeyDown={(event) => {
            const next = moveHandle(current, handle, event.key, event.shiftKey, bars.length)
            if (!next) return
            event.preventDefault()
            if (span && next.first === span.first && next.last === span.last) return
            onSelect(next, pushed.current ? 'replace' : 'push')
            pushed.current = true
          }}
        >
          <line className={styles.handleLine} y1={0} y2={height} />
          <rect
            className={styles.grip}
            x={-GRIP_WIDTH / 2}
            y={(height - GRIP_HEIGHT) / 2}
            width={GRIP_WIDTH}
            height={GRIP_HEIGHT}
            rx={3}
          />
        </g>
      ))}
    </g>
  )
}
