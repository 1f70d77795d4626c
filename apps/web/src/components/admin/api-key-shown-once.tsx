'use client'
/**
 * The admin's view of a new API key: the full key with a copy button and a warning that it will
 * not be shown again. Only the answer that creates a key holds it, and the admin then moves to
 * the key's own page; so the key is handed to that page in this tab's session storage, for at most
 * ten minutes, and forgotten there once copied, hidden or the tab leaves the page. Every later
 * view has no key and shows nothing.
 * @module
 */
import { useDocumentInfo, useField } from '@payloadcms/ui'
import { useEffect, useState, useSyncExternalStore } from 'react'

const STORAGE_PREFIX = 'chronotope-new-api-key:'
const HANDOVER_MS = 10 * 60 * 1000

const noSubscription = () => () => undefined

function storedKey(id: number | string | undefined): string | null {
  if (id === undefined) return null
  const raw = window.sessionStorage.getItem(`${STORAGE_PREFIX}${id}`)
  const [at, key] = raw ? [Number(raw.slice(0, raw.indexOf(':'))), raw.slice(raw.indexOf(':') + 1)] : [0, '']
  return key && Date.now() - at < HANDOVER_MS ? key : null
}

/** The `key` field of API keys in the admin. */
export function ApiKeyShownOnce({ path }: { path: string }) {
  const { value } = useField<string | null>({ path })
  const { id, data } = useDocumentInfo()
  const docId = (data as { id?: number | string } | undefined)?.id ?? id ?? undefined
  const fresh = value || (data as { key?: string | null } | undefined)?.key || null
  const stored = useSyncExternalStore(
    noSubscription,
    () => storedKey(docId),
    () => null,
  )
  const [hidden, setHidden] = useState(false)
  const [copied, setCopied] = useState(false)

  useEffect(() => {
    if (!fresh || docId === undefined) return
    window.sessionStorage.setItem(`${STORAGE_PREFIX}${docId}`, `${Date.now()}:${fresh}`)
  }, [fresh, docId])

  useEffect(() => {
    if (docId === undefined) return
    const forget = () => window.sessionStorage.removeItem(`${STORAGE_PREFIX}${docId}`)
    window.addEventListener('pagehide', forget)
    return () => window.removeEventListener('pagehide', forget)
  }, [docId])

  const shown = fresh || stored
  if (!shown || hidden) return null
  const forget = () => {
    if (docId !== undefined) window.sessionStorage.removeItem(`${STORAGE_PREFIX}${docId}`)
  }
  return (
    <div
      className="field-type"
      role="status"
      style={{ border: '2px solid var(--theme-warning-500)', padding: '1rem', marginBottom: '1.5rem' }}
    >
      <strong>Your new API key. Copy it now: you will not see it again.</strong>
      <pre style={{ whiteSpace: 'pre-wrap', wordBreak: 'break-all', userSelect: 'all' }}>{shown}</pre>
      <button
        type="button"
        className="btn btn--style-secondary btn--size-small"
        onClick={() => {
          void navigator.clipboard.writeText(shown).then(() => {
            setCopied(true)
            forget()
          })
        }}
      >
        {copied ? 'Copied' : 'Copy key'}
      </button>{' '}
      <button
        type="button"
        className="btn btn--style-secondary btn--size-small"
        onClick={() => {
          forget()
          setHidden(true)
        }}
      >
        I have saved it: hide it
      </button>
    </div>
  )
}
