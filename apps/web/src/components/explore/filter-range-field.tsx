'use client'
/**
 * A numeric field's range filter: a slider and a number box for each of "at least" and "at most",
 * within the field's extent under the other filters. A slider applies when released (pointer up or
 * key up), a number box on Enter or on leaving it, so dragging does not send a request per pixel.
 * @module
 */
import type { FieldFilter } from '@chronotope/filters'
import { useEffect, useRef, useState } from 'react'

import type { FilterField } from '../../lib/events-read/read-responses'
import { countOf, formatNumber } from '../../lib/text/format-number'
import { useExplore } from './explore-context'
import { fieldLabel, rangeStep, setFieldRange } from './filter-fields'
import styles from './filters.module.css'

const KEY_REST_MS = 500

type RangeField = Extract<FilterField, { kind: 'range' }>

function boundsOf(field: RangeField, condition: FieldFilter | undefined): { min: number; max: number } {
  const range = condition?.kind === 'range' ? condition : undefined
  return { min: range?.min ?? field.min, max: range?.max ?? field.max }
}

/** One numeric field. */
export function FilterRangeField({ field, condition }: { field: RangeField; condition: FieldFilter | undefined }) {
  const { view, setView } = useExplore()
  const applied = boundsOf(field, condition)
  const [draft, setDraft] = useState(applied)
  const label = fieldLabel(field.path)
  const step = rangeStep(field.min, field.max)
  // Number boxes show a few digits past the step, not the extent's every decimal.
  const digits = Math.max(0, Math.ceil(-Math.log10(step))) + 2
  const shown = (value: number) => Number(value.toFixed(digits))

  // A new extent or a condition changed elsewhere (a chip, back) resets the thumbs.
  const appliedKey = `${applied.min}:${applied.max}`
  const [shownKey, setShownKey] = useState(appliedKey)
  if (shownKey !== appliedKey) {
    setShownKey(appliedKey)
    setDraft(applied)
  }

  // Arrow keys apply once the keys rest, so holding one down is one change, not fifty.
  const keyTimer = useRef<number | undefined>(undefined)
  useEffect(() => () => window.clearTimeout(keyTimer.current), [])

  const commit = (next: { min: number; max: number }) => {
    window.clearTimeout(keyTimer.current)
    if (next.min === applied.min && next.max === applied.max) return
    const filters = setFieldRange(view.filters, field.path, next, field)
    setView({ filters: Object.keys(filters).length === 0 ? null : filters })
  }

  const slider = (which: 'min' | 'max') => {
    const words = which === 'min' ? 'At least' : 'At most'
    return (
      <div className={styles.rangeRow}>
        <span aria-hidden="true">{words}</span>
        <input
          type="range"
          min={field.min}
          max={field.max}
          step={step}
          value={draft[which]}
          aria-label={`${label}: ${words.toLowerCase()}`}
          onChange={(change) => {
            const value = Number(change.target.value)
            setDraft((current) =>
              which === 'min'
                ? { min: Math.min(value, current.max), max: current.max }
                : { min: current.min, max: Math.max(value, current.min) },
            )
          }}
          onPointerUp={() => commit(draft)}
          onKeyUp={() => {
            window.clearTimeout(keyTimer.current)
            keyTimer.current = window.setTimeout(() => commit(draft), KEY_REST_MS)
          }}
          onBlur={() => commit(draft)}
        />
        <input
          type="number"
          className={styles.number}
          min={field.min}
          max={field.max}
          step="any"
          aria-label={`${label}: ${words.toLowerCase()}, as a number`}
          value={shown(draft[which])}
          onChange={(change) => {
            const value = change.target.value === '' ? field[which] : Number(change.target.value)
            if (Number.isFinite(value)) setDraft((current) => ({ ...current, [which]: value }))
          }}
          onBlur={() => commit(draft)}
          onKeyDown={(key) => {
            if (key.key === 'Enter') {
              key.preventDefault()
              commit(draft)
            }
          }}
        />
      </div>
    )
  }

  return (
    <fieldset className={styles.field}>
      <legend>{label}</legend>
      {field.min === field.max ? (
        <p className={styles.hint}>Every event has {formatNumber(field.min)}.</p>
      ) : (
        <>
          {slider('min')}
          {slider('max')}
          <p className={styles.hint}>
            From {formatNumber(field.min)} to {formatNumber(field.max)} in {countOf(field.count, 'event')}
          </p>
        </>
      )}
    </fieldset>
  )
}
