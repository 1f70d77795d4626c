'use client'
import { useCallback, useEffect, useState } from 'react'

import { ErrorMessage } from './error-message'
import { fetchImportProgress } from './import-api'
import type { ImportProgressResponse } from './import-types'
import { PendingApprovals } from './pending-approvals'
import { PreviewStep } from './preview-step'
import { ProgressView } from './progress-view'
import type { ImportUser } from './target-picker'
import { UploadStep } from './upload-step'

type Phase =
  | { readonly step: 'upload' }
  | { readonly step: 'loading'; readonly importId: number }
  | { readonly step: 'preview'; readonly importId: number }
  | { readonly step: 'progress'; readonly importId: number; readonly initial: ImportProgressResponse | null }
  | { readonly step: 'missing'; readonly importId: number; readonly error: string }

const STEPS = [
  { key: 'upload', label: 'Choose a file' },
  { key: 'preview', label: 'Check the columns' },
  { key: 'progress', label: 'Import' },
] as const

function importIdFromUrl(): number | null {
  const raw = new URLSearchParams(window.location.search).get('importId')
  const id = raw === null ? Number.NaN : Number(raw)
  return Number.isInteger(id) && id > 0 ? id : null
}

function initialPhase(importId: number | null): Phase {
  return importId === null ? { step: 'upload' } : { step: 'loading', importId }
}

/**
 * The import page's client side: upload → preview → progress, with the import's id in the URL
 * (`/import?importId=12`) so a reload or a shared link opens the same step; editors and admins
 * also see the pending approvals.
 */
export function ImportWorkspace({
  user,
  maxUploadBytes,
  initialImportId,
}: {
  user: ImportUser
  maxUploadBytes: number
  /** From the page's `importId` search parameter. */
  initialImportId: number | null
}) {
  const [phase, setPhase] = useState<Phase>(() => initialPhase(initialImportId))
  const [hasNavigated, setHasNavigated] = useState(false)

  const go = useCallback((next: Phase, url: string | null) => {
    setHasNavigated(true)
    setPhase(next)
    if (url !== null && `${window.location.pathname}${window.location.search}` !== url)
      window.history.pushState(null, '', url)
  }, [])

  // An import id without a known step (reload, link, back button): its status decides the step.
  const importIdToLoad = phase.step === 'loading' ? phase.importId : null
  useEffect(() => {
    if (importIdToLoad === null) return
    let isCurrent = true
    fetchImportProgress(importIdToLoad).then(
      (progress) => {
        if (!isCurrent) return
        const isUnstarted = progress.status === 'pending' && !progress.isStarted
        setPhase(
          isUnstarted
            ? { step: 'preview', importId: importIdToLoad }
            : { step: 'progress', importId: importIdToLoad, initial: progress },
        )
      },
      (error: Error) => isCurrent && setPhase({ step: 'missing', importId: importIdToLoad, error: error.message }),
    )
    return () => {
      isCurrent = false
    }
  }, [importIdToLoad])

  useEffect(() => {
    const onPopState = () => {
      setHasNavigated(true)
      setPhase(initialPhase(importIdFromUrl()))
    }
    window.addEventListener('popstate', onPopState)
    return () => window.removeEventListener('popstate', onPopState)
  }, [])

  const newImport = () => go({ step: 'upload' }, '/import')
  const currentStep = phase.step === 'loading' || phase.step === 'missing' ? null : phase.step

  return (
    <div className="import-page">
      <header className="import-intro">
        <h1>Import a file</h1>
        <p>
          Each row of your spreadsheet becomes an event with a time and a place. Check what Chronotope detected before
          anything is imported.
        </p>
      </header>
      <ol className="import-steps" aria-label="Steps">
        {STEPS.map((step, index) => (
          <li
            key={step.key}
            aria-current={currentStep === step.key ? 'step' : undefined}
            className={currentStep === step.key ? 'is-current' : undefined}
          >
            <span className="import-step-number" aria-hidden="true">
              {index + 1}
            </span>
            {step.label}
          </li>
        ))}
      </ol>

      {phase.step === 'upload' && (
        <UploadStep
          user={user}
          maxUploadBytes={maxUploadBytes}
          shouldFocus={hasNavigated}
          onUploaded={(importId) => go({ step: 'preview', importId }, `/import?importId=${importId}`)}
        />
      )}
      {phase.step === 'loading' && <p role="status">Opening import {phase.importId}…</p>}
      {phase.step === 'missing' && (
        <section className="import-step">
          <ErrorMessage error={phase.error} />
          <button type="button" className="button" onClick={newImport}>
            Start a new import
          </button>
        </section>
      )}
      {phase.step === 'preview' && (
        <PreviewStep
          key={phase.importId}
          importId={phase.importId}
          onStarted={(progress) => go({ step: 'progress', importId: phase.importId, initial: progress }, null)}
          onDiscarded={newImport}
        />
      )}
      {phase.step === 'progress' && (
        <ProgressView
          key={phase.importId}
          importId={phase.importId}
          initial={phase.initial}
          isCurator={user.isCurator}
          onNewImport={newImport}
        />
      )}

      {user.isCurator && <PendingApprovals />}
    </div>
  )
}
