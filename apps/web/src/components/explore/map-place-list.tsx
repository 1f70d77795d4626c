'use client'
/**
 * The map's popup list for several events it cannot split by zooming (events at one place, or a
 * group at the map's closest zoom): their mix, the ring's legend, and the events themselves with
 * their times, in time order, 50 at a time from the read API's `list` (the same filters, the
 * group's own extent as the box), so ten thousand events at a city's centre load as the reader
 * asks. Each event can be selected (the list panel shows it) or opened. A list rather than
 * spreading the points around their place: it scales to any count, reads by keyboard and screen
 * reader, and says when each event happened. It is docked to the map's side rather than hung from
 * the point, so a long list fits a short map.
 * @module
 */
import { filterStateKey } from '@chronotope/filters'
import { useInfiniteQuery } from '@tanstack/react-query'
import Link from 'next/link'
import { useEffect, useEffectEvent, useId, useRef } from 'react'

import type { EventListItem } from '../../lib/events-read/read-responses'
import { countOf } from '../../lib/text/format-number'
import { OTHER_COLOR } from './explore-colors'
import { useExplore } from './explore-context'
import { useFieldValueColors } from './explore-queries'
import { eventTimeText } from './list-rows'
import styles from './map.module.css'
import type { ClusterButton } from './map-marks'
import { BY_DATASET, narrowFilterState } from './view-state'

/** Events asked for per page. */
export const PLACE_LIST_PAGE = 50

/**
 * The "Show more" button's words: how many the next page brings when the count says.
 * @example moreText(120) // 'Show 50 more'
 */
function moreText(left: number): string {
  return left > 0 ? `Show ${Math.min(PLACE_LIST_PAGE, left)} more` : 'Show more'
}

/** The events of a group the map cannot split, listed in a popup. */
export function MapPlaceList({
  group,
  selectedId,
  onSelect,
  onClose,
}: {
  group: ClusterButton
  /** The selected event (`view.event`). */
  selectedId: number | null
  onSelect: (eventId: number) => void
  /** Called by its close button and Escape. */
  onClose: () => void
}) {
  const { client, mapFilters, view, datasets, datasetColors } = useExplore()
  const colorField = view.color === BY_DATASET ? undefined : view.color
  const valueColors = useFieldValueColors(colorField)
  const titleId = useId()
  const panelRef = useRef<HTMLElement>(null)
  const close = useEffectEvent(onClose)
  useEffect(() => {
    const panel = panelRef.current
    if (!panel) return
    // Opened by a click or a key on the mark: the reader continues in the list.
    panel.focus()
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return
      event.stopPropagation()
      close()
    }
    panel.addEventListener('keydown', onKeyDown)
    return () => panel.removeEventListener('keydown', onKeyDown)
  }, [])
  const [west, south, east, north] = group.bounds
  const state = { ...narrowFilterState(mapFilters, { bbox: { west, south, east, north } }) }
  const list = useInfiniteQuery({
    queryKey: ['place-list', filterStateKey(state), colorField ?? ''],
    queryFn: ({ pageParam, signal }) =>
      client.list(
        state,
        { limit: PLACE_LIST_PAGE, cursor: pageParam, fields: colorField ? [colorField] : undefined },
        signal,
      ),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
  })
  const events = list.data?.pages.flatMap((page) => page.events) ?? []

  const colorOf = (event: EventListItem): string => {
    if (!colorField) return datasetColors.get(event.datasetId) ?? OTHER_COLOR
    const value = event.data[colorField]
    return (typeof value === 'string' ? valueColors.get(value) : undefined) ?? OTHER_COLOR
  }
  const heading = group.isPlace
    ? `${countOf(group.count, 'event')} at one place`
    : `${countOf(group.count, 'event')} close together`
  const place = events.find((event) => event.locationName)?.locationName

  return (
    <section
      ref={panelRef}
      className={`${styles.popup} ${styles.placePanel}`}
      aria-labelledby={titleId}
      tabIndex={-1}
      data-testid="map-place-list"
    >
      <button type="button" className={styles.placeClose} aria-label="Close the list" onClick={onClose}>
        ×
      </button>
      <h3 id={titleId} className={styles.popupTitle}>
        {heading}
      </h3>
      {place && group.isPlace && <p className={styles.placeName}>{place}</p>}
      {group.mix.length > 1 && (
        <ul className={styles.placeMix} aria-label={colorField ? `By ${colorField}` : 'By dataset'}>
          {group.mix.map((slice) => (
            <li key={slice.label}>
              <span className={styles.swatch} style={{ background: slice.color }} aria-hidden="true" />
              {slice.count} {slice.label}
            </li>
          ))}
        </ul>
      )}
      {list.isPending && <p role="status">Loading the events…</p>}
      {list.isError && events.length === 0 && (
        <div role="alert">
          <p>Could not load the events: {list.error.message}</p>
          <button type="button" className={styles.placeMore} onClick={() => void list.refetch()}>
            Retry
          </button>
        </div>
      )}
      {events.length > 0 && (
        <ul className={styles.placeEvents} aria-label={`Events, ${events.length} of ${group.count} shown`}>
          {events.map((event) => {
            const title = event.title?.trim() || 'Untitled event'
            const isSelected = event.id === selectedId
            return (
              <li key={event.id} className={isSelected ? styles.placeSelected : undefined}>
                <button
                  type="button"
                  className={styles.placeEvent}
                  aria-pressed={isSelected}
                  title="Select in the list"
                  onClick={() => onSelect(event.id)}
                >
                  <span className={styles.swatch} style={{ background: colorOf(event) }} aria-hidden="true" />
                  <span className={styles.placeEventTitle}>{title}</span>{' '}
                  <span className={styles.placeEventMeta}>
                    {eventTimeText(event)}
                    {!colorField && datasets.size > 1 && ` · ${datasets.get(event.datasetId)?.name ?? ''}`}
                  </span>
                </button>
                <Link
                  href={`/events/${event.id}`}
                  prefetch={false}
                  className={styles.popupLink}
                  aria-label={`Open the page of ${title}`}
                >
                  Open
                </Link>
              </li>
            )
          })}
        </ul>
      )}
      {list.hasNextPage && (
        <button
          type="button"
          className={styles.placeMore}
          disabled={list.isFetchingNextPage}
          onClick={() => void list.fetchNextPage()}
        >
          {list.isFetchingNextPage ? 'Loading…' : moreText(group.count - events.length)}
        </button>
      )}
      {list.isFetchNextPageError && <p role="alert">Could not load more events: {list.error?.message}</p>}
    </section>
  )
}
