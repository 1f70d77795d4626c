'use client'
/**
 * The explore view's layout: the summary line and actions over the filter panel, the map (the
 * largest), the timeline and the list. At phone width the map, timeline and list become tabs and
 * the filters a drawer. The embed shows the same panels without the filters and actions; in an
 * article column (up to 900 px) the map over a compact timeline, and the list as a second tab.
 * @module
 */
import { useEffect, useRef, useState } from 'react'

import './explore.css'

import { useExplore } from './explore-context'
import { ExploreSummary } from './explore-summary'
import { ExportButtons } from './export-buttons'
import { FilterPanel } from './filter-panel'
import { ListPanel } from './list-panel'
import { MapPanel } from './map-panel'
import { ShareEmbed } from './share-embed'
import { TimelinePanel } from './timeline-panel'
import { exploreHref, PHONE_TABS, type PhoneTab } from './view-state'

const TAB_LABELS: Record<PhoneTab, string> = { map: 'Map', timeline: 'Timeline', list: 'List' }
/** The embed's tabs: the map with its timeline, and the list. */
const EMBED_TABS: readonly PhoneTab[] = ['map', 'list']
const TAB_PANELS: Record<PhoneTab, string> = {
  map: 'explore-map',
  timeline: 'explore-timeline',
  list: 'explore-list',
}

/** Notices for URL parameters the read API refused (a hand-edited or old link). */
function ProblemNotice() {
  const { problems } = useExplore()
  if (problems.length === 0) return null
  return (
    <div className="explore-problems" role="alert">
      Some of this link&apos;s filters could not be used and were left out:{' '}
      {problems.map((problem) => problem.message).join('; ')}
    </div>
  )
}

function PhoneTabs() {
  const { view, setView, embedded } = useExplore()
  const tabs = embedded ? EMBED_TABS : PHONE_TABS
  // The embed's map tab holds the timeline too.
  const shown = embedded && view.tab === 'timeline' ? 'map' : view.tab
  return (
    <div className="explore-tabs" role="group" aria-label="Show">
      {tabs.map((tab) => (
        <button
          key={tab}
          type="button"
          aria-pressed={shown === tab}
          aria-controls={embedded && tab === 'map' ? `${TAB_PANELS.map} ${TAB_PANELS.timeline}` : TAB_PANELS[tab]}
          onClick={() => setView({ tab }, 'replace')}
        >
          {TAB_LABELS[tab]}
        </button>
      ))}
    </div>
  )
}

/** The whole explore view, or the embed's version of it. */
export function ExploreView() {
  const { view, embedded, nothingVisible } = useExplore()
  const [filtersOpen, setFiltersOpen] = useState(false)
  const drawerButton = useRef<HTMLButtonElement>(null)

  useEffect(() => {
    if (!filtersOpen) return
    const close = (event: KeyboardEvent) => {
      if (event.key === 'Escape') {
        setFiltersOpen(false)
        drawerButton.current?.focus()
      }
    }
    window.addEventListener('keydown', close)
    return () => window.removeEventListener('keydown', close)
  }, [filtersOpen])

  if (nothingVisible) {
    return (
      <div className="explore-root notice explore-nothing" role="status">
        <h1>Nothing to show</h1>
        <p>
          The datasets of this link are private or no longer exist. If you have access to them, sign in and open the
          link again.
        </p>
        {!embedded && <a href="/explore">Explore the public events</a>}
      </div>
    )
  }
  return (
    <div className={embedded ? 'explore explore-embedded' : 'explore'} data-tab={view.tab}>
      <div className="explore-bar">
        <ExploreSummary />
        {embedded && (
          <a className="embed-credit" href={exploreHref({ ...view, tab: undefined })} target="_blank" rel="noopener">
            Open in Chronotope
          </a>
        )}
        {!embedded && (
          <div className="explore-actions">
            <button
              ref={drawerButton}
              type="button"
              className="button explore-filters-button"
              aria-expanded={filtersOpen}
              aria-controls="explore-filters"
              onClick={() => setFiltersOpen((open) => !open)}
            >
              Filters
            </button>
            <ShareEmbed />
            <ExportButtons />
          </div>
        )}
      </div>
      <ProblemNotice />
      <PhoneTabs />
      {!embedded && (
        <aside
          id="explore-filters"
          className={filtersOpen ? 'explore-filters open' : 'explore-filters'}
          aria-label="Filters"
        >
          <div className="explore-drawer-head">
            <h2>Filters</h2>
            <button type="button" className="button" onClick={() => setFiltersOpen(false)}>
              Done
            </button>
          </div>
          <FilterPanel />
        </aside>
      )}
      <section id="explore-map" className="explore-map" aria-label="Map">
        <MapPanel />
      </section>
      <section id="explore-timeline" className="explore-timeline" aria-label="Timeline">
        <TimelinePanel />
      </section>
      <section id="explore-list" className="explore-list" aria-label="Events in time order">
        <ListPanel />
      </section>
    </div>
  )
}
