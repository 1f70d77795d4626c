'use client'
/**
 * The actions on a scheduled import in the admin: "Run now", and a new trigger URL, shown once
 * with a copy button (only its hash is kept, so it cannot be shown again). Also says why a schedule
 * paused itself.
 * @module
 */
import { Button, FieldLabel, useDocumentInfo, useFormFields } from '@payloadcms/ui'
import type { UIFieldClientComponent } from 'payload'
import { useState } from 'react'

interface ActionState {
  readonly busy: boolean
  readonly message?: string
  readonly triggerUrl?: string
}

const textOf = (value: unknown, fallback: string) => (typeof value === 'string' ? value : fallback)

async function post(path: string): Promise<{ ok: boolean; body: Record<string, unknown> }> {
  const response = await fetch(path, { method: 'POST', credentials: 'include' })
  const body = (await response.json().catch(() => ({}))) as Record<string, unknown>
  return { ok: response.ok, body }
}

/** The `actions` UI field of the scheduled-imports collection. */
export const ScheduleActionsField: UIFieldClientComponent = () => {
  const { id } = useDocumentInfo()
  const pausedReason = useFormFields(([fields]) => fields['state.pausedReason']?.value) as string | null | undefined
  const [state, setState] = useState<ActionState>({ busy: false })
  if (id === undefined || id === null) return null

  const runNow = async () => {
    setState({ busy: true })
    const { ok, body } = await post(`/api/scheduled-imports/${id}/run`)
    const run = body.run as { id?: number } | undefined
    setState({
      busy: false,
      message: ok
        ? body.started
          ? `Run ${run?.id} started; it appears in the runs below when it ends.`
          : `Run ${run?.id} is already in progress; no second run was started.`
        : textOf(body.error, 'The run could not be started.'),
    })
  }

  const newTriggerUrl = async () => {
    setState({ busy: true })
    const { ok, body } = await post(`/api/scheduled-imports/${id}/trigger-url`)
    setState(
      ok
        ? { busy: false, triggerUrl: textOf(body.triggerUrl, ''), message: textOf(body.note, '') }
        : { busy: false, message: textOf(body.error, 'No trigger URL could be made.') },
    )
  }

  return (
    <div className="field-type schedule-actions-field">
      <FieldLabel label="Run and trigger" />
      {pausedReason ? (
        <p className="field-description" role="status">
          {pausedReason}
        </p>
      ) : null}
      <div style={{ display: 'flex', gap: '0.5rem', flexWrap: 'wrap' }}>
        <Button buttonStyle="secondary" size="small" disabled={state.busy} onClick={() => void runNow()}>
          Run now
        </Button>
        <Button buttonStyle="secondary" size="small" disabled={state.busy} onClick={() => void newTriggerUrl()}>
          New trigger URL
        </Button>
      </div>
      {state.triggerUrl ? (
        <div>
          <label htmlFor="schedule-trigger-url" className="field-label">
            Trigger URL (POST to it to start a run)
          </label>
          <input
            id="schedule-trigger-url"
            readOnly
            value={state.triggerUrl}
            style={{ width: '100%', fontFamily: 'monospace' }}
            onFocus={(event) => event.currentTarget.select()}
          />
          <Button
            buttonStyle="secondary"
            size="small"
            onClick={() => void navigator.clipboard?.writeText(state.triggerUrl ?? '')}
          >
            Copy
          </Button>
        </div>
      ) : null}
      {state.message ? (
        <p className="field-description" role="status">
          {state.message}
        </p>
      ) : null}
    </div>
  )
}
