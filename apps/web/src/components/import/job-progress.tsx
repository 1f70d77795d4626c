'use client'
import { useId, useState } from 'react'

import { ApprovalDecision } from './approval-decision'
import { ErrorMessage } from './error-message'
import { GeocodingSummary } from './geocoding-summary'
import { postImportAction } from './import-api'
import { ImportCounts } from './import-counts'
import { ImportHistory } from './import-history'
import { ReimportSummary } from './reimport-summary'
import { formatCount, statusLabel } from './import-format'
import type { ImportJobProgress, ImportProgressResponse } from './import-types'
import { RowErrorsTable } from './row-errors-table'
import { SchemaChangesTable } from './schema-changes-table'
import { SchemaWarnings } from './schema-warnings'
import { StageProgress } from './stage-progress'

/**
 * The progress of one sheet's import job: a bar per stage, the counts and their balance,
 * geocoding results, row errors, and what to do next (retry, wait for or give an approval,
 * explore the dataset).
 */
export function JobProgress({
  importId,
  job,
  isCurator,
  showHeading,
  onProgress,
}: {
  importId: number
  job: ImportJobProgress
  isCurator: boolean
  /** Several sheets: each job gets its own heading. */
  showHeading: boolean
  onProgress: (progress: ImportProgressResponse) => void
}) {
  const id = useId()
  const [isRetrying, setIsRetrying] = useState(false)
  const [error, setError] = useState<string | null>(null)
  const isFinished = job.status === 'completed' || job.status === 'failed' || job.status === 'cancelled'

  const retry = async () => {
    setIsRetrying(true)
    setError(null)
    try {
      onProgress(await postImportAction(importId, 'retry', { jobId: job.jobId }))
    } catch (retryError) {
      setError((retryError as Error).message)
    } finally {
      setIsRetrying(false)
    }
  }

  return (
    <article className={`import-job is-${job.status}`} aria-labelledby={`${id}-title`}>
      <header className="import-job-head">
        {showHeading ? (
          <h3 id={`${id}-title`}>{job.datasetName ?? job.sheetName ?? `Import job ${job.jobId}`}</h3>
        ) : (
          <h3 id={`${id}-title`} className="visually-hidden">
            {job.datasetName ?? 'Import job'}
          </h3>
        )}
        {job.datasetName && !showHeading && <span className="import-subtle">Dataset: {job.datasetName}</span>}
        {showHeading && <span className={`import-badge is-${job.status}`}>{statusLabel(job.status)}</span>}
      </header>

      <ol className="import-stages" aria-label="Stages">
        {job.stages.map((stage) => (
          <StageProgress key={stage.stage} id={`${id}-${stage.stage}`} stage={stage} />
        ))}
      </ol>

      <ImportCounts job={job} isFinished={isFinished} />
      {job.duplicates && job.duplicates.duplicatesInFile + job.duplicates.duplicatesOfExistingEvents > 0 && (
        <p className="import-hint">
          Duplicates: {formatCount(job.duplicates.duplicatesInFile)} inside the file,{' '}
          {formatCount(job.duplicates.duplicatesOfExistingEvents)} of events already in the dataset.
        </p>
      )}

      <ReimportSummary job={job} />

      {job.status === 'completed' && job.exploreUrl && (
        <p className="import-done">
          <a className="button primary" href={job.exploreUrl}>
            Explore the dataset
          </a>{' '}
          <span className="import-subtle">
            {formatCount(job.counts.eventsCreated)} events created
            {job.reimport ? `, ${formatCount(job.counts.eventsUpdated)} updated` : ''} in{' '}
            {job.datasetName ?? 'the dataset'}
          </span>
        </p>
      )}
      {job.status === 'completed' && !job.exploreUrl && (
        <p className="import-hint">No events were created or changed, so there is nothing new to explore.</p>
      )}

      {job.schema.isAwaitingApproval && (
        <div className="import-approval">
          <h4>Waiting for approval</h4>
          <p>
            This file changes the columns of an existing dataset
            {job.schema.isBreaking ? ', and some changes may not fit the events already there' : ''}. An editor has to
            approve the change before the import goes on.
          </p>
          {isCurator && (
            <>
              <SchemaChangesTable changes={job.schema.changes} />
              <ApprovalDecision importId={importId} jobId={job.jobId} onDecided={(progress) => onProgress(progress)} />
            </>
          )}
        </div>
      )}

      {job.status === 'failed' && (
        <div className="import-failure" role="alert">
          <h4>The import stopped</h4>
          <p>{job.failureReason ?? 'It failed without a reason; retry it, or tell an admin.'}</p>
          <button type="button" className="button" onClick={() => void retry()} disabled={isRetrying}>
            {isRetrying ? 'Retrying…' : 'Retry'}
          </button>
        </div>
      )}
      {job.status === 'cancelled' && job.failureReason && <p className="import-hint">{job.failureReason}</p>}
      <ErrorMessage error={error} />

      <SchemaWarnings warnings={job.schema.warnings} />
      {job.geocoding && (
        <GeocodingSummary
          geocoding={job.geocoding}
          importId={importId}
          jobId={job.jobId}
          isCurator={isCurator}
          onProgress={onProgress}
        />
      )}
      <RowErrorsTable errors={job.errors} total={job.counts.rowErrors} downloadUrl={job.errorsUrl} />
      <ImportHistory history={job.history} />
    </article>
  )
}
