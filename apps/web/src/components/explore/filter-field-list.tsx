'use client'
/**
 * The filter panel's dynamic filters: the fields the read API's `filters` endpoint offers for the
 * chosen datasets, values as boxes with counts, numbers as a range. Each field's counts and extent
 * are asked without its own condition, so ticking a value does not hide the others.
 * @module
 */
import type { FieldFilter } from '@chronotope/filters'
import { useMemo, useState } from 'react'

import type { FilterField } from '../../lib/events-read/read-responses'
import { formatCount } from '../../lib/text/format-number'
import { useExplore } from './explore-context'
import { useFilterFields, withoutField } from './explore-queries'
import { fieldLabel, toggleFieldValue, valueOptions, VALUES_SHOWN } from './filter-fields'
import { FilterRangeField } from './filter-range-field'
import styles from './filters.module.css'

function ValuesField({
  field,
  condition,
}: {
  field: Extract<FilterField, { kind: 'values' }>
  condition: FieldFilter | undefined
}) {
  const { view, setView } = useExplore()
  const [showAll, setShowAll] = useState(false)
  const chosen = condition?.kind === 'values' ? condition.values : []
  const options = valueOptions(field.values, chosen, showAll)
  const label = fieldLabel(field.path)
  return (
    <fieldset className={styles.field}>
      <legend>{label}</legend>
      <ul className={styles.values}>
        {options.map((option) => (
          <li key={option.value}>
            <label className={option.count === 0 ? `${styles.check} ${styles.muted}` : styles.check}>
              <input
                type="checkbox"
                checked={option.checked}
                onChange={(change) =>
                  setView({
                    filters: nullIfEmpty(
                      toggleFieldValue(view.filters, field.path, option.value, change.target.checked),
                    ),
                  })
                }
              />
              <span className={styles.checkLabel}>{option.value === '' ? '(empty)' : option.value}</span>
              <span className={styles.count}>
                {option.count !== null && (
                  <>
                    {formatCount(option.count)}
                    <span className="visually-hidden"> events</span>
                  </>
                )}
              </span>
            </label>
          </li>
        ))}
      </ul>
      {field.values.length > VALUES_SHOWN && (
        <button
          type="button"
          className={styles.linkButton}
          aria-expanded={showAll}
          onClick={() => setShowAll((all) => !all)}
        >
          {showAll ? 'Show fewer' : `Show all ${field.values.length}`}
        </button>
      )}
      {field.truncated && showAll && <p className={styles.hint}>Only the most common values are listed.</p>}
    </fieldset>
  )
}

function nullIfEmpty(filters: Record<string, FieldFilter>): Record<string, FieldFilter> | null {
  return Object.keys(filters).length === 0 ? null : filters
}

/** One field, its counts asked without its own condition. */
function FieldControl({ path }: { path: string }) {
  const { filters } = useExplore()
  const own = useFilterFields(withoutField(filters, path))
  const field = own.data?.fields.find((candidate) => candidate.path === path)
  const condition = filters.fields[path]
  if (!field) {
    if (own.isError)
      return (
        <p className={styles.error}>
          {fieldLabel(path)}: {own.error.message}
        </p>
      )
    return own.isPending ? <div className={styles.fieldSkeleton} aria-hidden="true" /> : null
  }
  if (field.kind === 'values') return <ValuesField field={field} condition={condition} />
  return <FilterRangeField field={field} condition={condition} />
}

/** The dynamic filters of the chosen datasets. */
export function FilterFieldList() {
  const { filters } = useExplore()
  const fields = useFilterFields(filters)
  const paths = useMemo(() => {
    const listed = fields.data?.fields.map((field) => field.path) ?? []
    // A field with a condition stays, even when no chosen event has it any more.
    const extra = Object.keys(filters.fields).filter((path) => !listed.includes(path))
    return [...listed, ...extra]
  }, [fields.data, filters.fields])

  if (fields.isError && !fields.data) {
    return (
      <div className={styles.error} role="alert">
        Could not load the fields: {fields.error.message}{' '}
        <button type="button" className={styles.linkButton} onClick={() => void fields.refetch()}>
          Retry
        </button>
      </div>
    )
  }
  if (!fields.data) {
    return (
      <div role="status">
        <span className="visually-hidden">Loading the fields…</span>
        <div className={styles.fieldSkeleton} aria-hidden="true" />
        <div className={styles.fieldSkeleton} aria-hidden="true" />
      </div>
    )
  }
  if (paths.length === 0) return <p className={styles.hint}>These datasets have no fields to filter by.</p>
  return (
    <div className={styles.fields} aria-busy={fields.isFetching}>
      {paths.map((path) => (
        <FieldControl key={path} path={path} />
      ))}
    </div>
  )
}
