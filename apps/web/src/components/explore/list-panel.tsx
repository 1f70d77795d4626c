'use client'
/**
 * The explore view's list: the filtered events in time order, paged by the read API's cursor
 * (`list`) as the end of what is loaded nears, and virtualised so only the rows on screen are in
 * the page, however many events match. Hovering or focusing a row highlights its event on the map;
 * Enter or a click selects it; a selection made on the map scrolls the list to it.
 * @module
 */
import { filterStateKey } from '@chronotope/filters'
import { keepPreviousData, useInfiniteQuery } from '@tanstack/react-query'
import { useVirtualizer } from '@tanstack/react-virtual'
import { useCallback, useEffect, useMemo, useRef, useState, type KeyboardEvent } from 'react'

import type { EventListItem } from '../../lib/events-read/read-responses'
import { useExplore } from './explore-context'
import { useDatasetCounts } from './explore-queries'
import { CLEAR_ALL_FILTERS } from './filter-chips'
import { ListRow } from './list-row'
import { listCountText, nextRowIndex, shouldFetchMore } from './list-rows'
import styles from './list.module.css'
import type { ListSort } from './view-state'

/** Each row's height in CSS pixels (two lines); fixed so the scrollbar never jumps. */
const ROW_HEIGHT_PX = 56
const PAGE_SIZE = 100
const SKELETON_ROWS = 8
/** How far the list loads to find an event selected elsewhere. */
const MAX_ROWS_TO_FIND = 2_000

const SORT_LABELS: Record<ListSort, string> = { 'time-asc': 'Oldest first', 'time-desc': 'Newest first' }

