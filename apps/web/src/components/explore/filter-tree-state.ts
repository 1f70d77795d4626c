/**
 * The catalog → dataset tree's logic: which datasets are ticked for a view's `catalogs` and
 * `datasets`, each catalog's box (ticked, unticked or partly), and the URL change a tick makes.
 * Nothing ticked means no dataset filter: every dataset is shown, as in a faceted search.
 * @module
 */
import type { ExploreCatalog } from './explore-types'

/** A catalog's box: all of its datasets ticked, none, or some. */
export type CatalogCheck = 'checked' | 'unchecked' | 'mixed'

/** The tree's URL change: the ticked datasets (null for none), and the catalogs folded into them. */
export interface DatasetSelectionPatch {
  readonly datasets: number[] | null
  readonly catalogs: null
}

/**
 * The ticked datasets: those the view's `datasets` and `catalogs` both allow (the read API
 * intersects them), among the datasets the visitor may see; empty when neither filters.
 * @example selectedDatasetIds([{ id: 1, name: 'A', datasets: [{ id: 5, name: 'x', catalogId: 1, isPublic: true }] }], { catalogs: [1], datasets: [] }) // Set {5}
 */
export function selectedDatasetIds(
  catalogs: readonly ExploreCatalog[],
  view: { readonly catalogs: readonly number[]; readonly datasets: readonly number[] },
): Set<number> {
  if (view.catalogs.length === 0 && view.datasets.length === 0) return new Set()
  const wantedDatasets = new Set(view.datasets)
  const wantedCatalogs = new Set(view.catalogs)
  const selected = new Set<number>()
  for (const catalog of catalogs) {
    if (wantedCatalogs.size > 0 && (catalog.id === null || !wantedCatalogs.has(catalog.id))) continue
    for (const dataset of catalog.datasets) {
      if (wantedDatasets.size === 0 || wantedDatasets.has(dataset.id)) selected.add(dataset.id)
    }
  }
  return selected
}

/** A catalog's box for the ticked datasets. */
export function catalogCheck(catalog: ExploreCatalog, selected: ReadonlySet<number>): CatalogCheck {
  const ticked = catalog.datasets.filter((dataset) => selected.has(dataset.id)).length
  if (ticked === 0) return 'unchecked'
  return ticked === catalog.datasets.length ? 'checked' : 'mixed'
}

function patchOf(selected: ReadonlySet<number>): DatasetSelectionPatch {
  return { datasets: selected.size === 0 ? null : [...selected].sort((a, b) => a - b), catalogs: null }
}

/**
 * The URL change after ticking or unticking datasets (one, or a catalog's all).
 * @example toggleDatasets(new Set([1, 2]), [2], false) // { datasets: [1], catalogs: null }
 */
export function toggleDatasets(
  selected: ReadonlySet<number>,
  ids: readonly number[],
  checked: boolean,
): DatasetSelectionPatch {
  const next = new Set(selected)
  for (const id of ids) {
    if (checked) next.add(id)
    else next.delete(id)
  }
  return patchOf(next)
}

/**
 * The URL change a catalog's box makes: a ticked or partly ticked catalog unticks all its
 * datasets, an unticked one ticks them all.
 */
export function toggleCatalog(catalog: ExploreCatalog, selected: ReadonlySet<number>): DatasetSelectionPatch {
  const ids = catalog.datasets.map((dataset) => dataset.id)
  return toggleDatasets(selected, ids, catalogCheck(catalog, selected) === 'unchecked')
}
