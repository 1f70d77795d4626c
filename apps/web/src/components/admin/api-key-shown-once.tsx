'use client'
/**
 * The admin's view of a new API key: the full key with a copy button and a warning that it will
 * not be shown again. Payload fills the field only in the answer to the request that created the
 * key; afterwards it is empty and this shows nothing.
 * @module
 */
import { useField } from '@payloadcms/ui'
import { useState } from 'react'

/** The `key` field of API keys in the admin. */
export function ApiKeyShownOnce({ path }: { path: string }) {
  const { value } = useField<string | null>({ path })
  const [copied, setCopied] = useState(false)
  if (!value) return null
  return (
    <div className="field-type" role="status" style={{ border: '2px solid var(--theme-warning-500)', padding: '1rem' }}>
      <strong>Your new API key. Copy it now: you will not see it again.</strong>
      <pre style={{ whiteSpace: 'pre-wrap', wordBreak: 'break-all', userSelect: 'all' }}>{value}</pre>
      <button
        type="button"
        className="btn btn--style-secondary btn--size-small"
        onClick={() => {
          void navigator.clipboard.writeText(value).then(() => setCopied(true))
        }}
      >
        {copied ? 'Copied' : 'Copy key'}
      </button>
    </div>
  )
}