/** The list panel. */
export function ListPanel() {
  const { view, setView, filters, client } = useExplore()
  const sort = view.sort
  const filterKey = filterStateKey(filters)
  const list = useInfiniteQuery({
    queryKey: ['list', filterKey, sort],
    queryFn: ({ pageParam, signal }) => client.list(filters, { limit: PAGE_SIZE, cursor: pageParam, sort }, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
    placeholderData: keepPreviousData,
  })
  const counts = useDatasetCounts(filters)
  const rows = useMemo<EventListItem[]>(() => list.data?.pages.flatMap((page) => page.events) ?? [], [list.data])

  const scrollRef = useRef<HTMLDivElement>(null)
  // The row that takes the Tab stop (roving focus), and whether the keyboard just moved it.
  const [activeIndex, setActiveIndex] = useState(0)
  const focusPending = useRef(false)
  const selectedHere = useRef<number | null>(null)

  // eslint-disable-next-line react-hooks/incompatible-library -- the virtualizer is mutable by design and re-renders the list itself
  const virtualizer = useVirtualizer({
    count: rows.length,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => ROW_HEIGHT_PX,
    overscan: 8,
  })
  const items = virtualizer.getVirtualItems()

  // Fetch the next page as the last loaded row nears.
  const lastDrawn = items.at(-1)?.index
  const { hasNextPage, isFetchingNextPage, isError, fetchNextPage } = list
  useEffect(() => {
    if (isError) return
    if (shouldFetchMore(lastDrawn, rows.length, { hasNextPage, isFetching: isFetchingNextPage })) void fetchNextPage()
  }, [lastDrawn, rows.length, hasNextPage, isFetchingNextPage, isError, fetchNextPage])

  // A new filter or order starts at the top.
  useEffect(() => {
    scrollRef.current?.scrollTo({ top: 0 })
    setActiveIndex(0)
  }, [filterKey, sort])

  useEffect(() => {
    if (!focusPending.current) return
    const row = scrollRef.current?.querySelector<HTMLElement>(`button[data-index="${activeIndex}"]`)
    if (row) {
      focusPending.current = false
      row.focus({ preventScroll: true })
    }
  })

  // A selection made elsewhere (the map, a place's list) scrolls its row into view; pages are
  // loaded to find it, up to a few.
  const selected = view.event
  useEffect(() => {
    if (selected === null || selectedHere.current === selected) return
    const index = rows.findIndex((row) => row.id === selected)
    if (index < 0) {
      if (hasNextPage && !isFetchingNextPage && !isError && rows.length < MAX_ROWS_TO_FIND) void fetchNextPage()
      return
    }
    virtualizer.scrollToIndex(index, { align: 'center' })
    setActiveIndex(index)
    // Only on a new selection, not on every page that loads after it.
    selectedHere.current = selected
  }, [selected, rows, virtualizer, hasNextPage, isFetchingNextPage, isError, fetchNextPage])

  const select = useCallback(
    (id: number) => {
      selectedHere.current = id
      setView({ event: id })
    },
    [setView],
  )

  const rowCount = rows.length
  const onRowKey = useCallback(
    (event: KeyboardEvent<HTMLButtonElement>, index: number) => {
      const pageRows = Math.floor((scrollRef.current?.clientHeight ?? ROW_HEIGHT_PX) / ROW_HEIGHT_PX) - 1
      const next = nextRowIndex(event.key, index, rowCount, pageRows)
      if (next === undefined) return
      event.preventDefault()
      setActiveIndex(next)
      focusPending.current = true
      virtualizer.scrollToIndex(next, { align: 'auto' })
    },
    [rowCount, virtualizer],
  )

  const state =
    list.isError && rows.length === 0 ? 'error' : !list.data ? 'loading' : rows.length === 0 ? 'empty' : 'ready'
  const total = counts.data?.total
  const nextSort: ListSort = sort === 'time-asc' ? 'time-desc' : 'time-asc'

  return (
    <div
      className={styles.panel}
      data-testid="explore-list"
      data-state={list.isPlaceholderData ? 'loading' : state}
      data-count={rows.length}
      aria-busy={list.isFetching}
    >
      <div className={styles.head}>
        <p className={styles.count} aria-live="polite">
          {state === 'ready' || state === 'empty' ? listCountText(rows.length, total) : '\u00a0'}
        </p>
        <div className={styles.sort} role="group" aria-label="Order by time">
          {(Object.keys(SORT_LABELS) as ListSort[]).map((option) => (
            <button
              key={option}
              type="button"
              aria-pressed={sort === option}
              onClick={() => sort !== option && setView({ sort: nextSort })}
            >
              {SORT_LABELS[option]}
            </button>
          ))}
        </div>
      </div>
      {state === 'loading' && (
        <div className={styles.body} role="status">
          <span className="visually-hidden">Loading events…</span>
          {Array.from({ length: SKELETON_ROWS }, (_, i) => (
            <div key={i} className={styles.skeleton} aria-hidden="true">
              <span />
              <span />
            </div>
          ))}
        </div>
      )}
      {state === 'error' && (
        <div className={styles.message} role="alert">
          <p>Could not load the events: {list.error?.message}</p>
          <button type="button" className="button small" onClick={() => void list.refetch()}>
            Retry
          </button>
        </div>
      )}
      {state === 'empty' && (
        <div className={styles.message}>
          <p>No events match these filters.</p>
          <button type="button" className="button small" onClick={() => setView(CLEAR_ALL_FILTERS)}>
            Clear all filters
          </button>
        </div>
      )}
      {state === 'ready' && (
        <div ref={scrollRef} className={list.isPlaceholderData ? `${styles.body} ${styles.stale}` : styles.body}>
          <div
            role="list"
            aria-label="Events in time order"
            className={styles.rows}
            style={{ height: virtualizer.getTotalSize() }}
          >
            {items.map((item) => {
              const event = rows[item.index] as EventListItem
              return (
                <ListRow
                  key={event.id}
                  event={event}
                  index={item.index}
                  setSize={hasNextPage ? -1 : rows.length}
                  top={item.start}
                  height={ROW_HEIGHT_PX}
                  isActive={item.index === activeIndex}
                  isSelected={event.id === selected}
                  onSelect={select}
                  onFocusRow={setActiveIndex}
                  onRowKey={onRowKey}
                />
              )
            })}
          </div>
          {list.isFetchNextPageError && (
            <div className={styles.footer} role="alert">
              <span>Could not load more events: {list.error?.message}</span>
              <button type="button" className="button small" onClick={() => void fetchNextPage()}>
                Retry
              </button>
            </div>
          )}
        </div>
      )}
    </div>
  )
}
