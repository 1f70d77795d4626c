'use client'
import { useCallback, useEffect, useId, useRef, useState } from 'react'

import { ApprovalDecision } from './approval-decision'
import { ErrorMessage } from './error-message'
import { listPendingApprovals, postImportAction, type PendingApproval } from './import-api'
import type { ImportJobProgress } from './import-types'
import { SchemaChangesTable } from './schema-changes-table'

const DATE_FORMAT = new Intl.DateTimeFormat('en', { dateStyle: 'medium', timeStyle: 'short' })

function ApprovalItem({ approval, onDecided }: { approval: PendingApproval; onDecided: (message: string) => void }) {
  const id = useId()
  const [job, setJob] = useState<ImportJobProgress | null>(null)
  const [error, setError] = useState<string | null>(null)
  const [isOpening, setIsOpening] = useState(false)
  const reviewRef = useRef<HTMLDivElement>(null)

  // Opening the diff takes the approval lock, so two editors do not decide the same change.
  const open = async () => {
    setIsOpening(true)
    setError(null)
    try {
      const progress = await postImportAction(approval.importId, 'review', { jobId: approval.jobId })
      const found = progress.jobs.find((candidate) => candidate.jobId === approval.jobId) ?? null
      setJob(found)
      if (!found) setError(`Import ${approval.importId} no longer has job ${approval.jobId}`)
    } catch (openError) {
      setError((openError as Error).message)
    } finally {
      setIsOpening(false)
    }
  }

  useEffect(() => {
    if (job) reviewRef.current?.focus()
  }, [job])

  return (
    <li className="import-approval-item">
      <div className="import-approval-head">
        <div>
          <strong id={`${id}-label`}>{approval.label}</strong>
          <span className="import-subtle">
            {approval.sheetName ? ` · sheet “${approval.sheetName}”` : ''}
            {approval.updatedAt ? ` · waiting since ${DATE_FORMAT.format(new Date(approval.updatedAt))}` : ''}
          </span>
        </div>
        {!job && (
          <button
            type="button"
            className="button"
            onClick={() => void open()}
            disabled={isOpening}
            aria-describedby={`${id}-label`}
          >
            {isOpening ? 'Opening…' : 'Review changes'}
          </button>
        )}
      </div>
      <ErrorMessage error={error} />
      {job && (
        <div
          className="import-approval-review"
          ref={reviewRef}
          tabIndex={-1}
          aria-label={`Schema changes of ${approval.label}`}
        >
          <p>
            {job.schema.changes.length} {job.schema.changes.length === 1 ? 'change' : 'changes'} to the columns of{' '}
            <strong>{job.datasetName ?? 'the dataset'}</strong>
            {job.schema.isBreaking ? ', some of them breaking: events already there may not fit.' : '.'}{' '}
            <a href={`/import?importId=${approval.importId}`}>Open the import</a>
          </p>
          <SchemaChangesTable changes={job.schema.changes} />
          <ApprovalDecision
            importId={approval.importId}
            jobId={approval.jobId}
            onDecided={(_, decision) => onDecided(`${approval.label}: change ${decision}`)}
          />
        </div>
      )}
    </li>
  )
}

/**
 * For editors and admins: the import jobs waiting for a schema change approval, each with its
 * diff (opened on demand, which takes the approval lock) and Approve / Reject buttons.
 */
export function PendingApprovals() {
  const id = useId()
  const [approvals, setApprovals] = useState<PendingApproval[] | null>(null)
  const [error, setError] = useState<string | null>(null)
  const [message, setMessage] = useState('')

  const load = useCallback(() => {
    listPendingApprovals().then(
      (list) => {
        setApprovals(list)
        setError(null)
      },
      (loadError: Error) => setError(loadError.message),
    )
  }, [])

  useEffect(load, [load])

  return (
    <section className="import-pending" aria-labelledby={`${id}-heading`}>
      <div className="import-pending-head">
        <h2 id={`${id}-heading`}>Pending approvals</h2>
        <button type="button" className="button small" onClick={load}>
          Refresh
        </button>
      </div>
      <p className="visually-hidden" role="status" aria-live="polite">
        {message}
      </p>
      <ErrorMessage error={error} />
      {approvals === null && !error && <p className="import-hint">Loading…</p>}
      {approvals?.length === 0 && <p className="import-hint">No import waits for an approval.</p>}
      {approvals && approvals.length > 0 && (
        <ul className="import-approval-list">
          {approvals.map((approval) => (
            <ApprovalItem
              key={approval.jobId}
              approval={approval}
              onDecided={(text) => {
                setMessage(text)
                load()
              }}
            />
          ))}
        </ul>
      )}
    </section>
  )
}
