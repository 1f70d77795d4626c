/**
 * The map's popups (the selected event, the events of a place): a MapLibre popup anchored at a
 * point, holding content React renders through a portal. Closing it, by its button or Escape,
 * hands the keyboard back to the map.
 * @module
 */
import type { Map as MapLibreMap } from 'maplibre-gl'

import type { MapLibre } from '../map/load-maplibre'

/** How a popup opens and what closing it does. */
export interface PopupOptions {
  /** Whether the popup takes the focus (opened from the map by keyboard or pointer). */
  readonly focusAfterOpen: boolean
  /** Called when the reader closes it (its button, Escape); not when it is removed. */
  readonly onClose: () => void
}

/**
 * Opens a popup with `content` at a point of the map.
 * @returns a function that removes it without calling `onClose` (replaced or unmounted)
 */
export function openMapPopup(
  lib: MapLibre,
  map: MapLibreMap,
  lngLat: readonly [number, number],
  content: HTMLElement,
  options: PopupOptions,
): () => void {
  const popup = new lib.Popup({
    closeButton: true,
    closeOnClick: false,
    focusAfterOpen: options.focusAfterOpen,
    maxWidth: '20rem',
    offset: 12,
  })
    .setLngLat([lngLat[0], lngLat[1]])
    .setDOMContent(content)
    .addTo(map)
  const onClose = () => {
    if (content.contains(document.activeElement)) map.getCanvas().focus()
    options.onClose()
  }
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key !== 'Escape') return
    map.getCanvas().focus()
    options.onClose()
  }
  popup.on('close', onClose)
  popup.getElement().addEventListener('keydown', onKeyDown)
  return () => {
    popup.off('close', onClose)
    popup.getElement().removeEventListener('keydown', onKeyDown)
    popup.remove()
  }
}
