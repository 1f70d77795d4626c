'use client'
/**
 * One row of the explore view's list: time, title, place and dataset of an event, with a link to
 * its page. Each row is a button that selects
 * the event; rows share one Tab stop (roving focus: the active row has it, arrows move it).
 * @module
 */
import Link from 'next/link'
import { memo, type KeyboardEvent } from 'react'

import type { EventListItem } from '../../lib/events-read/read-responses'
import { useExplore } from './explore-context'
import { eventTimeText } from './list-rows'
import styles from './list.module.css'

/** What a row draws and how it reports back to the list. */
export interface ListRowProps {
  readonly event: EventListItem
  /** Its place in the loaded rows, from 0. */
  readonly index: number
  /** How many rows there are, -1 while more may load. */
  readonly setSize: number
  /** Its offset from the list's top, in CSS pixels. */
  readonly top: number
  readonly height: number
  /** Whether it holds the list's Tab stop. */
  readonly isActive: boolean
  readonly isSelected: boolean
  readonly onSelect: (id: number) => void
  readonly onFocusRow: (index: number) => void
  /** Arrow keys, Page Up/Down, Home and End on the row. */
  readonly onRowKey: (key: KeyboardEvent<HTMLButtonElement>, index: number) => void
}

/** One event of the list. */
export const ListRow = memo(function ListRow({
  event,
  index,
  setSize,
  top,
  height,
  isActive,
  isSelected,
  onSelect,
  onFocusRow,
  onRowKey,
}: ListRowProps) {
  const { datasets, datasetColors, setHoveredEventId } = useExplore()
  const title = event.title?.trim() || 'Untitled event'
  const datasetName = datasets.get(event.datasetId)?.name ?? `Dataset ${event.datasetId}`
  const time = eventTimeText(event)
  return (
    <div
      role="listitem"
      aria-posinset={index + 1}
      aria-setsize={setSize}
      className={isSelected ? `${styles.row} ${styles.selected}` : styles.row}
      style={{ transform: `translateY(${top}px)`, height }}
      onMouseEnter={() => setHoveredEventId(event.id)}
      onMouseLeave={() => setHoveredEventId(null)}
    >
      <button
        type="button"
        className={styles.select}
        data-index={index}
        data-event-id={event.id}
        aria-current={isSelected ? 'true' : undefined}
        tabIndex={isActive ? 0 : -1}
        onClick={() => onSelect(event.id)}
        onKeyDown={(key) => onRowKey(key, index)}
        onFocus={() => {
          setHoveredEventId(event.id)
          onFocusRow(index)
        }}
        onBlur={() => setHoveredEventId(null)}
      >
        {/* The spaces between the parts are the accessible name's; the grid does not draw them. */}
        <span className={styles.title}>{title}</span>{' '}
        <span className={styles.dataset}>
          <span
            className={styles.dot}
            style={{ background: datasetColors.get(event.datasetId) ?? 'var(--muted)' }}
            aria-hidden="true"
          />
          <span className={styles.datasetName}>{datasetName}</span>
        </span>{' '}
        <span className={styles.meta}>
          <span className={styles.time}>{time}</span>{' '}
          {event.locationName && <span className={styles.place}>{event.locationName}</span>}
        </span>
      </button>
      <Link
        href={`/events/${event.id}`}
        prefetch={false}
        className={styles.open}
        tabIndex={isActive ? 0 : -1}
        aria-label={`Open the page of ${title}`}
      >
        Open
      </Link>
    </div>
  )
})
