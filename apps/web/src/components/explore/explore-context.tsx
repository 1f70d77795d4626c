'use client'
/**
 * The explore view's shared model: the URL state, the read API's filter state derived from it,
 * the one read API client, the visible catalogs and datasets with their colours, the playback
 * window and the hovered event. Every panel reads it with {@link useExplore}.
 * @module
 */
import type { FilterState } from '@chronotope/filters'
import { debounce, useQueryStates } from 'nuqs'
import { createContext, startTransition, useContext, useMemo, useState, type ReactNode } from 'react'

import { createEventsReadClient, type EventsReadClient } from '../../lib/read-client/events-read-client'
import { colorsOf } from './explore-colors'
import type { ExploreCatalog, ExploreDataset } from './explore-types'
import {
  exploreParsers,
  filterStateOfView,
  keepVisibleIds,
  mapFilterState,
  visibleIds,
  type ExploreState,
  type ViewFilters,
} from './view-state'

/** A change to the URL state: the parameters to set, `null` to remove one. */
export type ExplorePatch = { [K in keyof ExploreState]?: ExploreState[K] | null }

/**
 * How a change enters the browser's history: filters push an entry; playback replaces it. `follow`
 * replaces it too, for state that follows a gesture (the map's camera): the other panels re-render
 * after urgent work (the map's own request), and the URL is written once the gesture has rested.
 */
export type HistoryMode = 'push' | 'replace' | 'follow'

/**
 * How long the URL waits for a gesture's state to rest. Writing history costs 10–30 ms in
 * Chromium (Next keeps its router tree in the entry), which would delay the marks of a pan.
 */
const FOLLOW_URL_DELAY_MS = 400

/** The explore view's shared model; see the module comment. */
export interface ExploreModel {
  /** The URL state. */
  readonly view: ExploreState
  /** Changes the URL state. */
  readonly setView: (patch: ExplorePatch, history?: HistoryMode) => void
  /** The read API's filter state of the view (catalogs, datasets, time, fields, text). */
  readonly filters: FilterState
  /** URL parameters the read API refuses, or ids the visitor cannot see, dropped from {@link filters}. */
  readonly problems: ViewFilters['problems']
  /** The link named only catalogs or datasets the visitor cannot see: show nothing. */
  readonly nothingVisible: boolean
  /** What the map shows: {@link filters} narrowed to the playback window when one is set. */
  readonly mapFilters: FilterState
  /** The playback window in epoch ms, when one is set. */
  readonly playbackWindow: { readonly startMs: number; readonly endMs: number } | undefined
  /** Whether playback is running (not in the URL: a shared link opens paused). */
  readonly playing: boolean
  readonly setPlaying: (playing: boolean) => void
  /** The one client of the read API. */
  readonly client: EventsReadClient
  /** The catalogs and datasets the visitor may see. */
  readonly catalogs: readonly ExploreCatalog[]
  /** The visible datasets by id. */
  readonly datasets: ReadonlyMap<number, ExploreDataset>
  /** Each visible dataset's colour, the same on the map, legend and timeline. */
  readonly datasetColors: ReadonlyMap<number, string>
  /** The event under the pointer or keyboard focus in the list or on the map. */
  readonly hoveredEventId: number | null
  readonly setHoveredEventId: (id: number | null) => void
  /** True in the chrome-less embed. */
  readonly embedded: boolean
}

const ExploreContext = createContext<ExploreModel | null>(null)

/** The explore view's model; only inside {@link ExploreProvider}. */
export function useExplore(): ExploreModel {
  const model = useContext(ExploreContext)
  if (!model) throw new Error('useExplore needs an ExploreProvider around it')
  return model
}

/** Provides the explore model to the panels. */
export function ExploreProvider({
  catalogs,
  embedded = false,
  children,
}: {
  catalogs: readonly ExploreCatalog[]
  embedded?: boolean
  children: ReactNode
}) {
  const [view, setQuery] = useQueryStates(exploreParsers)
  const [playing, setPlaying] = useState(false)
  const [hoveredEventId, setHoveredEventId] = useState<number | null>(null)
  const client = useMemo(() => createEventsReadClient(), [])
  const datasets = useMemo(
    () => new Map(catalogs.flatMap((catalog) => catalog.datasets.map((dataset) => [dataset.id, dataset] as const))),
    [catalogs],
  )
  const datasetColors = useMemo(() => colorsOf([...datasets.keys()].sort((a, b) => a - b)), [datasets])
  const { catalogs: viewCatalogs, datasets: viewDatasets, start, end, filters: viewFields, q } = view
  const { datasetIds, catalogIds } = useMemo(() => visibleIds(catalogs), [catalogs])
  const {
    state: filters,
    problems,
    nothingVisible,
  } = useMemo(
    () =>
      keepVisibleIds(
        filterStateOfView({ catalogs: viewCatalogs, datasets: viewDatasets, start, end, filters: viewFields, q }),
        datasetIds,
        catalogIds,
      ),
    [viewCatalogs, viewDatasets, start, end, viewFields, q, datasetIds, catalogIds],
  )
  const { state: mapFilters, playbackWindow } = useMemo(
    () => mapFilterState(filters, view.at, view.window),
    [filters, view.at, view.window],
  )
  const model = useMemo<ExploreModel>(
    () => ({
      view,
      setView: (patch, history = 'push') => {
        if (history !== 'follow') return void setQuery(patch, { history })
        startTransition(() => {
          void setQuery(patch, { history: 'replace', limitUrlUpdates: debounce(FOLLOW_URL_DELAY_MS) })
        })
      },
      filters,
      problems,
      nothingVisible,
      mapFilters,
      playbackWindow,
      playing,
      setPlaying,
      client,
      catalogs,
      datasets,
      datasetColors,
      hoveredEventId,
      setHoveredEventId,
      embedded,
    }),
    [
      view,
      setQuery,
      filters,
      problems,
      nothingVisible,
      mapFilters,
      playbackWindow,
      playing,
      client,
      catalogs,
      datasets,
      datasetColors,
      hoveredEventId,
      embedded,
    ],
  )
  return <ExploreContext.Provider value={model}>{children}</ExploreContext.Provider>
}
