'use client'
import { useEffect, useId, useState } from 'react'

import { listTargetCatalogs, listTargetDatasets, type TargetOption } from './import-api'
import type { TargetChoice } from './upload-target'

/** The signed-in user, as the import UI needs them. */
export interface ImportUser {
  readonly id: number
  readonly name: string
  /** Editors and admins may import into any catalog and approve schema changes. */
  readonly isCurator: boolean
}

/**
 * Where the events go: one of the user's catalogs (editors and admins: any) or a new private
 * catalog, then a new dataset (named after the file) or an existing one of that catalog.
 */
export function TargetPicker({
  user,
  choice,
  onChange,
}: {
  user: ImportUser
  choice: TargetChoice
  /** Takes the next choice, or a function of the current one (for updates after loading). */
  onChange: (update: TargetChoice | ((current: TargetChoice) => TargetChoice)) => void
}) {
  const id = useId()
  const [catalogs, setCatalogs] = useState<TargetOption[] | null>(null)
  // The datasets of the catalog they were loaded for, so another catalog's never show.
  const [loaded, setLoaded] = useState<{ catalogId: number; datasets: TargetOption[] } | null>(null)
  const [loadError, setLoadError] = useState<string | null>(null)
  // Patches the current choice, so a change made as the catalogs load is not undone by it.
  const set = (patch: Partial<TargetChoice>) => onChange((current) => ({ ...current, ...patch }))

  useEffect(() => {
    let isCurrent = true
    listTargetCatalogs(user.id, user.isCurator).then(
      (list) => {
        if (!isCurrent) return
        setCatalogs(list)
        // Someone with catalogs most likely adds to one of them.
        const first = list[0]
        if (!first) return
        onChange((current) =>
          current.catalogMode === 'new' && !current.catalogName
            ? { ...current, catalogMode: 'existing', catalogId: first.id }
            : current,
        )
      },
      (error: Error) => isCurrent && setLoadError(error.message),
    )
    return () => {
      isCurrent = false
    }
    // Loaded once per user: onChange is the parent's state setter, the same on every render.
  }, [user.id, user.isCurator, onChange])

  const catalogId = choice.catalogMode === 'existing' ? choice.catalogId : null
  useEffect(() => {
    if (catalogId === null) return
    let isCurrent = true
    listTargetDatasets(catalogId, user.id, user.isCurator).then(
      (list) => isCurrent && setLoaded({ catalogId, datasets: list }),
      (error: Error) => isCurrent && setLoadError(error.message),
    )
    return () => {
      isCurrent = false
    }
  }, [catalogId, user.id, user.isCurator])
  const datasets = catalogId !== null && loaded?.catalogId === catalogId ? loaded.datasets : null

  const hasCatalogs = (catalogs?.length ?? 0) > 0
  const canChooseDataset = choice.catalogMode === 'existing' && (datasets?.length ?? 0) > 0

  return (
    <div className="import-target">
      <fieldset>
        <legend>Catalog</legend>
        {hasCatalogs && (
          <div className="import-choice">
            <input
              type="radio"
              id={`${id}-catalog-existing`}
              name={`${id}-catalog`}
              checked={choice.catalogMode === 'existing'}
              onChange={() => set({ catalogMode: 'existing', catalogId: choice.catalogId ?? catalogs![0]!.id })}
            />
            <label htmlFor={`${id}-catalog-existing`}>
              {user.isCurator ? 'An existing catalog' : 'One of your catalogs'}
            </label>
            <select
              aria-label="Existing catalog"
              value={choice.catalogId ?? ''}
              disabled={choice.catalogMode !== 'existing'}
              onChange={(event) => set({ catalogId: Number(event.target.value), datasetMode: 'new', datasetId: null })}
            >
              {catalogs!.map((catalog) => (
                <option key={catalog.id} value={catalog.id}>
                  {catalog.name}
                </option>
              ))}
            </select>
          </div>
        )}
        <div className="import-choice">
          <input
            type="radio"
            id={`${id}-catalog-new`}
            name={`${id}-catalog`}
            checked={choice.catalogMode === 'new'}
            onChange={() => set({ catalogMode: 'new', datasetMode: 'new', datasetId: null })}
          />
          <label htmlFor={`${id}-catalog-new`}>A new catalog</label>
          <input
            type="text"
            aria-label="New catalog name"
            placeholder="e.g. Election campaigns 2016"
            value={choice.catalogName}
            maxLength={200}
            onFocus={() =>
              choice.catalogMode !== 'new' && set({ catalogMode: 'new', datasetMode: 'new', datasetId: null })
            }
            onChange={(event) =>
              set({ catalogMode: 'new', catalogName: event.target.value, datasetMode: 'new', datasetId: null })
            }
          />
        </div>
        {catalogs === null && !loadError && <p className="import-hint">Loading your catalogs…</p>}
        {choice.catalogMode === 'new' && (
          <p className="import-hint">A new catalog is private: only you, editors and admins see it.</p>
        )}
      </fieldset>

      <fieldset>
        <legend>Dataset</legend>
        <div className="import-choice">
          <input
            type="radio"
            id={`${id}-dataset-new`}
            name={`${id}-dataset`}
            checked={choice.datasetMode === 'new'}
            onChange={() => set({ datasetMode: 'new' })}
          />
          <label htmlFor={`${id}-dataset-new`}>A new dataset</label>
          <input
            type="text"
            aria-label="New dataset name"
            value={choice.datasetName}
            maxLength={200}
            onFocus={() => choice.datasetMode !== 'new' && set({ datasetMode: 'new' })}
            onChange={(event) => set({ datasetMode: 'new', datasetName: event.target.value })}
          />
        </div>
        {canChooseDataset && (
          <div className="import-choice">
            <input
              type="radio"
              id={`${id}-dataset-existing`}
              name={`${id}-dataset`}
              checked={choice.datasetMode === 'existing'}
              onChange={() => set({ datasetMode: 'existing', datasetId: choice.datasetId ?? datasets![0]!.id })}
            />
            <label htmlFor={`${id}-dataset-existing`}>Add to an existing dataset</label>
            <select
              aria-label="Existing dataset"
              value={choice.datasetId ?? ''}
              disabled={choice.datasetMode !== 'existing'}
              onChange={(event) => set({ datasetId: Number(event.target.value) })}
            >
              {datasets!.map((dataset) => (
                <option key={dataset.id} value={dataset.id}>
                  {dataset.name}
                </option>
              ))}
            </select>
          </div>
        )}
        <p className="import-hint">
          A workbook with several sheets becomes one dataset per sheet (“name – sheet”), unless you import one sheet.
        </p>
      </fieldset>
      {loadError && (
        <p className="import-error" role="alert">
          {loadError}
        </p>
      )}
    </div>
  )
}
