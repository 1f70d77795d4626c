'use client'
import { useEffect, useId, useMemo, useRef, useState } from 'react'

import { assignRole, mappingFromRoles, rolesFromMapping, type ColumnRole } from './column-roles'
import { CoordinateOrderChoices } from './coordinate-order-choices'
import { DateOrderChoices } from './date-order-choices'
import { DetectionSummary } from './detection-summary'
import { ErrorMessage } from './error-message'
import { FieldList } from './field-list'
import { fetchImportPreview, postImportAction, type ImportPreview } from './import-api'
import { ImportOptionsForm } from './import-options-form'
import type { ImportChoice, ImportProgressResponse } from './import-types'
import { PreviewTable } from './preview-table'
import { SchemaWarnings } from './schema-warnings'
import { RememberedNote } from './remembered-note'
import {
  buildStartBody,
  choiceProblems,
  choicesFromRemembered,
  DEFAULT_CHOICES,
  type ImportChoices,
} from './start-options'
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
  // Each sheet's preview and column roles are kept, so switching sheets loses no choice.
  const [previews, setPreviews] = useState<Readonly<Record<number, ImportPreview>>>({})
  const [rolesBySheet, setRolesBySheet] = useState<Readonly<Record<number, Record<string, ColumnRole>>>>({})
  const [loadError, setLoadError] = useState<string | null>(null)
  const [choices, setChoices] = useState<ImportChoices>(DEFAULT_CHOICES)
  const hasRememberedChoices = useRef(false)
  const preview = previews[previewSheet] ?? null
  const roles = useMemo(() => rolesBySheet[previewSheet] ?? {}, [rolesBySheet, previewSheet])
  const setRoles = (next: Record<string, ColumnRole>) => setRolesBySheet({ ...rolesBySheet, [previewSheet]: next })
  const [isBusy, setIsBusy] = useState(false)
  const [actionError, setActionError] = useState<string | null>(null)
  const [hasTriedStart, setHasTriedStart] = useState(false)
  // A new sheet is a new load: its error, if any, replaces the last one's.
  const showSheet = (sheet: number) => {
    setLoadError(null)
    setPreviewSheet(sheet)
  }

  const isLoaded = previews[previewSheet] !== undefined
  useEffect(() => {
    if (isLoaded) return
    let isCurrent = true
    fetchImportPreview(importId, previewSheet, PREVIEW_ROWS).then(
      (loaded) => {
        if (!isCurrent) return
        // An import into a dataset starts from its last import's options, once.
        const remembered = loaded.remembered
        if (remembered && !hasRememberedChoices.current) {
          hasRememberedChoices.current = true
          // Only the date columns this file leaves undecided: the others are read by their values.
          const undecided = (kind: ImportChoice['kind']) =>
            loaded.schema.choices
              .filter((choice) => choice.kind === kind && choice.isRequired)
              .map((choice) => choice.column)
          setChoices((earlier) =>
            choicesFromRemembered(earlier, remembered.options, undecided('date-order'), undecided('coordinate-order')),
          )
        }
        setPreviews((earlier) => ({ ...earlier, [previewSheet]: loaded }))
        setRolesBySheet((earlier) =>
          earlier[previewSheet]
            ? earlier
            : { ...earlier, [previewSheet]: rolesFromMapping(loaded.schema.mapping, loaded.headers) },
        )
      },
      (error: Error) => isCurrent && setLoadError(error.message),
    )
    return () => {
      isCurrent = false
    }
  }, [importId, previewSheet, isLoaded])

  const sheets = preview?.sheets ?? []
  const isMultiSheet = sheets.length > 1
  // Every sheet looked at keeps its roles; a sheet never shown imports as detected.
  const sheetRoles = useMemo(
    () =>
      Object.entries(previews).map(([sheet, loaded]) => ({
        sheet: Number(sheet),
        name: loaded.sheets.find((candidate) => candidate.index === Number(sheet))?.name ?? `Sheet ${sheet}`,
        mapping: mappingFromRoles(rolesBySheet[Number(sheet)] ?? {}, loaded.schema.mapping),
        dateChoices: loaded.schema.choices.filter((choice) => choice.kind === 'date-order'),
        pairChoices: loaded.schema.choices.filter((choice) => choice.kind === 'coordinate-order'),
      })),
    [previews, rolesBySheet],
  )
  const current = sheetRoles.find((entry) => entry.sheet === previewSheet)
  const rolesMapping = current?.mapping ?? { override: undefined, problems: [], notes: [] }
  const dateChoices = current?.dateChoices ?? []
  const pairChoices = current?.pairChoices ?? []
  const importsAllSheets = isMultiSheet && choices.sheet === 'all'
  const problems = [
    ...(importsAllSheets
      ? sheetRoles.flatMap(({ name, mapping }) => mapping.problems.map((problem) => `${name}: ${problem}`))
      : rolesMapping.problems),
    ...choiceProblems(
      choices,
      importsAllSheets
        ? sheetRoles.flatMap((entry) => [...entry.dateChoices, ...entry.pairChoices])
        : [...dateChoices, ...pairChoices],
    ),
  ]

  const start = async () => {
    setHasTriedStart(true)
    if (problems.length > 0) {
      problemsRef.current?.focus()
      return
    }
    setIsBusy(true)
    setActionError(null)
    try {
      const sheetMappings = Object.fromEntries(
        sheetRoles.flatMap(({ sheet, mapping }) => (mapping.override ? [[String(sheet), mapping.override]] : [])),
      )
      const mapping = importsAllSheets ? undefined : rolesMapping.override
      onStarted(await postImportAction(importId, 'start', buildStartBody(choices, mapping, sheetMappings)))
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

          {preview.remembered && <RememberedNote remembered={preview.remembered} />}
          <SchemaWarnings warnings={preview.schema.warnings} />

          <DateOrderChoices
            choices={dateChoices}
            picked={choices.dateOrders}
            onPick={(column, order) =>
              setChoices({ ...choices, dateOrders: { ...choices.dateOrders, [column]: order } })
            }
          />
          <CoordinateOrderChoices
            choices={pairChoices}
            picked={choices.coordinateOrders}
            onPick={(column, order) =>
              setChoices({ ...choices, coordinateOrders: { ...choices.coordinateOrders, [column]: order } })
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
          {importsAllSheets && (
            <p className="import-hint">
              Each sheet keeps its own column roles: choose a sheet above to check or change its roles. Sheets you do
              not open are imported as detected.
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
