/**
 * The dynamic filters' logic: field labels, and the `filters` URL value after ticking a value or
 * moving a range, so the panel's components only draw.
 * @module
 */
import type { FieldFilter } from '@chronotope/filters'

/** Field conditions by path, as the URL's `filters` holds them. */
export type FieldFilters = Readonly<Record<string, FieldFilter>>

/** How many values a field lists before "Show all". */
export const VALUES_SHOWN = 10

/**
 * A field path as people read it: words split at `_`, `-` and lower-to-upper case changes, first
 * letter capital, nested paths joined with `›`.
 * @example fieldLabel('event_type') // 'Event type'
 * @example fieldLabel('address.postCode') // 'Address › post code'
 */
export function fieldLabel(path: string): string {
  const words = path
    .split('.')
    .map((segment) =>
      segment
        .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
        .replace(/[_-]+/g, ' ')
        .trim()
        .replace(/\s+/g, ' ')
        .toLowerCase(),
    )
    .filter((segment) => segment !== '')
    .join(' › ')
  return words.charAt(0).toUpperCase() + words.slice(1)
}

function without(filters: FieldFilters, path: string): Record<string, FieldFilter> {
  const next = { ...filters }
  delete next[path]
  return next
}

/**
 * The field filters after ticking (`checked`) or unticking one value of a field; a field left with
 * no value loses its condition.
 * @example toggleFieldValue({}, 'kind', 'Protest', true) // { kind: { kind: 'values', values: ['Protest'] } }
 */
export function toggleFieldValue(
  filters: FieldFilters,
  path: string,
  value: string,
  checked: boolean,
): Record<string, FieldFilter> {
  const current = filters[path]
  const values = new Set(current?.kind === 'values' ? current.values : [])
  if (checked) values.add(value)
  else values.delete(value)
  if (values.size === 0) return without(filters, path)
  return { ...filters, [path]: { kind: 'values', values: [...values].sort() } }
}

/**
 * The field filters after choosing a range; a bound at (or beyond) the data's own extent is left
 * out, and a range covering the whole extent removes the condition.
 * @param extent - the field's smallest and largest value under the other filters
 * @example setFieldRange({}, 'age', { min: 5, max: 90 }, { min: 0, max: 90 }) // { age: { kind: 'range', min: 5 } }
 */
export function setFieldRange(
  filters: FieldFilters,
  path: string,
  range: { readonly min?: number; readonly max?: number },
  extent: { readonly min: number; readonly max: number },
): Record<string, FieldFilter> {
  let { min, max } = range
  if (min !== undefined && max !== undefined && min > max) [min, max] = [max, min]
  const low = min !== undefined && min > extent.min ? min : undefined
  const high = max !== undefined && max < extent.max ? max : undefined
  if (low === undefined && high === undefined) return without(filters, path)
  return {
    ...filters,
    [path]: { kind: 'range', ...(low === undefined ? {} : { min: low }), ...(high === undefined ? {} : { max: high }) },
  }
}

/**
 * A slider step for a field's extent: 1 for whole numbers spanning 100 or more, else a round
 * hundredth of the span (an extent of whole numbers, 2 to 7, may still hold 6.9).
 * @example rangeStep(1, 17613) // 1
 * @example rangeStep(2, 7) // 0.01
 */
export function rangeStep(min: number, max: number): number {
  const span = max - min
  if (!(span > 0)) return 1
  if (Number.isInteger(min) && Number.isInteger(max) && span >= 100) return 1
  return 10 ** Math.floor(Math.log10(span / 100))
}

/** One value's line in a field's list. */
export interface ValueOption {
  readonly value: string
  /** Events with this value under the other filters; null for a chosen value the API did not list. */
  readonly count: number | null
  readonly checked: boolean
}

/**
 * The values a field shows: the listed ones (most common first), the first {@link VALUES_SHOWN}
 * unless `showAll`, plus any chosen value not among them, so a choice never disappears.
 */
export function valueOptions(
  listed: ReadonlyArray<{ readonly value: string; readonly count: number }>,
  chosen: readonly string[],
  showAll: boolean,
): ValueOption[] {
  const chosenSet = new Set(chosen)
  const shown = showAll ? listed : listed.slice(0, VALUES_SHOWN)
  const options: ValueOption[] = shown.map(({ value, count }) => ({ value, count, checked: chosenSet.has(value) }))
  const shownValues = new Set(shown.map((option) => option.value))
  for (const value of chosen) {
    if (shownValues.has(value)) continue
    const entry = listed.find((candidate) => candidate.value === value)
    options.push({ value, count: entry ? entry.count : null, checked: true })
  }
  return options
}
