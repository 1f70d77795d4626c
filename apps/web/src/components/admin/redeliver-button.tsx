'use client'
/**
 * The admin's "Send again" button on a webhook delivery: `POST /api/webhook-deliveries/{id}/redeliver`
 * queues a fresh attempt of the same payload (a new delivery in the log) and opens it.
 * @module
 */
import { Button, FieldLabel, useDocumentInfo } from '@payloadcms/ui'
import { useRouter } from 'next/navigation'
import type { UIFieldClientComponent } from 'payload'
import { useState } from 'react'

/** The `redeliver` UI field of the webhook-deliveries collection. */
export const RedeliverButton: UIFieldClientComponent = () => {
  const { id, collectionSlug } = useDocumentInfo()
  const [message, setMessage] = useState<string | null>(null)
  const [sending, setSending] = useState(false)
  const router = useRouter()
  if (id === undefined || id === null || !collectionSlug) return null
  const send = async () => {
    setSending(true)
    try {
      const response = await fetch(`/api/${collectionSlug}/${id}/redeliver`, { method: 'POST', credentials: 'include' })
      const body = (await response.json()) as { delivery?: { id: number }; error?: string }
      if (response.ok && body.delivery) {
        router.push(`/admin/collections/${collectionSlug}/${body.delivery.id}`)
        setMessage(`Queued as delivery ${body.delivery.id}.`)
      } else setMessage(body.error ?? `Failed with ${response.status}.`)
    } catch {
      setMessage('Could not reach the server.')
    } finally {
      setSending(false)
    }
  }
  return (
    <div className="field-type redeliver-field">
      <FieldLabel label="Send again" />
      <Button buttonStyle="secondary" size="small" disabled={sending} onClick={() => void send()}>
        Send again
      </Button>
      {message ? <div className="field-description">{message}</div> : null}
    </div>
  )
}
