'use client'
/**
 * The page's colour scheme, for what CSS cannot restyle (the map's style): `data-theme` on
 * `<html>` when the visitor chose one, else the system's `prefers-color-scheme`.
 * @module
 */
import { useSyncExternalStore } from 'react'

/** A colour scheme. */
export type ColorScheme = 'light' | 'dark'

const QUERY = '(prefers-color-scheme: dark)'

function current(): ColorScheme {
  const chosen = document.documentElement.dataset.theme
  if (chosen === 'light' || chosen === 'dark') return chosen
  return window.matchMedia(QUERY).matches ? 'dark' : 'light'
}

function subscribe(onChange: () => void): () => void {
  const media = window.matchMedia(QUERY)
  media.addEventListener('change', onChange)
  const observer = new MutationObserver(onChange)
  observer.observe(document.documentElement, { attributes: true, attributeFilter: ['data-theme'] })
  return () => {
    media.removeEventListener('change', onChange)
    observer.disconnect()
  }
}

/** The colour scheme now, updated when the system's or the visitor's choice changes; light on the server. */
export function useColorScheme(): ColorScheme {
  return useSyncExternalStore(subscribe, current, () => 'light')
}
