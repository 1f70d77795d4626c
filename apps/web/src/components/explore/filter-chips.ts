/**
 * The active filters as chips: one plain-language line per condition ("Kind is Protest or March",
 * "Time: 1914 to 1918") with the URL change that removes it, and the change that clears them all.
 * @module
 */
import type { FieldFilter } from '@chronotope/filters'

import { formatNumber } from '../../lib/text/format-number'
import type { ExplorePatch } from './explore-context'
import { fieldLabel } from './filter-fields'
import { filterTextToWrittenDate } from './filter-date-input'

/** One active filter. */
export interface FilterChip {
  /** Stable across renders, for React. */
  readonly key: string
  /** What it filters, e.g. `Kind is Protest`. */
  readonly label: string
  /** The URL change that removes it. */
  readonly remove: ExplorePatch
}

/** The view's filter part, as the URL holds it. */
export interface ChipView {
  readonly catalogs: readonly number[]
  readonly datasets: readonly number[]
  readonly start: string | null
  readonly end: string | null
  readonly q: string | null
  readonly filters: Readonly<Record<string, FieldFilter>>
}

/** Names for ids: an unknown id is shown by its number. */
export interface ChipNames {
  readonly datasetName: (id: number) => string | undefined
  readonly catalogName: (id: number) => string | undefined
}

/** Clears every filter (catalogs, datasets, time, text, fields) and keeps the map, colours and playback. */
export const CLEAR_ALL_FILTERS: ExplorePatch = {
  catalogs: null,
  datasets: null,
  start: null,
  end: null,
  q: null,
  filters: null,
}

/** The most values a chip names before "or N others". */
const NAMED_VALUES = 3

/**
 * A list of values as a sentence: `Protest`, `Protest or March`, `Protest, March, Strike or 2 others`.
 * @example orList(['a', 'b', 'c']) // 'a, b or c'
 */
export function orList(values: readonly string[]): string {
  if (values.length <= 1) return values[0] ?? ''
  if (values.length > NAMED_VALUES + 1) {
    const rest = values.length - NAMED_VALUES
    return `${values.slice(0, NAMED_VALUES).join(', ')} or ${rest} others`
  }
  return `${values.slice(0, -1).join(', ')} or ${values[values.length - 1]}`
}

/** A bound as the chip writes it: up to six decimals, so a slider's step is not rounded away. */
function formatBound(value: number): string {
  return formatNumber(value, 6)
}

/**
 * A field condition as a sentence.
 * @example fieldConditionText('kind', { kind: 'values', values: ['Protest'] }) // 'Kind is Protest'
 * @example fieldConditionText('participants', { kind: 'range', min: 10 }) // 'Participants at least 10'
 */
export function fieldConditionText(path: string, filter: FieldFilter): string {
  const label = fieldLabel(path)
  if (filter.kind === 'values') return `${label} is ${orList(filter.values)}`
  if (filter.min !== undefined && filter.max !== undefined) {
    return `${label} from ${formatBound(filter.min)} to ${formatBound(filter.max)}`
  }
  if (filter.min !== undefined) return `${label} at least ${formatBound(filter.min)}`
  return `${label} at most ${formatBound(filter.max ?? 0)}`
}

/**
 * A time range as a sentence, dates as people write them.
 * @example timeRangeText('-0489', null) // 'Time: from 490 BC'
 */
export function timeRangeText(start: string | null, end: string | null): string {
  const from = filterTextToWrittenDate('start', start)
  const to = filterTextToWrittenDate('end', end)
  if (from && to) return `Time: ${from} to ${to}`
  return from ? `Time: from ${from}` : `Time: until ${to}`
}

function withoutId(ids: readonly number[], id: number): number[] | null {
  const rest = ids.filter((other) => other !== id)
  return rest.length === 0 ? null : rest
}

/**
 * The chips of a view's active filters, in the panel's order: catalogs, datasets, time, text,
 * then fields by path.
 */
export function activeFilterChips(view: ChipView, names: ChipNames): FilterChip[] {
  const chips: FilterChip[] = []
  for (const id of view.catalogs) {
    chips.push({
      key: `catalog-${id}`,
      label: `Catalog: ${names.catalogName(id) ?? `#${id}`}`,
      remove: { catalogs: withoutId(view.catalogs, id) },
    })
  }
  for (const id of view.datasets) {
    chips.push({
      key: `dataset-${id}`,
      label: `Dataset: ${names.datasetName(id) ?? `#${id}`}`,
      remove: { datasets: withoutId(view.datasets, id) },
    })
  }
  if (view.start || view.end) {
    chips.push({ key: 'time', label: timeRangeText(view.start, view.end), remove: { start: null, end: null } })
  }
  if (view.q && view.q.trim() !== '') {
    chips.push({ key: 'q', label: `Text: “${view.q.trim()}”`, remove: { q: null } })
  }
  for (const [path, filter] of Object.entries(view.filters).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))) {
    const rest = { ...view.filters }
    delete rest[path]
    chips.push({
      key: `field-${path}`,
      label: fieldConditionText(path, filter),
      remove: { filters: Object.keys(rest).length === 0 ? null : rest },
    })
  }
  return chips
}
