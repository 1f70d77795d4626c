/**
 * The visitor's colour theme choice: System (follow `prefers-color-scheme`), Light or Dark. Kept in
 * `localStorage` and applied as `data-theme` on `<html>` before the first paint by
 * {@link THEME_BOOT_SCRIPT}, so a dark page never flashes light; the stylesheet's tokens and
 * `useColorScheme()` read that attribute.
 * @module
 */

/** The theme choices, in the order the toggle offers them. */
export const THEME_CHOICES = ['system', 'light', 'dark'] as const

/** A theme choice: `system` follows the operating system's setting. */
export type ThemeChoice = (typeof THEME_CHOICES)[number]

/** The `localStorage` key holding the choice. */
export const THEME_STORAGE_KEY = 'chronotope-theme'

/**
 * A stored value as a choice; anything else (nothing stored, an old or edited value) is `system`.
 * @example parseThemeChoice('dark') // 'dark'
 * @example parseThemeChoice(null) // 'system'
 */
export function parseThemeChoice(value: string | null | undefined): ThemeChoice {
  return value === 'light' || value === 'dark' ? value : 'system'
}

/**
 * A tiny script for the page's `<head>`: sets `data-theme` from the stored choice before the body
 * is painted. Storage may be refused (privacy modes), in which case the system's setting applies.
 */
export const THEME_BOOT_SCRIPT = `(function(){try{var t=localStorage.getItem(${JSON.stringify(THEME_STORAGE_KEY)});if(t==='light'||t==='dark')document.documentElement.setAttribute('data-theme',t)}catch(e){}})()`
