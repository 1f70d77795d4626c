'use client'
/**
 * The explore view's timeline panel.
 * @module
 */

/** The timeline panel (being built). */
export function TimelinePanel() {
  return <div className="explore-placeholder">Timeline</div>
}
