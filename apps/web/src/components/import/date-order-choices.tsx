'use client'
import { formatDateReading, valuesAgainstOrder, type DateOrder } from '@chronotope/dates'
import { useId } from 'react'

import type { DateOrderChoice } from './import-types'

const ORDERS: readonly DateOrder[] = ['DMY', 'MDY', 'YMD']

const ORDER_LABELS: Record<DateOrder, string> = {
  DMY: 'Day first',
  MDY: 'Month first',
  YMD: 'Year first',
}

const ORDER_PATTERNS: Record<DateOrder, string> = {
  DMY: 'day/month/year',
  MDY: 'month/day/year',
  YMD: 'year/month/day',
}

/** Whether the column has numeric dates at all, so an order means something for it. */
function hasNumericDates(choice: DateOrderChoice): boolean {
  const { dayFirst, monthFirst, either, yearFirst } = choice.evidence
  return dayFirst + monthFirst + either + yearFirst > 0
}

function sentence(text: string): string {
  return `${text.charAt(0).toUpperCase()}${text.slice(1)}.`
}

/** Why the column is read in the order shown (after "Read day first."), or the question. */
function decisionText(choice: DateOrderChoice, picked: DateOrder | undefined): string {
  if (picked !== undefined) {
    const detected =
      choice.decided !== undefined && choice.decided !== picked
        ? ` (its values say ${ORDER_LABELS[choice.decided].toLowerCase()})`
        : ''
    const against = valuesAgainstOrder(choice.evidence, picked)
    const cost =
      against.count > 0
        ? ` ${against.count === 1 ? '1 value' : `${against.count} values`} such as ${against.example} cannot be read so and will be row errors.`
        : ''
    return `As you chose${detected}.${cost}`
  }
  if (choice.isRequired) return `Choose the order: ${choice.reason.replace(/^undecided: /, '')}.`
  // "day first: 73 values such as …": the order is said before, the evidence follows.
  return sentence(choice.decided === undefined ? choice.reason : choice.reason.replace(/^[a-z]+ first: /, ''))
}

function DateOrderColumn({
  choice,
  picked,
  onPick,
}: {
  choice: DateOrderChoice
  picked: DateOrder | undefined
  onPick: (order: DateOrder) => void
}) {
  const id = useId()
  const applied = picked ?? choice.decided
  const needsAnswer = choice.isRequired && picked === undefined
  const examples = choice.examples.map((example) => ({
    raw: example.raw,
    read: picked === undefined ? example.read : formatDateReading(example.raw, picked),
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
      {hasNumericDates(choice) && (
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
      )}
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
 * The preview's date section: for each date column, the order Chronotope will read it in and why
 * (`Day first: 73 values such as 13/01/2024 can only be read so`), or the question when no value
 * decides it, a choice of day, month or year first, and five values as written and as read in the
 * order shown, so the user sees what an order does before the import starts.
 */
export function DateOrderChoices({
  choices,
  picked,
  onPick,
}: {
  choices: readonly DateOrderChoice[]
  picked: Readonly<Record<string, DateOrder>>
  onPick: (column: string, order: DateOrder) => void
}) {
  if (choices.length === 0) return null
  return (
    <section className="import-dates" aria-label="How dates are read">
      <h3>Dates</h3>
      <p className="import-hint">
        Each date column is read in one order, decided from the values that can only be read one way (such as
        21/01/2024). A value that does not fit its column’s order becomes a row error; it is never read the other way.
      </p>
      {choices.map((choice) => (
        <DateOrderColumn
          key={choice.column}
          choice={choice}
          picked={picked[choice.column]}
          onPick={(order) => onPick(choice.column, order)}
        />
      ))}
    </section>
  )
}
