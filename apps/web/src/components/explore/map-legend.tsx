'use client'
/**
 * The map's controls and legend over the canvas: the Points / Heatmap switch, "Colour by", "Zoom to
 * data", and the legend of colours, clusters, events at one place (a ring split by their mix) and
 * the approximate-place halo. The legend starts folded on a small map and keeps to its corner.
 * @module
 */
import { useEffect, useId, useRef } from 'react'

import styles from './map.module.css'
import type { ColorByOption, LegendEntry } from './map-legend-entries'
import { PRECISION_LEGEND_SENTENCE } from './map-precision'
import type { MapMode } from './view-state'

/** The smallest map on which the legend starts open. */
const LEGEND_OPEN_MIN_PX = { width: 560, height: 420 }

/** The map's controls: mode, colour field and zoom to data. */
export function MapControls({
  mode,
  onMode,
  colorBy,
  colorOptions,
  onColorBy,
  onZoomToData,
  canZoomToData,
}: {
  mode: MapMode
  onMode: (mode: MapMode) => void
  colorBy: string
  colorOptions: readonly ColorByOption[]
  onColorBy: (field: string) => void
  onZoomToData: () => void
  canZoomToData: boolean
}) {
  const selectId = useId()
  return (
    <div className={styles.controls}>
      <div className={styles.modeSwitch} role="group" aria-label="Draw events as">
        {(['points', 'heatmap'] as const).map((option) => (
          <button key={option} type="button" aria-pressed={mode === option} onClick={() => onMode(option)}>
            {option === 'points' ? 'Points' : 'Heatmap'}
          </button>
        ))}
      </div>
      <div className={styles.colorBy}>
        <label htmlFor={selectId}>Colour by</label>
        <select
          id={selectId}
          value={colorBy}
          disabled={mode === 'heatmap'}
          onChange={(event) => onColorBy(event.target.value)}
        >
          {colorOptions.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </select>
      </div>
      <button type="button" className={styles.controlButton} onClick={onZoomToData} disabled={!canZoomToData}>
        Zoom to data
      </button>
    </div>
  )
}

/**
 * The legend: what each colour means, what a numbered circle is, what a numbered ring is, and the
 * halo of approximate places.
 */
export function MapLegend({
  mode,
  title,
  entries,
  showRing,
  showPlaces,
}: {
  mode: MapMode
  /** What the colours stand for: "Dataset" or the field's path. */
  title: string
  entries: readonly LegendEntry[]
  showRing: boolean
  /** Whether the map shows events at one place (their ring is then explained). */
  showPlaces: boolean
}) {
  const details = useRef<HTMLDetailsElement>(null)
  // Open when the map has room for it; on a phone or a short map it would cover the marks, so it
  // starts folded there.
  useEffect(() => {
    const element = details.current
    const panel = element?.parentElement
    if (
      element &&
      panel &&
      panel.clientWidth >= LEGEND_OPEN_MIN_PX.width &&
      panel.clientHeight >= LEGEND_OPEN_MIN_PX.height
    ) {
      element.open = true
    }
  }, [])
  return (
    <details ref={details} className={styles.legend}>
      <summary>Legend</summary>
      {mode === 'heatmap' ? (
        <div className={styles.heatLegend}>
          <span className={styles.heatRamp} aria-hidden="true" />
          <span>Fewer events</span>
          <span>More events</span>
        </div>
      ) : (
        <>
          <p className={styles.legendTitle}>Colour: {title}</p>
          <ul className={entries.length > 5 ? `${styles.legendList} ${styles.legendColumns}` : styles.legendList}>
            {entries.map((entry) => (
              <li key={entry.key}>
                <span className={styles.swatch} style={{ background: entry.color }} aria-hidden="true" />
                {entry.label}
              </li>
            ))}
          </ul>
          <ul className={styles.legendList}>
            <li>
              <span className={styles.clusterSwatch} aria-hidden="true">
                12
              </span>
              Events at several places; select to zoom in
            </li>
            {showPlaces && (
              <li>
                <span className={styles.placeSwatch} aria-hidden="true">
                  5
                </span>
                Events at one place; the ring shows their {title === 'dataset' ? 'datasets' : 'values'} by share; select
                to list them
              </li>
            )}
            {showRing && (
              <li>
                <span className={styles.ringSwatch} aria-hidden="true" />
                {PRECISION_LEGEND_SENTENCE}
              </li>
            )}
          </ul>
        </>
      )}
    </details>
  )
}
