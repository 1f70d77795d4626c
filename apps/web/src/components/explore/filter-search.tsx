'use client'
/**
 * The filter panel's full-text search: typed text reaches the URL's `q` shortly after the last
 * keystroke, and at once on Enter or when text arrives whole (a paste, a drop, an autocompletion),
 * replacing the history entry so a word typed is not ten entries to go back through.
 * @module
 */
import { MAX_TEXT_LENGTH } from '@chronotope/filters'
import { useCallback, useEffect, useRef, useState, type ChangeEvent } from 'react'

import { useExplore } from './explore-context'
import styles from './filters.module.css'

// Long enough to skip most intermediate keystrokes; searches are answered from memory.
const DEBOUNCE_MS = 150

// Text that did not come keystroke by keystroke: nothing more is being typed.
function arrivedWhole(change: ChangeEvent<HTMLInputElement>): boolean {
  const input = change.nativeEvent as InputEvent
  if (input.inputType === 'insertFromPaste' || input.inputType === 'insertFromDrop') return true
  if (input.inputType === 'insertReplacementText') return true
  return input.inputType === 'insertText' && (input.data?.length ?? 0) > 1
}

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

  const commit = useCallback(
    (next: string) => {
      if (next === written.current) return
      written.current = next
      setView({ q: next.trim() === '' ? null : next }, 'replace')
    },
    [setView],
  )

  useEffect(() => {
    if (text === written.current) return
    const timer = window.setTimeout(() => commit(text), DEBOUNCE_MS)
    return () => window.clearTimeout(timer)
  }, [text, commit])

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
        onChange={(change) => {
          setText(change.target.value)
          if (arrivedWhole(change)) commit(change.target.value)
        }}
        onKeyDown={(key) => {
          if (key.key === 'Enter') commit(text)
        }}
      />
    </div>
  )
}
