'use client'
/**
 * The explore view's filter panel: the active filters as removable chips with "Clear all", then
 * full-text search, the time range, the catalog → dataset tree and the chosen datasets' own
 * fields. Every control writes the URL (see `view-state.ts`); counts follow the filters.
 * @module
 */
import { useMemo, type ReactNode } from 'react'

import { useExplore } from './explore-context'
import { activeFilterChips, CLEAR_ALL_FILTERS } from './filter-chips'
import { FilterDatasetTree } from './filter-dataset-tree'
import { FilterFieldList } from './filter-field-list'
import { FilterSearch } from './filter-search'
import { FilterTimeRange } from './filter-time-range'
import styles from './filters.module.css'

function ActiveFilters() {
  const { view, setView, datasets, catalogs } = useExplore()
  const chips = useMemo(
    () =>
      activeFilterChips(view, {
        datasetName: (id) => datasets.get(id)?.name,
        catalogName: (id) => catalogs.find((catalog) => catalog.id === id)?.name,
      }),
    [view, datasets, catalogs],
  )
  if (chips.length === 0) return <p className={styles.hint}>No filters: every event you can see is shown.</p>
  return (
    <div className={styles.active}>
      <ul className={styles.chips} aria-label="Active filters">
        {chips.map((chip) => (
          <li key={chip.key}>
            <button
              type="button"
              className={styles.chip}
              aria-label={`Remove filter: ${chip.label}`}
              onClick={() => setView(chip.remove)}
            >
              <span>{chip.label}</span>
              <span aria-hidden="true" className={styles.chipX}>
                ×
              </span>
            </button>
          </li>
        ))}
      </ul>
      <button type="button" className={styles.clearAll} onClick={() => setView(CLEAR_ALL_FILTERS)}>
        Clear all
      </button>
    </div>
  )
}

function Section({ title, id, children }: { title: string; id: string; children: ReactNode }) {
  return (
    <section className={styles.section} aria-labelledby={id}>
      <h3 id={id} className={styles.heading}>
        {title}
      </h3>
      {children}
    </section>
  )
}

/** The filter panel. */
export function FilterPanel() {
  return (
    <div className={styles.panel} data-testid="explore-filters">
      <ActiveFilters />
      <FilterSearch />
      <Section title="Time" id="explore-filter-time">
        <FilterTimeRange />
      </Section>
      <Section title="Datasets" id="explore-filter-datasets">
        <FilterDatasetTree />
      </Section>
      <Section title="Fields" id="explore-filter-fields">
        <FilterFieldList />
      </Section>
    </div>
  )
}
