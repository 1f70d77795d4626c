/**
 * Chronotope's mark as a `data:` URL, for the favicon of the admin (`admin.meta.icons`) and of
 * embeds: no file to serve and nothing fetched from elsewhere.
 * @module
 */

const ICON_SVG =
  '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32" fill="none" stroke="#0b6e4f" stroke-width="2.2" stroke-linecap="round">' +
  '<circle cx="16" cy="16" r="13" fill="#fff"/>' +
  '<ellipse cx="16" cy="16" rx="6" ry="13" stroke-width="1.6" opacity="0.55"/>' +
  '<path d="M3 16h26" stroke-width="1.6" opacity="0.55"/>' +
  '<path d="M16 16V8.5M16 16l5.5 3.5" stroke-width="2.6"/>' +
  '<circle cx="16" cy="16" r="1.8" fill="#0b6e4f" stroke="none"/></svg>'

/** The favicon: the mark in Chronotope's green on white. */
export const CHRONOTOPE_ICON_DATA_URL = `data:image/svg+xml,${encodeURIComponent(ICON_SVG)}`
