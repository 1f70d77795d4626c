'use client'
import { useId, useState } from 'react'

import { ErrorMessage } from './error-message'
import { postImportAction } from './import-api'
import { formatCount, stageLabel, statusLabel } from './import-format'
import type { ImportProgressResponse } from './import-types'
import { JobProgress } from './job-progress'
import { isFinalStatus } from './poll-delay'
import { useFocusOnMount } from './use-focus-on-mount'
import { useImportProgress } from './use-import-progress'

/**
 * A short sentence for screen readers that changes only when the status or a job's stage does,
 * so the live region speaks at milestones, not on every poll.
 * @example announcementOf(progress) // 'Importing: Create events' (for one job in that stage)
 */
function announcementOf(progress: ImportProgressResponse): string {
  const status = statusLabel(progress.status)
  if (progress.status === 'completed') {
    const created = progress.jobs.reduce((sum, job) => sum + job.counts.eventsCreated, 0)
    const errors = progress.jobs.reduce((sum, job) => sum + job.counts.rowErrors, 0)
    return `Import completed: ${formatCount(created)} events created, ${formatCount(errors)} row errors`
  }
  if (progress.status !== 'processing' || progress.jobs.length === 0) return `Import ${status.toLowerCase()}`
  return `${status}: ${progress.jobs.map((job) => stageLabel(job.stage)).join(', ')}`
}

function headingOf(progress: ImportProgressResponse | null): string {
  if (!progress) return 'Import progress'
  if (progress.status === 'completed') return `Imported ${progress.fileName}`
  if (progress.status === 'failed' || progress.status === 'cancelled') return `Import of ${progress.fileName}`
  return `Importing ${progress.fileName}`
}

/**
 * Step 3: the live progress of an import, polled until it is final: the overall status, a
 * Cancel button while it runs, and each sheet's {@link JobProgress}.
 */
export function ProgressView({
  importId,
  initial,
  isCurator,
  onNewImport,
}: {
  importId: number
  /** The progress the start request answered with, shown until the first poll returns. */
  initial: ImportProgressResponse | null
  isCurator: boolean
  onNewImport: () => void
}) {
  const id = useId()
  const heading = useFocusOnMount<HTMLHeadingElement>()
  const live = useImportProgress(importId)
  const progress = live.progress ?? initial
  const [isCancelling, setIsCancelling] = useState(false)
  const [actionError, setActionError] = useState<string | null>(null)
  const announcement = progress ? announcementOf(progress) : ''

  const act = async (action: 'cancel' | 'retry') => {
    setActionError(null)
    if (action === 'cancel') setIsCancelling(true)
    try {
      live.replace(await postImportAction(importId, action))
    } catch (error) {
      setActionError((error as Error).message)
    } finally {
      setIsCancelling(false)
    }
  }

  const isFinal = progress ? isFinalStatus(progress.status) : false
  const isRunning = progress !== null && !isFinal

  return (
    <section className="import-step" aria-labelledby={`${id}-heading`}>
      <h2 id={`${id}-heading`} ref={heading} tabIndex={-1}>
        {headingOf(progress)}
      </h2>
      <p className="visually-hidden" aria-live="polite" role="status">
        {announcement}
      </p>
      {progress && (
        <div className="import-summary">
          <span className={`import-badge is-${progress.status}`}>{statusLabel(progress.status)}</span>
          {progress.status === 'awaiting-approval' && !isCurator && (
            <span>
              A change to the dataset’s columns waits for an editor’s approval; this page updates when they decide.
            </span>
          )}
          {progress.status === 'processing' && progress.jobs.length === 0 && (
            <span>Reading the file and preparing the datasets…</span>
          )}
        </div>
      )}
      {!progress && !live.error && <p role="status">Loading the progress…</p>}
      <ErrorMessage error={live.error ? `${live.error}${live.isMissing ? '' : ' (trying again)'}` : null} />

      {progress?.failureReason && (
        <div className="import-failure" role="alert">
          <h3>The import stopped</h3>
          <p>{progress.failureReason}</p>
          {progress.status === 'failed' && progress.jobs.length === 0 && (
            <button type="button" className="button" onClick={() => void act('retry')}>
              Retry
            </button>
          )}
        </div>
      )}

      {progress?.jobs.map((job) => (
        <JobProgress
          key={job.jobId}
          importId={importId}
          job={job}
          isCurator={isCurator}
          showHeading={progress.jobs.length > 1}
          onProgress={live.replace}
        />
      ))}

      <ErrorMessage error={actionError} />
      <div className="import-actions">
        {isRunning && (
          <button type="button" className="button" onClick={() => void act('cancel')} disabled={isCancelling}>
            {isCancelling ? 'Cancelling…' : 'Cancel import'}
          </button>
        )}
        {(isFinal || live.isMissing) && (
          <button type="button" className="button" onClick={onNewImport}>
            Import another file
          </button>
        )}
      </div>
    </section>
  )
}
