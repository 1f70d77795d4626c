/**
 * The map legend's rows: which colour stands for which dataset or value, and the options of
 * "Colour by". Pure.
 * @module
 */
import type { FilterState } from '@chronotope/filters'

import type { FilterField } from '../../lib/events-read/read-responses'
import { OTHER_COLOR } from './explore-colors'
import type { ExploreDataset } from './explore-types'
import { BY_DATASET } from './view-state'

/** One row of the legend: a colour and what it stands for. */
export interface LegendEntry {
  readonly key: string
  readonly label: string
  readonly color: string
}

/** The most value rows the legend lists before "Other". */
const MAX_VALUE_ENTRIES = 8

/**
 * The datasets the filters select: those listed, else those of the listed catalogs, else every
 * visible one; in id order (the order their colours were given in).
 */
export function selectedDatasets(
  filters: Pick<FilterState, 'datasets' | 'catalogs'>,
  datasets: ReadonlyMap<number, ExploreDataset>,
): ExploreDataset[] {
  const all = [...datasets.values()].sort((a, b) => a.id - b.id)
  if (filters.datasets.length > 0) return all.filter((dataset) => filters.datasets.includes(dataset.id))
  if (filters.catalogs.length > 0) {
    return all.filter((dataset) => dataset.catalogId !== null && filters.catalogs.includes(dataset.catalogId))
  }
  return all
}

/**
 * The legend's rows: each selected dataset with its colour, or each coloured value of the field
 * with "Other" (grey) when some events fall outside them.
 * @param showOther - whether to add the grey "Other / no value" row
 * @example legendEntries('kind', [], new Map(), new Map([['Strike', '#0072b2']]), true).map((e) => e.label) // ['Strike', 'Other or no value']
 */
export function legendEntries(
  colorBy: string,
  datasets: readonly ExploreDataset[],
  datasetColors: ReadonlyMap<number, string>,
  valueColors: ReadonlyMap<string, string>,
  showOther: boolean,
): LegendEntry[] {
  if (colorBy === BY_DATASET) {
    return datasets.map((dataset) => ({
      key: `dataset-${dataset.id}`,
      label: dataset.name,
      color: datasetColors.get(dataset.id) ?? OTHER_COLOR,
    }))
  }
  const entries: LegendEntry[] = []
  let beyond = false
  for (const [value, color] of valueColors) {
    if (color === OTHER_COLOR || entries.length >= MAX_VALUE_ENTRIES) {
      beyond = true
      continue
    }
    entries.push({ key: `value-${value}`, label: value === '' ? '(empty)' : value, color })
  }
  if (showOther || beyond) entries.push({ key: 'other', label: 'Other or no value', color: OTHER_COLOR })
  return entries
}

/** An option of the "Colour by" select. */
export interface ColorByOption {
  readonly value: string
  readonly label: string
}

/**
 * The "Colour by" options: Dataset, then each data field with listed values, and the current
 * choice even when the selection no longer lists it (so the select never shows a wrong value).
 * @example colorByOptions([{ path: 'kind', kind: 'values', values: [], truncated: false }], 'dataset').map((o) => o.value) // ['dataset', 'kind']
 */
export function colorByOptions(fields: readonly FilterField[] | undefined, current: string): ColorByOption[] {
  const options: ColorByOption[] = [{ value: BY_DATASET, label: 'Dataset' }]
  for (const field of fields ?? []) {
    if (field.kind === 'values') options.push({ value: field.path, label: field.path })
  }
  if (!options.some((option) => option.value === current)) options.push({ value: current, label: current })
  return options
}
