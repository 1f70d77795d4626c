'use client'
/**
 * The dataset page's one switch between private and public, for its owner: what the switch makes
 * visible is said beside it and again in a confirmation before anything changes
 * (`POST /api/datasets/{id}/publishing`).
 * @module
 */
import { useRouter } from 'next/navigation'
import { useId, useRef, useState } from 'react'

/** What `GET /api/datasets/{id}/publishing` answers, as the switch uses it. */
export interface PublishingState {
  readonly isPublic: boolean
  readonly isCatalogPublic: boolean
  readonly visibility: string
  readonly switchEffect: readonly string[]
}

/** The switch, its state in words, and its confirmation dialog. */
export function PublishSwitch({ datasetId, initial }: { datasetId: number; initial: PublishingState }) {
  const id = useId()
  const router = useRouter()
  const dialog = useRef<HTMLDialogElement>(null)
  const [state, setState] = useState(initial)
  const [error, setError] = useState<string | null>(null)
  const [isSaving, setIsSaving] = useState(false)
  const isVisible = state.isPublic && state.isCatalogPublic

  const confirm = async () => {
    setIsSaving(true)
    setError(null)
    try {
      const response = await fetch(`/api/datasets/${datasetId}/publishing`, {
        method: 'POST',
        credentials: 'same-origin',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ isPublic: !isVisible }),
      })
      const body = (await response.json()) as PublishingState & { error?: string }
      if (!response.ok) throw new Error(body.error ?? `Publishing answered ${response.status}`)
      setState(body)
      dialog.current?.close()
      router.refresh()
    } catch (saveError) {
      setError((saveError as Error).message)
    } finally {
      setIsSaving(false)
    }
  }

  return (
    <div>
      <div className="owner-switch">
        <button
          type="button"
          role="switch"
          id={`${id}-switch`}
          aria-checked={isVisible}
          aria-describedby={`${id}-state`}
          onClick={() => {
            setError(null)
            dialog.current?.showModal()
          }}
        />
        <label htmlFor={`${id}-switch`}>Public</label>
      </div>
      <p id={`${id}-state`} role="status">
        {state.visibility}
      </p>
      <p className="import-hint">
        {isVisible ? 'Switched off: ' : 'Switched on: '}
        {state.switchEffect.join(' ')}
      </p>
      <dialog ref={dialog} className="owner-dialog" aria-labelledby={`${id}-title`}>
        <h2 id={`${id}-title`}>{isVisible ? 'Make this dataset private?' : 'Publish this dataset?'}</h2>
        {state.switchEffect.map((sentence) => (
          <p key={sentence}>{sentence}</p>
        ))}
        {error ? (
          <p role="alert" className="import-error">
            {error}
          </p>
        ) : null}
        <div className="owner-dialog-actions">
          <button type="button" className="button primary" disabled={isSaving} onClick={() => void confirm()}>
            {isSaving ? 'Saving…' : isVisible ? 'Make it private' : 'Publish'}
          </button>
          <button type="button" className="button" onClick={() => dialog.current?.close()}>
            Cancel
          </button>
        </div>
      </dialog>
    </div>
  )
}
