'use client'
/**
 * The timeline's stack layers: one histogram request per dataset (the eight with most events) or
 * per listed value of a field, each at the interval of the unstacked answer so the layers line up
 * with its bars. The requests share the `histogram` query key with {@link useHistogram}.
 * @module
 */
import { filterStateKey, type FilterState, type HistogramInterval } from '@chronotope/filters'
import { keepPreviousData, useQueries } from '@tanstack/react-query'
import { useMemo } from 'react'

import { CATEGORY_COLORS } from './explore-colors'
import { useExplore } from './explore-context'
import { useDatasetCounts, useFieldValueColors, useFilterFields, withoutField } from './explore-queries'
import { timelineBuckets, type StackSeries } from './timeline-stacks'
import type { TimelineBucket } from './timeline-dates'
import { BY_DATASET } from './view-state'

/** A stack layer: its legend entry and the filter state of its histogram request. */
interface LayerRequest {
  readonly series: StackSeries
  readonly filters: FilterState
}

/** The stack layers with their buckets, or `pending` while a request is still out. */
export type StackLayers =
  | { readonly status: 'none' }
  | { readonly status: 'pending' }
  | { readonly status: 'error'; readonly message: string; readonly retry: () => void }
  | {
      readonly status: 'ready'
      readonly layers: ReadonlyArray<{ readonly series: StackSeries; readonly buckets: readonly TimelineBucket[] }>
    }

const MAX_LAYERS = CATEGORY_COLORS.length

/** The datasets to stack by: the most events first, as many as the palette has colours. */
function useDatasetLayers(filters: FilterState, enabled: boolean): readonly LayerRequest[] | undefined {
  const { datasets, datasetColors } = useExplore()
  const counts = useDatasetCounts(filters)
  return useMemo(() => {
    if (!enabled) return []
    if (!counts.data) return undefined
    return [...counts.data.datasets]
      .sort((a, b) => b.count - a.count || a.datasetId - b.datasetId)
      .slice(0, MAX_LAYERS)
      .map(({ datasetId }) => ({
        series: {
          key: String(datasetId),
          label: datasets.get(datasetId)?.name ?? `Dataset ${datasetId}`,
          color: datasetColors.get(datasetId) ?? CATEGORY_COLORS[0],
        },
        filters: { ...filters, datasets: [datasetId] },
      }))
  }, [enabled, counts.data, datasets, datasetColors, filters])
}

/**
 * The listed values of a field to stack by, within the user's own condition on it if any; none for
 * a field without listed values.
 */
function useValueLayers(filters: FilterState, path: string | null): readonly LayerRequest[] | undefined {
  // The values and colours the map's legend uses: the view's filters without this field's condition.
  const { filters: viewFilters } = useExplore()
  const colors = useFieldValueColors(path)
  const fields = useFilterFields(withoutField(viewFilters, path))
  return useMemo(() => {
    if (!path) return []
    if (!fields.data) return undefined
    const entry = fields.data?.fields.find((candidate) => candidate.path === path)
    if (!entry || entry.kind !== 'values') return []
    const own = filters.fields[path]
    const allowed = own?.kind === 'values' ? new Set(own.values) : undefined
    return entry.values
      .map((listed) => listed.value)
      .filter((value) => !allowed || allowed.has(value))
      .slice(0, MAX_LAYERS)
      .map((value) => ({
        series: { key: value, label: value === '' ? '(blank)' : value, color: colors.get(value) ?? CATEGORY_COLORS[0] },
        filters: { ...filters, fields: { ...filters.fields, [path]: { kind: 'values' as const, values: [value] } } },
      }))
  }, [path, fields.data, filters, colors])
}

/**
 * The layers of the timeline's stack for `stack` (`dataset`, a field path, or null for none).
 * @param filters - the timeline's own filter state (the whole span, or its zoomed domain)
 * @param interval - the unstacked histogram's interval, pinned so every layer has its buckets
 */
export function useStackLayers(
  stack: string | null,
  filters: FilterState,
  interval: HistogramInterval | undefined,
): StackLayers {
  const { client } = useExplore()
  const byDataset = stack === BY_DATASET
  const datasetLayers = useDatasetLayers(filters, byDataset)
  const valueLayers = useValueLayers(filters, stack && !byDataset ? stack : null)
  const requests = byDataset ? datasetLayers : valueLayers
  const results = useQueries({
    queries: (requests ?? []).map((request) => ({
      queryKey: ['histogram', filterStateKey(request.filters), interval],
      queryFn: ({ signal }: { signal: AbortSignal }) => client.histogram(request.filters, interval, signal),
      enabled: interval !== undefined,
      placeholderData: keepPreviousData,
    })),
  })
  if (!stack) return { status: 'none' }
  if (!requests) return { status: 'pending' }
  if (requests.length === 0) return { status: 'none' }
  const failed = results.find((result) => result.isError)
  if (failed) {
    return {
      status: 'error',
      message: failed.error instanceof Error ? failed.error.message : 'The stack could not be loaded',
      retry: () => results.forEach((result) => result.isError && void result.refetch()),
    }
  }
  if (results.some((result) => !result.data)) return { status: 'pending' }
  return {
    status: 'ready',
    layers: requests.map((request, index) => ({
      series: request.series,
      buckets: timelineBuckets(results[index]!.data!),
    })),
  }
}
