'use client'
/**
 * The filter panel's time range: "From" and "To" typed as people write dates (`1914`, `1914-07`,
 * `490 BC`), applied on Enter or on leaving the field, and kept in step with the URL (which the
 * timeline's brush writes too).
 * @module
 */
import { useId, useState } from 'react'

import { useExplore } from './explore-context'
import { dateOrderProblem, filterTextToWrittenDate, parseDateInput, sameFilterDate } from './filter-date-input'
import styles from './filters.module.css'

function DateField({ bound, label }: { bound: 'start' | 'end'; label: string }) {
  const { view, setView } = useExplore()
  const current = view[bound]
  const [text, setText] = useState(() => filterTextToWrittenDate(bound, current))
  const [problem, setProblem] = useState<string | undefined>()
  const id = useId()

  // The URL changed elsewhere (the brush, a chip, back): show its value (adjusted while rendering,
  // as React advises for state derived from a prop).
  const [shown, setShown] = useState(current)
  if (shown !== current) {
    setShown(current)
    setText(filterTextToWrittenDate(bound, current))
    setProblem(undefined)
  }

  const apply = () => {
    const result = parseDateInput(bound, text)
    if (!result.ok) {
      setProblem(result.message)
      return
    }
    setProblem(undefined)
    if (sameFilterDate(bound, result.value, current)) return
    const other = bound === 'start' ? view.end : view.start
    const order = bound === 'start' ? dateOrderProblem(result.value, other) : dateOrderProblem(other, result.value)
    if (order) {
      setProblem(order)
      return
    }
    setView({ [bound]: result.value })
  }

  return (
    <div className={styles.dateField}>
      <label htmlFor={id}>{label}</label>
      <input
        id={id}
        type="text"
        inputMode="text"
        autoComplete="off"
        spellCheck={false}
        placeholder={bound === 'start' ? 'e.g. 1914' : 'e.g. 1918'}
        value={text}
        aria-invalid={problem ? true : undefined}
        aria-describedby={problem ? `${id}-problem` : undefined}
        onChange={(change) => setText(change.target.value)}
        onBlur={apply}
        onKeyDown={(key) => {
          if (key.key === 'Enter') {
            key.preventDefault()
            apply()
          }
        }}
      />
      {problem && (
        <p id={`${id}-problem`} className={styles.error}>
          {problem}
        </p>
      )}
    </div>
  )
}

/** The From / To date inputs. */
export function FilterTimeRange() {
  return (
    <div className={styles.dates}>
      <DateField bound="start" label="From" />
      <DateField bound="end" label="To" />
      <p className={styles.hint}>A year, a month (1914-07, March 1921) or a day (1914-07-28); BC years as 490 BC.</p>
    </div>
  )
}
