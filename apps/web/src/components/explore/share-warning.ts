/**
 * Whether a shared link of the explore view shows private data its recipients cannot see, said
 * before the link is copied. Pure: the Share and Embed buttons show its sentence.
 * @module
 */
import type { ExploreCatalog } from './explore-types'

/** The part of the view that decides which datasets it shows. */
export interface SharedSelection {
  readonly catalogs: readonly number[]
  readonly datasets: readonly number[]
}

function names(list: readonly string[]): string {
  const quoted = list.slice(0, 3).map((name) => `"${name}"`)
  const more = list.length > 3 ? ` and ${list.length - 3} more` : ''
  return quoted.join(', ') + more
}

/**
 * The warning for a link of this view, or null when everything it shows is public. The view shows
 * the datasets it names and those of the catalogs it names, or every visible one when it names none.
 * @example privateDataWarning({ catalogs: [], datasets: [2] }, [{ id: 1, name: 'C', datasets: [{ id: 2, name: 'Mine', catalogId: 1, isPublic: false }] }])
 * // 'Only you can see this view: dataset "Mine" is private, so anyone you send the link to sees no events (editors and admins excepted). Publish it first on its dataset page.'
 */
export function privateDataWarning(selection: SharedSelection, catalogs: readonly ExploreCatalog[]): string | null {
  const all = catalogs.flatMap((catalog) => catalog.datasets)
  const isNamed = selection.catalogs.length > 0 || selection.datasets.length > 0
  const shown = isNamed
    ? all.filter(
        (dataset) =>
          selection.datasets.includes(dataset.id) ||
          (dataset.catalogId !== null && selection.catalogs.includes(dataset.catalogId)),
      )
    : all
  const hidden = shown.filter((dataset) => !dataset.isPublic).map((dataset) => dataset.name)
  if (hidden.length === 0) return null
  if (hidden.length === shown.length) {
    const what =
      hidden.length === 1 ? `dataset ${names(hidden)} is private` : `its ${hidden.length} datasets are private`
    return `Only you can see this view: ${what}, so anyone you send the link to sees no events (editors and admins excepted). Publish ${hidden.length === 1 ? 'it' : 'them'} first on ${hidden.length === 1 ? 'its' : 'their'} dataset page.`
  }
  return `Part of this view is private: ${hidden.length} of its ${shown.length} datasets (${names(hidden)}) stay hidden from anyone you send the link to (editors and admins excepted).`
}
