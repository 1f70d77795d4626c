'use client'
/**
 * A Delete button that first asks the server what goes with the document
 * (`GET /api/{collection}/{id}/deletion`) and says it in a confirmation, then deletes it through
 * the CMS (`DELETE /api/{collection}/{id}`) and shows any refusal in words.
 * @module
 */
import { useRouter } from 'next/navigation'
import { useId, useRef, useState } from 'react'

/** The button, its confirmation dialog, and where to go after the delete. */
export function DeleteWithImpact({
  collection,
  id,
  name,
  goTo,
}: {
  collection: 'datasets' | 'import-files'
  id: number
  /** What is deleted, as the button and the dialog name it: `dataset "Protests"`. */
  name: string
  /** Where to go once deleted; stays on the page (refreshed) when absent. */
  goTo?: string
}) {
  const htmlId = useId()
  const router = useRouter()
  const dialog = useRef<HTMLDialogElement>(null)
  const [sentences, setSentences] = useState<readonly string[]>([])
  const [error, setError] = useState<string | null>(null)
  const [isBusy, setIsBusy] = useState(false)

  const open = async () => {
    setError(null)
    setSentences([])
    dialog.current?.showModal()
    try {
      const response = await fetch(`/api/${collection}/${id}/deletion`, { credentials: 'same-origin' })
      const body = (await response.json()) as { sentences?: string[]; error?: string }
      if (!response.ok) throw new Error(body.error ?? `Asking what goes with it answered ${response.status}`)
      setSentences(body.sentences ?? [])
    } catch (loadError) {
      setError((loadError as Error).message)
    }
  }
  const confirm = async () => {
    setIsBusy(true)
    setError(null)
    try {
      const response = await fetch(`/api/${collection}/${id}`, { method: 'DELETE', credentials: 'same-origin' })
      if (!response.ok) {
        const body = (await response.json().catch(() => ({}))) as { errors?: Array<{ message?: string }> }
        throw new Error(body.errors?.[0]?.message ?? `Deleting answered ${response.status}`)
      }
      dialog.current?.close()
      if (goTo) router.push(goTo)
      else router.refresh()
    } catch (deleteError) {
      setError((deleteError as Error).message)
    } finally {
      setIsBusy(false)
    }
  }

  return (
    <>
      <button type="button" className="button small" onClick={() => void open()}>
        Delete…
      </button>
      <dialog ref={dialog} className="owner-dialog" aria-labelledby={`${htmlId}-title`}>
        <h2 id={`${htmlId}-title`}>Delete {name}?</h2>
        {sentences.length === 0 && !error ? <p aria-live="polite">Counting what goes with it…</p> : null}
        {sentences.map((sentence) => (
          <p key={sentence}>{sentence}</p>
        ))}
        {error ? (
          <p role="alert" className="import-error">
            {error}
          </p>
        ) : null}
        <div className="owner-dialog-actions">
          <button
            type="button"
            className="button danger"
            disabled={isBusy || sentences.length === 0}
            onClick={() => void confirm()}
          >
            {isBusy ? 'Deleting…' : 'Delete'}
          </button>
          <button type="button" className="button" onClick={() => dialog.current?.close()}>
            Cancel
          </button>
        </div>
      </dialog>
    </>
  )
}
