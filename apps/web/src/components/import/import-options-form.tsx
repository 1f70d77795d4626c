'use client'
import { useId } from 'react'

import type { IdStrategy, ImportChoices } from './start-options'

const ID_STRATEGY_LABELS: Record<IdStrategy, string> = {
  auto: 'Automatically',
  external: 'By an id column',
  'content-hash': 'By the row’s content',
}

const ID_STRATEGY_HINTS: Record<IdStrategy, string> = {
  auto: 'An id column if the file has one, otherwise the content of each row.',
  external: 'Rows with the same id are the same event.',
  'content-hash': 'Rows with the same values are the same event.',
}

/**
 * The import options beside the column roles: how events are recognised on re-import and what a
 * duplicate does, and whether places are geocoded. (Each date column's order is chosen in the
 * preview's date section.)
 */
export function ImportOptionsForm({
  choices,
  headers,
  onChange,
}: {
  choices: ImportChoices
  headers: readonly string[]
  onChange: (choices: ImportChoices) => void
}) {
  const id = useId()
  const set = (patch: Partial<ImportChoices>) => onChange({ ...choices, ...patch })
  return (
    <div className="import-options">
      <div className="import-field">
        <label htmlFor={`${id}-id-strategy`}>Recognise events on re-import</label>
        <select
          id={`${id}-id-strategy`}
          value={choices.idStrategy}
          aria-describedby={`${id}-id-strategy-hint`}
          onChange={(event) => set({ idStrategy: event.target.value as IdStrategy })}
        >
          {(Object.keys(ID_STRATEGY_LABELS) as IdStrategy[]).map((strategy) => (
            <option key={strategy} value={strategy}>
              {ID_STRATEGY_LABELS[strategy]}
            </option>
          ))}
        </select>
        <p className="import-hint" id={`${id}-id-strategy-hint`}>
          {ID_STRATEGY_HINTS[choices.idStrategy]}
        </p>
      </div>

      {choices.idStrategy === 'external' && (
        <div className="import-field">
          <label htmlFor={`${id}-id-field`}>Id column</label>
          <select
            id={`${id}-id-field`}
            value={choices.idField}
            onChange={(event) => set({ idField: event.target.value })}
          >
            <option value="">Choose a column…</option>
            {headers.map((header) => (
              <option key={header} value={header}>
                {header}
              </option>
            ))}
          </select>
        </div>
      )}

      <fieldset className="import-field">
        <legend>When an event is already in the dataset</legend>
        <div className="import-inline-choices">
          {(['skip', 'update'] as const).map((action) => (
            <span key={action} className="import-choice">
              <input
                type="radio"
                id={`${id}-duplicate-${action}`}
                name={`${id}-duplicate`}
                checked={choices.duplicateAction === action}
                onChange={() => set({ duplicateAction: action })}
              />
              <label htmlFor={`${id}-duplicate-${action}`}>
                {action === 'skip' ? 'Skip the row' : 'Update the event'}
              </label>
            </span>
          ))}
        </div>
        {choices.duplicateAction === 'update' && (
          <div className="import-choice">
            <input
              type="checkbox"
              id={`${id}-keep-hand-edits`}
              checked={choices.keepHandEdits}
              aria-describedby={`${id}-keep-hand-edits-hint`}
              onChange={(event) => set({ keepHandEdits: event.target.checked })}
            />
            <label htmlFor={`${id}-keep-hand-edits`}>Keep what people corrected by hand</label>
            <p className="import-hint" id={`${id}-keep-hand-edits-hint`}>
              {choices.keepHandEdits
                ? 'Corrected titles, times, places and values stay; an event whose corrected value the file changes is left alone and listed.'
                : 'The file’s values replace hand corrections where the file changed them.'}
            </p>
          </div>
        )}
      </fieldset>

      <div className="import-field">
        <label htmlFor={`${id}-geocode`}>Geocode places without coordinates</label>
        <select
          id={`${id}-geocode`}
          value={choices.geocode}
          onChange={(event) => set({ geocode: event.target.value as ImportChoices['geocode'] })}
        >
          <option value="default">As the dataset is set up</option>
          <option value="yes">Yes</option>
          <option value="no">No</option>
        </select>
      </div>
    </div>
  )
}
