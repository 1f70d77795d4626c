import { classifyDateOrder, decideDateOrder, formatDateReading, valuesAgainstOrder } from '@chronotope/dates'
import type { DateColumnFormat, DateOrder, DateOrderReading, DateOrderTally } from '@chronotope/dates'

import { numbersOptionForKind } from './statistics/field-statistics'
import type { DateOrderChoice, ImportChoiceExample, SchemaWarning } from './types'

/** Examples a choice shows. */
export const CHOICE_EXAMPLE_COUNT = 5

/** Each order as the preview and messages say it. */
export const DATE_ORDER_WORDS: Readonly<Record<DateOrder, string>> = {
  DMY: 'day first',
  MDY: 'month first',
  YMD: 'year first',
}

/** Each order spelled out, for row errors. */
export const DATE_ORDER_PATTERNS: Readonly<Record<DateOrder, string>> = {
  DMY: 'day/month/year',
  MDY: 'month/day/year',
  YMD: 'year/month/day',
}

/** Date kinds written as bare numbers: their order is not a question. */
const NUMBER_KINDS = new Set(['excel-serial', 'unix-seconds', 'unix-milliseconds'])

function values(count: number): string {
  return count === 1 ? '1 value' : `${count} values`
}

/** The reading that proves an order, if any. */
const PROVING: Readonly<Record<DateOrder, DateOrderReading>> = {
  DMY: 'day-first',
  MDY: 'month-first',
  YMD: 'year-first',
}

/** Up to five distinct values: the telling ones first (proof, ambiguity, year first, words, contradictions). */
function pickExamples(evidence: DateOrderTally, samples: readonly string[], order: DateOrder | undefined): string[] {
  const { examples } = evidence
  const written = samples.find((sample) => classifyDateOrder(sample) === undefined && /[^\d\s/.:-]/.test(sample))
  const telling = [
    order ? examples[PROVING[order]] : undefined,
    examples.either,
    examples['day-first'],
    examples['month-first'],
    examples['year-first'],
    written,
  ]
  const picked: string[] = []
  for (const value of [...telling, ...samples]) {
    if (value === undefined || picked.includes(value)) continue
    picked.push(value)
    if (picked.length === CHOICE_EXAMPLE_COUNT) break
  }
  return picked
}

function examplesOf(
  raws: readonly string[],
  order: DateOrder | undefined,
  kind: string | undefined,
): ImportChoiceExample[] {
  const numbers = numbersOptionForKind(kind)
  return raws.map((raw) => ({ raw, read: formatDateReading(raw, order, numbers) }))
}

/**
 * The date-order choice of a date column: its order decided from the values that can only be read
 * one way (counted over every value read, in `evidence`), or required from the user when none
 * decides, with five values as written and as read.
 * @param format - the column's date format, from the schema detection
 * @param evidence - the column's tally over every value read
 * @param samples - distinct values of the column, for examples
 * @example createDateOrderChoice('Date', format, tally, ['21/01/2024', '03/04/2024']).decided // 'DMY'
 */
export function createDateOrderChoice(
  column: string,
  format: DateColumnFormat,
  evidence: DateOrderTally,
  samples: readonly string[],
): DateOrderChoice {
  if (NUMBER_KINDS.has(format.kind)) {
    return {
      kind: 'date-order',
      column,
      isRequired: false,
      reason: `no day/month order is needed: ${format.reason}`,
      examples: examplesOf(samples.slice(0, CHOICE_EXAMPLE_COUNT), undefined, format.kind),
      evidence,
    }
  }
  const decision = decideDateOrder(evidence)
  const choice: DateOrderChoice = {
    kind: 'date-order',
    column,
    isRequired: decision.isAmbiguous,
    reason: decision.reason,
    examples: examplesOf(pickExamples(evidence, samples, decision.order), decision.order, format.kind),
    evidence,
  }
  if (decision.order !== undefined) {
    choice.decided = decision.order
    choice.decidedBy = 'values'
  }
  return choice
}

/**
 * The choice with the user's answer applied: the reason says it was chosen and what the column's
 * values make of it, and the examples are read again in the chosen order.
 * @param kind - the column's date format kind, for reading bare numbers
 * @example answerDateOrderChoice(choice, 'DMY').reason // 'day first, as chosen; 41 values such as 21/01/2024 can only be read so'
 */
export function answerDateOrderChoice(choice: DateOrderChoice, answer: DateOrder, kind?: string): DateOrderChoice {
  const { evidence } = choice
  const proof = answer === 'YMD' ? undefined : evidence.examples[PROVING[answer]]
  const proofCount = answer === 'DMY' ? evidence.dayFirst : answer === 'MDY' ? evidence.monthFirst : 0
  const against = valuesAgainstOrder(evidence, answer)
  const notes = [
    proofCount > 0 ? `${values(proofCount)} such as ${proof} can only be read so` : undefined,
    against.count > 0
      ? `${values(against.count)} such as ${against.example} cannot be read ${DATE_ORDER_WORDS[answer]} and will be row errors`
      : undefined,
  ].filter((note): note is string => note !== undefined)
  return {
    ...choice,
    decided: answer,
    decidedBy: 'user',
    isRequired: false,
    reason: [`${DATE_ORDER_WORDS[answer]}, as chosen`, ...notes].join('; '),
    examples: examplesOf(
      choice.examples.map((example) => example.raw),
      answer,
      kind,
    ),
  }
}

/**
 * What the user should know about a date-order choice as it stands: an order that must be chosen,
 * or values that contradict the order applied and will be row errors.
 * @example dateOrderWarnings(undecidedChoice)[0].code // 'ambiguous-date-order'
 */
export function dateOrderWarnings(choice: DateOrderChoice): SchemaWarning[] {
  const { column, evidence } = choice
  if (choice.isRequired) {
    const message =
      evidence.dayFirst > 0
        ? `"${column}" has as many dates that can only be read day first (such as ${evidence.examples['day-first']}) as month first (such as ${evidence.examples['month-first']}): choose the order before the import starts.`
        : `Dates in "${column}" such as ${evidence.examples.either} can be read day first or month first, and no value in the file decides: choose the order before the import starts.`
    return [{ code: 'ambiguous-date-order', field: column, message }]
  }
  if (choice.decided === undefined) return []
  const against = valuesAgainstOrder(evidence, choice.decided)
  if (against.count === 0) return []
  const order = DATE_ORDER_WORDS[choice.decided]
  const why =
    choice.decidedBy === 'user'
      ? 'the order chosen for the column'
      : `the order ${values(Math.max(evidence.dayFirst, evidence.monthFirst))} such as ${evidence.examples[PROVING[choice.decided]]} decide`
  const fix =
    choice.decidedBy === 'user' ? 'Correct them in the file, or choose another order.' : 'Correct them in the file.'
  return [
    {
      code: 'conflicting-date-order',
      field: column,
      message: `${values(against.count)} in "${column}" such as ${against.example} cannot be read ${order}, ${why}: they will be row errors. ${fix}`,
    },
  ]
}
