'use client'
/**
 * The read API's queries shared by several panels (the summary line, the filter tree, the
 * timeline): one TanStack Query key per endpoint and filter state, so panels asking the same
 * question share one request and its cache, and a changed filter aborts the stale request.
 * @module
 */
import { filterStateKey, type FilterState, type HistogramIntervalParam } from '@chronotope/filters'
import { keepPreviousData, useQuery } from '@tanstack/react-query'
import { useMemo } from 'react'

import { colorsOf } from './explore-colors'
import { useExplore } from './explore-context'

/** The filtered events per dataset. */
export function useDatasetCounts(filters: FilterState) {
  const { client } = useExplore()
  return useQuery({
    queryKey: ['dataset-counts', filterStateKey(filters)],
    queryFn: ({ signal }) => client.datasetCounts(filters, signal),
    placeholderData: keepPreviousData,
  })
}

/** The histogram of the filtered events. */
export function useHistogram(filters: FilterState, interval: HistogramIntervalParam = 'auto') {
  const { client } = useExplore()
  return useQuery({
    queryKey: ['histogram', filterStateKey(filters), interval],
    queryFn: ({ signal }) => client.histogram(filters, interval, signal),
    placeholderData: keepPreviousData,
  })
}

/** The fields the selection can be filtered by. */
export function useFilterFields(filters: FilterState) {
  const { client } = useExplore()
  return useQuery({
    queryKey: ['filter-fields', filterStateKey(filters)],
    queryFn: ({ signal }) => client.filterFields(filters, signal),
    placeholderData: keepPreviousData,
  })
}

/** The query key of the `bounds` answer for a filter state's key (`filterStateKey`). */
export function boundsQueryKey(stateKey: string): readonly ['bounds', string] {
  return ['bounds', stateKey]
}

/** The extent of the filtered events. */
export function useBounds(filters: FilterState) {
  const { client } = useExplore()
  return useQuery({
    queryKey: boundsQueryKey(filterStateKey(filters)),
    queryFn: ({ signal }) => client.bounds(filters, signal),
  })
}

/**
 * The colours of a data field's values, most common first as the `filters` endpoint lists them
 * (without the field's own condition),
 * the same on the map, its legend and the timeline's stacks. Empty while loading or for a field
 * without listed values.
 */
export function useFieldValueColors(field: string | null | undefined): ReadonlyMap<string, string> {
  const { filters } = useExplore()
  // Without the field's own condition, so picking a value does not recolour it.
  const fields = useFilterFields(withoutField(filters, field))
  return useMemo(() => {
    const entry = fields.data?.fields.find((candidate) => candidate.path === field)
    if (!entry || entry.kind !== 'values') return new Map<string, string>()
    return colorsOf(entry.values.map((value) => value.value))
  }, [fields.data, field])
}

/** The filter state without one field's condition. */
export function withoutField(filters: FilterState, field: string | null | undefined): FilterState {
  if (!field || !(field in filters.fields)) return filters
  const fields = { ...filters.fields }
  delete fields[field]
  return { ...filters, fields }
}
