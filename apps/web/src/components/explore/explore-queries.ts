'use client'
/**
 * The read API's queries shared by several panels (the summary line, the filter tree, the
 * timeline): one TanStack Query key per endpoint and filter state, so panels asking the same
 * question share one request and its cache, and a changed filter aborts the stale request.
 * @module
 */
import { filterStateKey, type FilterState, type HistogramIntervalParam } from '@chronotope/filters'
import {
  keepPreviousData,
  usePrefetchQuery,
  useQuery,
  type QueryFunction,
  type UseQueryOptions,
} from '@tanstack/react-query'
import { useMemo } from 'react'

import { colorsOf } from './explore-colors'
import { useExplore } from './explore-context'

/**
 * `useQuery` whose request leaves while the component renders rather than once the page has
 * committed: on a first load React hydrates the whole view before any effect runs, and the answers
 * can travel during those hundreds of milliseconds. Later renders find the query cached and ask
 * nothing more; a new key (a changed filter) is asked for at once, too.
 */
function useEarlyQuery<T>(
  options: UseQueryOptions<T, Error, T, readonly unknown[]> & { queryFn: QueryFunction<T, readonly unknown[]> },
) {
  usePrefetchQuery({ queryKey: options.queryKey, queryFn: options.queryFn })
  return useQuery(options)
}

/** The filtered events per dataset. */
export function useDatasetCounts(filters: FilterState) {
  const { client } = useExplore()
  return useEarlyQuery({
    queryKey: ['dataset-counts', filterStateKey(filters)],
    queryFn: ({ signal }) => client.datasetCounts(filters, signal),
    placeholderData: keepPreviousData,
  })
}

/** The histogram of the filtered events. */
export function useHistogram(filters: FilterState, interval: HistogramIntervalParam = 'auto') {
  const { client } = useExplore()
  return useEarlyQuery({
    queryKey: ['histogram', filterStateKey(filters), interval],
    queryFn: ({ signal }) => client.histogram(filters, interval, signal),
    placeholderData: keepPreviousData,
  })
}

/** The fields the selection can be filtered by. */
export function useFilterFields(filters: FilterState) {
  const { client } = useExplore()
  return useEarlyQuery({
    queryKey: ['filter-fields', filterStateKey(filters)],
    queryFn: ({ signal }) => client.filterFields(filters, signal),
    placeholderData: keepPreviousData,
  })
}

/** The extent of the filtered events; the map fits it, and asks for its clusters, as soon as it is known. */
export function useBounds(filters: FilterState) {
  const { client } = useExplore()
  return useEarlyQuery({
    queryKey: ['bounds', filterStateKey(filters)],
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
