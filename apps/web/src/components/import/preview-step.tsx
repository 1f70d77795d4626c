'use client'
import { useEffect, useId, useMemo, useRef, useState } from 'react'

import { assignRole, mappingFromRoles, rolesFromMapping, type ColumnRole } from './column-roles'
import { DateOrderChoices } from './date-order-choices'
import { DetectionSummary } from './detection-summary'
import { ErrorMessage } from './error-message'
import { FieldList } from './field-list'
import { fetchImportPreview, postImportAction, type ImportPreview } from './import-api'
import { ImportOptionsForm } from './import-options-form'
import type { ImportProgressResponse } from './import-types'
import { PreviewTable } from './preview-table'
import { SchemaWarnings } from './schema-warnings'
import { buildStartBody, choiceProblems, DEFAULT_CHOICES, type ImportChoices } from './start-options'
import { useFocusOnMount } from './use-focus-on-mount'

const PREVIEW_ROWS = 10

/**
 * Step 2: the preview of an uploaded file. Shows what was detected (format, sheets, columns with
 * their types and statistics, the first rows, warnings), lets the user fix each column's role and
 * the import options, and starts the import.
 */
export function PreviewStep({
  importId,
  onStarted,
  onDiscarded,
}: {
  importId: number
  onStarted: (progress: ImportProgressResponse) => void
  onDiscarded: () => void
}) {
  const id = useId()
  const heading = useFocusOnMount<HTMLHeadingElement>()
  const problemsRef = useRef<HTMLDivElement>(null)
  const [previewSheet, setPreviewSheet] = useState(0)
  const [preview, setPreview] = useState<ImportPreview | null>(null)
  const [loadError, setLoadError] = useState<string | null>(null)
  const [roles, setRoles] = useState<Record<string, ColumnRole>>({})
  const [choices, setChoices] = useState<ImportChoices>(DEFAULT_CHOICES)
  const [isBusy, setIsBusy] = useState(false)
  const [actionError, setActionError] = useState<string | null>(null)
  const [hasTriedStart, setHasTriedStart] = useState(false)
  // A new sheet is a new load: its error, if any, replaces the last one's.
  const showSheet = (sheet: number) => {
    setLoadError(null)
    setPreviewSheet(sheet)
  }

  useEffect(() => {
    let isCurrent = true
    fetchImportPreview(importId, previewSheet, PREVIEW_ROWS).then(
      (loaded) => {
        if (!isCurrent) return
        setPreview(loaded)
        setRoles(rolesFromMapping(loaded.schema.mapping, loaded.headers))
      },
      (error: Error) => isCurrent && setLoadError(error.message),
    )
    return () => {
      isCurrent = false
    }
  }, [importId, previewSheet])

  const rolesMapping = useMemo(
    () =>
      preview ? mappingFromRoles(roles, preview.schema.mapping) : { override: undefined, problems: [], notes: [] },
    [roles, preview],
  )
  const dateChoices = (preview?.schema.choices ?? []).filter((choice) => choice.kind === 'date-order')
  const problems = [...rolesMapping.problems, ...choiceProblems(choices, dateChoices)]
  const sheets = preview?.sheets ?? []
  const isMultiSheet = sheets.length > 1

  const start = async () => {
    setHasTriedStart(true)
    if (problems.length > 0) {
      problemsRef.current?.focus()
      return
    }
    setIsBusy(true)
    setActionError(null)
    try {
      onStarted(await postImportAction(importId, 'start', buildStartBody(choices, rolesMapping.override)))
    } catch (error) {
      setActionError((error as Error).message)
      setIsBusy(false)
    }
  }

  const discard = async () => {
    setIsBusy(true)
    setActionError(null)
    try {
      await postImportAction(importId, 'cancel')
      onDiscarded()
    } catch (error) {
      setActionError((error as Error).message)
      setIsBusy(false)
    }
  }

  return (
    <section className="import-step" aria-labelledby={`${id}-heading`}>
      <h2 id={`${id}-heading`} ref={heading} tabIndex={-1}>
        Check the columns{preview ? `: ${preview.fileName}` : ''}
      </h2>
      <ErrorMessage error={loadError} />
      {!preview && !loadError && (
        <p className="import-hint" role="status">
          Reading the file…
        </p>
      )}
      {preview && (
        <>
          <DetectionSummary preview={preview} />

          {isMultiSheet && (
            <div className="import-sheets">
              <div className="import-field">
                <label htmlFor={`${id}-sheet`}>Sheets to import</label>
                <select
                  id={`${id}-sheet`}
                  value={String(choices.sheet)}
                  onChange={(event) => {
                    const sheet = event.target.value === 'all' ? 'all' : Number(event.target.value)
                    setChoices({ ...choices, sheet })
                    if (sheet !== 'all') showSheet(sheet)
                  }}
                >
                  <option value="all">All {sheets.length} sheets: each becomes its own dataset</option>
                  {sheets.map((sheet) => (
                    <option key={sheet.index} value={sheet.index}>
                      Only “{sheet.name}”
                    </option>
                  ))}
                </select>
              </div>
              {choices.sheet === 'all' && (
                <div className="import-field">
                  <label htmlFor={`${id}-preview-sheet`}>Sheet shown below</label>
                  <select
                    id={`${id}-preview-sheet`}
                    value={previewSheet}
                    onChange={(event) => showSheet(Number(event.target.value))}
                  >
                    {sheets.map((sheet) => (
                      <option key={sheet.index} value={sheet.index}>
                        {sheet.name}
                      </option>
                    ))}
                  </select>
                </div>
              )}
            </div>
          )}

          <SchemaWarnings warnings={preview.schema.warnings} />

          <DateOrderChoices
            choices={dateChoices}
            picked={choices.dateOrders}
            onPick={(column, order) =>
              setChoices({ ...choices, dateOrders: { ...choices.dateOrders, [column]: order } })
            }
          />

          <h3>Columns</h3>
          <p className="import-hint">
            Chronotope guessed what each column means from its name and values. Change a role if the guess is wrong; a
            role can belong to one column only.
          </p>
          <FieldList
            fields={preview.schema.fields}
            roles={roles}
            onRoleChange={(column, role) => setRoles(assignRole(roles, column, role))}
          />
          {rolesMapping.notes.length > 0 && (
            <ul className="import-notes">
              {rolesMapping.notes.map((note) => (
                <li key={note}>{note}</li>
              ))}
            </ul>
          )}
          {isMultiSheet && choices.sheet === 'all' && rolesMapping.override && (
            <p className="import-hint">
              Your column roles apply to every sheet; a sheet without these columns will fail.
            </p>
          )}

          <h3>First rows</h3>
          <PreviewTable headers={preview.headers} rows={preview.rows} roles={roles} />

          <h3>Options</h3>
          <ImportOptionsForm choices={choices} headers={preview.headers} onChange={setChoices} />

          {problems.length > 0 && (
            <div
              ref={problemsRef}
              tabIndex={-1}
              className={`import-problems${hasTriedStart ? ' is-blocking' : ''}`}
              role={hasTriedStart ? 'alert' : undefined}
            >
              <p>Fix before starting:</p>
              <ul>
                {problems.map((problem) => (
                  <li key={problem}>{problem}</li>
                ))}
              </ul>
            </div>
          )}
          <ErrorMessage error={actionError} />
          <div className="import-actions">
            <button type="button" className="button primary" onClick={() => void start()} disabled={isBusy}>
              {isBusy ? 'Starting…' : 'Start import'}
            </button>
            <button type="button" className="button" onClick={() => void discard()} disabled={isBusy}>
              Discard this upload
            </button>
          </div>
        </>
      )}
    </section>
  )
}
