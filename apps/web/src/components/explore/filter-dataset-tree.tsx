'use client'
/**
 * The filter panel's catalog → dataset tree: a box per catalog (ticking all its datasets, partly
 * ticked when some are) and per dataset, each with its count of events under the other filters.
 * @module
 */
import { useEffect, useMemo, useRef } from 'react'

import { formatCount } from '../../lib/text/format-number'
import { useExplore } from './explore-context'
import { useDatasetCounts } from './explore-queries'
import type { ExploreCatalog } from './explore-types'
import { catalogCheck, selectedDatasetIds, toggleCatalog, toggleDatasets } from './filter-tree-state'
import styles from './filters.module.css'

function CatalogBox({ catalog, selected, count }: { catalog: ExploreCatalog; selected: Set<number>; count?: number }) {
  const { setView } = useExplore()
  const box = useRef<HTMLInputElement>(null)
  const check = catalogCheck(catalog, selected)
  // `indeterminate` has no HTML attribute; it is set on the element.
  useEffect(() => {
    if (box.current) box.current.indeterminate = check === 'mixed'
  }, [check])
  return (
    <label className={styles.check}>
      <input
        ref={box}
        type="checkbox"
        checked={check === 'checked'}
        aria-checked={check === 'mixed' ? 'mixed' : check === 'checked'}
        onChange={() => setView(toggleCatalog(catalog, selected))}
      />
      <span className={styles.checkLabel}>
        <strong>{catalog.name}</strong>
      </span>
      <Count value={count} />
    </label>
  )
}

function Count({ value }: { value: number | undefined }) {
  if (value === undefined) return <span className={styles.count} />
  return (
    <span className={styles.count}>
      {formatCount(value)}
      <span className="visually-hidden"> events</span>
    </span>
  )
}

/** The catalog → dataset tree. */
export function FilterDatasetTree() {
  const { view, setView, filters, catalogs, datasetColors } = useExplore()
  // Counts under every filter but the dataset choice, so unticked datasets show what ticking adds.
  const counts = useDatasetCounts({ ...filters, catalogs: [], datasets: [] })
  const countOf = useMemo(() => {
    if (!counts.data) return undefined
    const byId = new Map(counts.data.datasets.map((entry) => [entry.datasetId, entry.count]))
    return (id: number) => byId.get(id) ?? 0
  }, [counts.data])
  const selected = useMemo(() => selectedDatasetIds(catalogs, view), [catalogs, view])

  if (catalogs.length === 0) {
    return <p className={styles.hint}>There are no datasets you can see yet.</p>
  }
  return (
    <div aria-busy={counts.isFetching}>
      <p className={styles.hint} id="explore-datasets-hint">
        {selected.size === 0
          ? 'Showing every dataset; tick some to show only those.'
          : `Showing ${selected.size} of the datasets.`}
      </p>
      {counts.isError && (
        <p className={styles.error} role="alert">
          Could not count the events: {counts.error.message}{' '}
          <button type="button" className={styles.linkButton} onClick={() => void counts.refetch()}>
            Retry
          </button>
        </p>
      )}
      <ul className={styles.tree} aria-describedby="explore-datasets-hint">
        {catalogs.map((catalog) => {
          const catalogCount = countOf && catalog.datasets.reduce((sum, dataset) => sum + countOf(dataset.id), 0)
          return (
            <li key={catalog.id ?? 'none'}>
              <CatalogBox catalog={catalog} selected={selected} count={catalogCount} />
              <ul>
                {catalog.datasets.map((dataset) => {
                  const count = countOf?.(dataset.id)
                  return (
                    <li key={dataset.id}>
                      <label className={count === 0 ? `${styles.check} ${styles.muted}` : styles.check}>
                        <input
                          type="checkbox"
                          checked={selected.has(dataset.id)}
                          onChange={(change) => setView(toggleDatasets(selected, [dataset.id], change.target.checked))}
                        />
                        <span
                          className={styles.dot}
                          style={{ background: datasetColors.get(dataset.id) ?? 'var(--muted)' }}
                          aria-hidden="true"
                        />
                        <span className={styles.checkLabel}>
                          {dataset.name}
                          {!dataset.isPublic && <span className={styles.tag}>Private</span>}
                        </span>
                        <Count value={count} />
                      </label>
                    </li>
                  )
                })}
              </ul>
            </li>
          )
        })}
      </ul>
    </div>
  )
}
