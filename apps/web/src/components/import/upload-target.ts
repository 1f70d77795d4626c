/**
 * The target picker's state (an existing or new catalog, an existing or new dataset) and the
 * upload target it amounts to.
 * @module
 */
import type { UploadTarget } from './import-api'

/** What the target picker holds. */
export interface TargetChoice {
  readonly catalogMode: 'existing' | 'new'
  readonly catalogId: number | null
  readonly catalogName: string
  readonly datasetMode: 'new' | 'existing'
  readonly datasetId: number | null
  readonly datasetName: string
}

/** The picker before the user chose anything: a new catalog and a new dataset. */
export const EMPTY_TARGET: TargetChoice = {
  catalogMode: 'new',
  catalogId: null,
  catalogName: '',
  datasetMode: 'new',
  datasetId: null,
  datasetName: '',
}

/** The upload target, or the sentence saying what is still missing. */
export type TargetResult = { readonly target: UploadTarget } | { readonly problem: string }

/**
 * The upload target a choice describes; a new catalog always gets a new dataset.
 * @example uploadTargetOf({ ...EMPTY_TARGET, catalogName: 'Campaigns', datasetName: 'Trump' })
 * // { target: { catalogName: 'Campaigns', datasetName: 'Trump' } }
 */
export function uploadTargetOf(choice: TargetChoice): TargetResult {
  const datasetName = choice.datasetName.trim()
  if (choice.catalogMode === 'new') {
    const catalogName = choice.catalogName.trim()
    if (!catalogName) return { problem: 'Name the new catalog' }
    if (!datasetName) return { problem: 'Name the new dataset' }
    return { target: { catalogName, datasetName } }
  }
  if (choice.catalogId === null) return { problem: 'Choose a catalog' }
  if (choice.datasetMode === 'existing') {
    if (choice.datasetId === null) return { problem: 'Choose the dataset to add the events to' }
    return { target: { catalogId: choice.catalogId, datasetId: choice.datasetId } }
  }
  if (!datasetName) return { problem: 'Name the new dataset' }
  return { target: { catalogId: choice.catalogId, datasetName } }
}
