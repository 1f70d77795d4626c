/**
 * Chronotope's name and mark in the admin: `Logo` on the login page, `Icon` in the navigation
 * (Payload's `admin.components.graphics`). Drawn in the admin theme's text colour.
 * @module
 */
import { ChronotopeMark } from '../site/chronotope-mark'

/** The login page's logo: the mark and the name. */
export function ChronotopeLogo() {
  return (
    <span style={{ display: 'inline-flex', alignItems: 'center', gap: '0.6rem', color: 'var(--theme-text)' }}>
      <ChronotopeMark size={40} />
      <span style={{ fontSize: '1.9rem', fontWeight: 700, letterSpacing: '0.01em' }}>Chronotope</span>
    </span>
  )
}

/** The navigation's icon: the mark alone, named for screen readers. */
export function ChronotopeIcon() {
  return (
    <span style={{ display: 'inline-flex', color: 'var(--theme-text)' }}>
      <ChronotopeMark size={18} title="Chronotope" />
    </span>
  )
}
