'use client'
/**
 * The event page's Edit action, for those who may change the event: title, time, place and the
 * row's fields, saved through the CMS (`PATCH /api/events/{id}`) as the signed-in user, so the
 * events' access rules apply and the hand edits are recorded (a re-import keeps them). The
 * original row is never touched.
 * @module
 */
import { useRouter } from 'next/navigation'
import { useId, useState } from 'react'

import { formatHistoricalDate, tryParseDate } from '@chronotope/dates'

import { useFocusOnMount } from '../import/use-focus-on-mount'
import { draftOfEvent, eventEditPatch, type EditableEventView, type EventEditDraft } from './event-edit'
import { PlacePicker } from './place-picker'

function reading(text: string): string {
  if (!text.trim()) return ''
  const parsed = tryParseDate(text.trim())
  return parsed ? `Read as ${formatHistoricalDate(parsed.iso, parsed.precision)} (${parsed.precision})` : ''
}

/** The Edit button and, once pressed, the form. */
export function EventEditor({ eventId, event }: { eventId: number; event: EditableEventView }) {
  const id = useId()
  const router = useRouter()
  const [draft, setDraft] = useState<EventEditDraft | null>(null)
  const [errors, setErrors] = useState<Readonly<Record<string, string>>>({})
  const [status, setStatus] = useState('')
  const [isSaving, setIsSaving] = useState(false)
  const title = useFocusOnMount<HTMLInputElement>(draft !== null)

  if (!draft) {
    return (
      <>
        <button
          type="button"
          className="button"
          onClick={() => {
            setDraft(draftOfEvent(event))
            setStatus('')
          }}
        >
          Edit
        </button>
        <span role="status" className="import-subtle">
          {status}
        </span>
      </>
    )
  }

  const change = (patch: Partial<EventEditDraft>) => setDraft({ ...draft, ...patch })
  const save = async (submit: React.FormEvent) => {
    submit.preventDefault()
    const result = eventEditPatch(event, draft)
    if ('errors' in result) {
      setErrors(result.errors)
      return
    }
    setErrors({})
    if (Object.keys(result.patch).length === 0) {
      setDraft(null)
      setStatus('Nothing changed.')
      return
    }
    setIsSaving(true)
    try {
      const response = await fetch(`/api/events/${eventId}`, {
        method: 'PATCH',
        credentials: 'same-origin',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify(result.patch),
      })
      if (!response.ok) {
        const body = (await response.json().catch(() => ({}))) as { errors?: Array<{ message?: string }> }
        throw new Error(body.errors?.[0]?.message ?? `Saving answered ${response.status}`)
      }
      setDraft(null)
      setStatus('Saved. A re-import of the file keeps these changes.')
      router.refresh()
    } catch (saveError) {
      setErrors({ form: (saveError as Error).message })
    } finally {
      setIsSaving(false)
    }
  }
  const fieldKeys = Object.keys(draft.fields)

  return (
    <form className="event-edit" onSubmit={(submit) => void save(submit)} aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>Edit this event</h2>
      <p className="import-hint">
        Changes are saved as yours and kept when the file is imported again. The original row stays as the file wrote
        it.
      </p>
      <div className="event-edit-field">
        <label htmlFor={`${id}-name`}>Title</label>
        <input id={`${id}-name`} ref={title} value={draft.title} onChange={(e) => change({ title: e.target.value })} />
      </div>
      <fieldset className="event-edit-time">
        <legend>Time (UTC)</legend>
        <div className="event-edit-field">
          <label htmlFor={`${id}-start`}>Start</label>
          <input
            id={`${id}-start`}
            value={draft.start}
            onChange={(e) => change({ start: e.target.value })}
            aria-describedby={`${id}-start-hint`}
            aria-invalid={errors.start ? true : undefined}
          />
          <p id={`${id}-start-hint`} className="import-subtle">
            {errors.start ??
              (reading(draft.start) ||
                'As precise as you know it: 1848, March 2024, 1 March 2024, 2024-03-01 14:30 or 490 BC.')}
          </p>
        </div>
        <div className="event-edit-field">
          <label htmlFor={`${id}-end`}>End (optional)</label>
          <input
            id={`${id}-end`}
            value={draft.end}
            onChange={(e) => change({ end: e.target.value })}
            aria-describedby={`${id}-end-hint`}
            aria-invalid={errors.end ? true : undefined}
          />
          <p id={`${id}-end-hint`} className="import-subtle">
            {errors.end ?? reading(draft.end)}
          </p>
        </div>
      </fieldset>
      <PlacePicker place={draft.place} onChange={(place) => change({ place })} />
      {fieldKeys.length > 0 ? (
        <fieldset className="event-edit-fields">
          <legend>Fields</legend>
          {fieldKeys.map((key) => (
            <div className="event-edit-field" key={key}>
              <label htmlFor={`${id}-f-${key}`}>{key}</label>
              <input
                id={`${id}-f-${key}`}
                value={draft.fields[key]}
                onChange={(e) => change({ fields: { ...draft.fields, [key]: e.target.value } })}
              />
            </div>
          ))}
        </fieldset>
      ) : null}
      {errors.form ? (
        <p role="alert" className="import-error">
          Not saved: {errors.form}
        </p>
      ) : null}
      {errors.start || errors.end ? (
        <p role="alert" className="import-error">
          Not saved: check the time.
        </p>
      ) : null}
      <div className="event-edit-actions">
        <button type="submit" className="button primary" disabled={isSaving}>
          {isSaving ? 'Saving…' : 'Save changes'}
        </button>
        <button type="button" className="button" onClick={() => setDraft(null)}>
          Cancel
        </button>
      </div>
    </form>
  )
}
