'use client'
/**
 * The explore view's filter panel.
 * @module
 */

/** The filter panel (being built). */
export function FilterPanel() {
  return <div className="explore-placeholder">Filter</div>
}
