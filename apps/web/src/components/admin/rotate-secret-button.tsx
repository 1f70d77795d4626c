'use client'
/**
 * The admin's "Rotate secret" button on a webhook: `POST /api/webhooks/{id}/rotate-secret` makes a
 * new signing secret, and the page reloads to show it.
 * @module
 */
import { Button, useDocumentInfo } from '@payloadcms/ui'
import type { UIFieldClientComponent } from 'payload'
import { useState } from 'react'

/** The `rotateSecret` UI field of the webhooks collection. */
export const RotateSecretButton: UIFieldClientComponent = () => {
  const { id, collectionSlug } = useDocumentInfo()
  const [message, setMessage] = useState<string | null>(null)
  const [sending, setSending] = useState(false)
  if (id === undefined || id === null || !collectionSlug) return null
  const rotate = async () => {
    if (!window.confirm('Replace the signing secret? Deliveries are signed with the new one at once.')) return
    setSending(true)
    try {
      const response = await fetch(`/api/${collectionSlug}/${id}/rotate-secret`, {
        method: 'POST',
        credentials: 'include',
      })
      const body = (await response.json()) as { secret?: string; error?: string }
      if (response.ok && body.secret) window.location.reload()
      else setMessage(body.error ?? `Failed with ${response.status}.`)
    } catch {
      setMessage('Could not reach the server.')
    } finally {
      setSending(false)
    }
  }
  return (
    <div className="field-type rotate-secret-field">
      <Button buttonStyle="secondary" size="small" disabled={sending} onClick={() => void rotate()}>
        Rotate secret
      </Button>
      {message ? <div className="field-description">{message}</div> : null}
    </div>
  )
}
