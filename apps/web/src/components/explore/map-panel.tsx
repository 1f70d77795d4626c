'use client'
/**
 * The explore view's map panel.
 * @module
 */

/** The map panel (being built). */
export function MapPanel() {
  return <div className="explore-placeholder">Map</div>
}
