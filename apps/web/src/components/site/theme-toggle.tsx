'use client'
/**
 * The header's theme switch: System, Light or Dark. Stores the choice and sets `data-theme` on
 * `<html>` at once; the layout's boot script applies it on the next page before paint.
 * @module
 */
import { useSyncExternalStore } from 'react'

import { parseThemeChoice, THEME_CHOICES, THEME_STORAGE_KEY, type ThemeChoice } from './theme-choice'

const LABELS: Record<ThemeChoice, string> = { system: 'System', light: 'Light', dark: 'Dark' }

function subscribe(onChange: () => void): () => void {
  const observer = new MutationObserver(onChange)
  observer.observe(document.documentElement, { attributes: true, attributeFilter: ['data-theme'] })
  return () => observer.disconnect()
}

function currentChoice(): ThemeChoice {
  return parseThemeChoice(document.documentElement.getAttribute('data-theme'))
}

function choose(choice: ThemeChoice): void {
  try {
    if (choice === 'system') localStorage.removeItem(THEME_STORAGE_KEY)
    else localStorage.setItem(THEME_STORAGE_KEY, choice)
  } catch {
    // Storage refused (a privacy mode): the choice still holds for this page.
  }
  if (choice === 'system') document.documentElement.removeAttribute('data-theme')
  else document.documentElement.setAttribute('data-theme', choice)
}

/** A labelled select of the colour theme; "System" on the server, the stored choice once hydrated. */
export function ThemeToggle() {
  const choice = useSyncExternalStore(subscribe, currentChoice, () => 'system' as const)
  return (
    <label className="theme-toggle">
      <span className="theme-toggle-label">Theme</span>
      <select value={choice} onChange={(event) => choose(parseThemeChoice(event.target.value))}>
        {THEME_CHOICES.map((value) => (
          <option key={value} value={value}>
            {LABELS[value]}
          </option>
        ))}
      </select>
    </label>
  )
}
