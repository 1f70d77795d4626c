'use client'
/**
 * The filter panel's full-text search: typed text reaches the URL's `q` 300 ms after the last
 * keystroke, replacing the history entry so a word typed is not ten entries to go back through.
 * @module
 */
import { MAX_TEXT_LENGTH } from '@chronotope/filters'
import { useEffect, useRef, useState } from 'react'

import { useExplore } from './explore-context'
import styles from './filters.module.css'

const DEBOUNCE_MS = 300

/** The search box. */
export function FilterSearch() {
  const { view, setView } = useExplore()
  const [text, setText] = useState(view.q ?? '')
  // What this box last wrote, so its own change coming back from the URL does not reset the caret.
  const written = useRef(view.q ?? '')

  useEffect(() => {
    const fromUrl = view.q ?? ''
    if (fromUrl !== written.current) {
      written.current = fromUrl
      setText(fromUrl)
    }
  }, [view.q])

  useEffect(() => {
    if (text === written.current) return
    const timer = window.setTimeout(() => {
      written.current = text
      setView({ q: text.trim() === '' ? null : text }, 'replace')
    }, DEBOUNCE_MS)
    return () => window.clearTimeout(timer)
  }, [text, setView])

  return (
    <div className={styles.search}>
      <label htmlFor="explore-search" className="visually-hidden">
        Search events
      </label>
      <input
        id="explore-search"
        type="search"
        placeholder="Search events"
        maxLength={MAX_TEXT_LENGTH}
        value={text}
        onChange={(change) => setText(change.target.value)}
      />
    </div>
  )
}
