'use client'
import { useId, useState } from 'react'

import { ErrorMessage } from './error-message'
import { postImportAction } from './import-api'
import type { ImportProgressResponse } from './import-types'

/**
 * An editor's decision on a schema change: approve (the import goes on) or reject with a reason
 * (the import stops and the uploader reads the reason).
 */
export function ApprovalDecision({
  importId,
  jobId,
  onDecided,
}: {
  importId: number
  jobId: number
  onDecided: (progress: ImportProgressResponse, decision: 'approved' | 'rejected') => void
}) {
  const id = useId()
  const [isRejecting, setIsRejecting] = useState(false)
  const [reason, setReason] = useState('')
  const [isBusy, setIsBusy] = useState(false)
  const [error, setError] = useState<string | null>(null)

  const decide = async (decision: 'approved' | 'rejected') => {
    if (decision === 'rejected' && !reason.trim()) {
      setError('Say why you reject the change; the uploader will read it')
      return
    }
    setIsBusy(true)
    setError(null)
    try {
      const action = decision === 'approved' ? 'approve' : 'reject'
      const body = decision === 'approved' ? { jobId } : { jobId, reason: reason.trim() }
      onDecided(await postImportAction(importId, action, body), decision)
    } catch (decisionError) {
      setError((decisionError as Error).message)
      setIsBusy(false)
    }
  }

  return (
    <div className="import-decision">
      {isRejecting && (
        <div className="import-field">
          <label htmlFor={`${id}-reason`}>Why reject the change?</label>
          <textarea id={`${id}-reason`} rows={3} value={reason} onChange={(event) => setReason(event.target.value)} />
        </div>
      )}
      <ErrorMessage error={error} />
      <div className="import-actions">
        {isRejecting ? (
          <>
            <button type="button" className="button danger" disabled={isBusy} onClick={() => void decide('rejected')}>
              Reject the change
            </button>
            <button type="button" className="button" disabled={isBusy} onClick={() => setIsRejecting(false)}>
              Back
            </button>
          </>
        ) : (
          <>
            <button type="button" className="button primary" disabled={isBusy} onClick={() => void decide('approved')}>
              Approve
            </button>
            <button type="button" className="button" disabled={isBusy} onClick={() => setIsRejecting(true)}>
              Reject…
            </button>
          </>
        )}
      </div>
    </div>
  )
}
