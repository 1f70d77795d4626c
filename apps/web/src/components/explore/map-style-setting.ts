/**
 * Which basemap style the explore map loads: the app's own offline Natural Earth style (light or
 * dark, served at `/basemap/style-*.json`) unless the `CHRONOTOPE_MAP_STYLE_URL` setting names an
 * online MapLibre style. The server hands the setting to the page in a
 * `<meta name="chronotope-map-style" content="…">` ({@link MAP_STYLE_META_NAME}), so the client
 * bundle holds no configuration. Pure apart from {@link mapStyleOfPage}, which reads that tag.
 * @module
 */
import { offlineBasemapStyle } from '@chronotope/basemap/style'
import type { StyleSpecification } from 'maplibre-gl'

/** Where the app serves the offline basemap (`src/app/(frontend)/basemap/[file]/route.ts`). */
const OFFLINE_BASEMAP_FOLDER = '/basemap'

/** The name of the `<meta>` tag that carries the online style's URL; absent or empty = offline. */
export const MAP_STYLE_META_NAME = 'chronotope-map-style'

/** The placeholder an online style URL may hold for the colour scheme: `…/{scheme}.json`. */
export const SCHEME_PLACEHOLDER = '{scheme}'

/**
 * The style URL for a colour scheme: the online style when one is set (its `{scheme}` replaced
 * by `light` or `dark`), else the offline basemap's.
 * @example basemapStyleUrl('dark', '') // '/basemap/style-dark.json'
 * @example basemapStyleUrl('dark', 'https://tiles.example.org/{scheme}/style.json') // 'https://tiles.example.org/dark/style.json'
 */
export function basemapStyleUrl(scheme: 'light' | 'dark', onlineStyleUrl: string | null | undefined): string {
  const online = onlineStyleUrl?.trim()
  if (online) return online.split(SCHEME_PLACEHOLDER).join(scheme)
  return `${OFFLINE_BASEMAP_FOLDER}/style-${scheme}.json`
}

/** The online style URL the page's `<meta>` tag carries, or '' for the offline basemap. */
export function mapStyleOfPage(): string {
  if (typeof document === 'undefined') return ''
  const meta = document.querySelector<HTMLMetaElement>(`meta[name="${MAP_STYLE_META_NAME}"]`)
  return meta?.content.trim() ?? ''
}

/** A style for the map to load, and a key that is the same exactly when the style is. */
export interface MapStyleChoice {
  /** The online style's URL, or the offline style itself. */
  readonly style: string | StyleSpecification
  readonly key: string
}

/**
 * The style the map loads for a colour scheme: the online style's URL when one is set, else the
 * offline basemap's style itself (what {@link basemapStyleUrl} serves), so the map starts loading
 * the basemap's data without first fetching its style.
 * @example mapStyleChoice('dark', '').key // '/basemap/style-dark.json'
 */
export function mapStyleChoice(scheme: 'light' | 'dark', onlineStyleUrl: string | null | undefined): MapStyleChoice {
  const key = basemapStyleUrl(scheme, onlineStyleUrl)
  if (onlineStyleUrl?.trim()) return { style: key, key }
  return { style: offlineBasemapStyle(scheme, OFFLINE_BASEMAP_FOLDER) as StyleSpecification, key }
}
