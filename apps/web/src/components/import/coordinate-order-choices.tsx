'use client'
import { coordinateValuesAgainstOrder, formatCoordinateReading, type CoordinateOrder } from '@chronotope/coordinates'
import { useId } from 'react'

import type { CoordinateOrderChoice } from './import-types'

const ORDERS: readonly CoordinateOrder[] = ['lat-lon', 'lon-lat']

const ORDER_LABELS: Record<CoordinateOrder, string> = {
  'lat-lon': 'Latitude first',
  'lon-lat': 'Longitude first',
}

const ORDER_PATTERNS: Record<CoordinateOrder, string> = {
  'lat-lon': '48.85, 2.35 is Paris',
  'lon-lat': '2.35, 48.85 is Paris',
}

function sentence(text: string): string {
  return `${text.charAt(0).toUpperCase()}${text.slice(1)}.`
}

/** Why the column is read in the order shown (after "Read latitude first."), or the question. */
function decisionText(choice: CoordinateOrderChoice, picked: CoordinateOrder | undefined): string {
  if (picked !== undefined) {
    const detected =
      choice.decided !== undefined && choice.decided !== picked
        ? ` (its values say ${ORDER_LABELS[choice.decided].toLowerCase()})`
        : ''
    const against = coordinateValuesAgainstOrder(choice.evidence, picked)
    const cost =
      against.count > 0
        ? ` ${against.count === 1 ? '1 value' : `${against.count} values`} such as ${against.example} cannot be read so and will be row errors.`
        : ''
    return `As you chose${detected}.${cost}`
  }
  if (choice.isRequired) return `Choose the order: ${choice.reason.replace(/^undecided: /, '')}.`
  return sentence(
    choice.decided === undefined ? choice.reason : choice.reason.replace(/^(latitude|longitude) first: /, ''),
  )
}

function CoordinateOrderColumn({
  choice,
  picked,
  onPick,
}: {
  choice: CoordinateOrderChoice
  picked: CoordinateOrder | undefined
  onPick: (order: CoordinateOrder) => void
}) {
  const id = useId()
  const applied = picked ?? choice.decided
  const needsAnswer = choice.isRequired && picked === undefined
  const examples = choice.examples.map((example) => ({
    raw: example.raw,
    read: picked === undefined ? example.read : formatCoordinateReading(example.raw, picked),
  }))
  return (
    <fieldset className={`import-date-order${needsAnswer ? ' needs-attention' : ''}`} aria-describedby={`${id}-why`}>
      <legend>
        <span className="import-column-name">{choice.column}</span>
      </legend>
      <p id={`${id}-why`} className={needsAnswer ? 'import-date-question' : 'import-date-decision'}>
        {applied !== undefined && <strong>Read {ORDER_LABELS[applied].toLowerCase()}. </strong>}
        {decisionText(choice, picked)}
      </p>
      <div className="import-inline-choices">
        {ORDERS.map((order) => (
          <span key={order} className="import-choice">
            <input
              type="radio"
              id={`${id}-${order}`}
              name={`${id}-order`}
              checked={applied === order}
              onChange={() => onPick(order)}
            />
            <label htmlFor={`${id}-${order}`}>
              {ORDER_LABELS[order]} <span className="import-subtle">({ORDER_PATTERNS[order]})</span>
            </label>
          </span>
        ))}
      </div>
      {examples.length > 0 && (
        <div className="table-scroll" role="region" aria-label={`How ${choice.column} is read`} tabIndex={0}>
          <table className="import-table import-date-examples">
            <thead>
              <tr>
                <th scope="col">In the file</th>
                <th scope="col">Read as</th>
              </tr>
            </thead>
            <tbody>
              {examples.map((example) => (
                <tr key={example.raw}>
                  <td className="import-column-name">{example.raw}</td>
                  <td className={example.read.startsWith('row error') ? 'import-date-error' : undefined}>
                    {example.read}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </fieldset>
  )
}

/**
 * The preview's coordinate section, asked like a date order: for each "lat, lon" pair column, the
 * order Chronotope will read it in and why (`Latitude first: 12 values such as 40.7, -74.0 can only
 * be read so`), or the question when every value fits both orders, a choice of latitude or
 * longitude first, and five values as written and as read in the order shown.
 */
export function CoordinateOrderChoices({
  choices,
  picked,
  onPick,
}: {
  choices: readonly CoordinateOrderChoice[]
  picked: Readonly<Record<string, CoordinateOrder>>
  onPick: (column: string, order: CoordinateOrder) => void
}) {
  if (choices.length === 0) return null
  return (
    <section className="import-dates" aria-label="How coordinates are read">
      <h3>Coordinates</h3>
      <p className="import-hint">
        A column of “lat, lon” pairs is read in one order, decided from the values that can only be read one way (a
        number beyond ±90 cannot be a latitude). A value that does not fit becomes a row error.
      </p>
      {choices.map((choice) => (
        <CoordinateOrderColumn
          key={choice.column}
          choice={choice}
          picked={picked[choice.column]}
          onPick={(order) => onPick(choice.column, order)}
        />
      ))}
    </section>
  )
}
