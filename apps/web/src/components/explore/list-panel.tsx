'use client'
/**
 * The explore view's list panel.
 * @module
 */

/** The list panel (being built). */
export function ListPanel() {
  return <div className="explore-placeholder">List</div>
}
