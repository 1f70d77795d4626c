import {
  COORDINATE_ORDER_WORDS,
  coordinateValuesAgainstOrder,
  decideCoordinateOrder,
  formatCoordinateReading,
  PROVING_READING,
} from '@chronotope/coordinates'
import type { CoordinateOrder, CoordinateOrderTally } from '@chronotope/coordinates'

import { CHOICE_EXAMPLE_COUNT } from './date-order-choice'
import type { CoordinateOrderChoice, ImportChoiceExample, SchemaWarning } from './types'

function values(count: number): string {
  return count === 1 ? '1 value' : `${count} values`
}

/** Up to five distinct values: the telling ones first (proofs of each order, a value that fits both). */
function pickExamples(evidence: CoordinateOrderTally, samples: readonly string[], order?: CoordinateOrder): string[] {
  const { examples } = evidence
  const telling = [
    order ? examples[PROVING_READING[order]] : undefined,
    examples.either,
    examples['latitude-first'],
    examples['longitude-first'],
  ]
  const picked: string[] = []
  for (const value of [...telling, ...samples]) {
    if (value === undefined || picked.includes(value)) continue
    picked.push(value)
    if (picked.length === CHOICE_EXAMPLE_COUNT) break
  }
  return picked
}

function examplesOf(raws: readonly string[], order: CoordinateOrder | undefined): ImportChoiceExample[] {
  return raws.map((raw) => ({ raw, read: formatCoordinateReading(raw, order) }))
}

/**
 * The coordinate-order choice of a "lat, lon" pair column: latitude first or longitude first,
 * decided from the values that can only be read one way (a number beyond ±90 cannot be a
 * latitude), or required from the user when none decides (every value within ±90), with five
 * values as written and as read. Values with hemisphere letters, WKT and GeoJSON name their own
 * order and are not counted.
 * @param evidence - the column's tally over every value read
 * @param samples - distinct values of the column, for examples
 * @example createCoordinateOrderChoice('Location', tally, ['48.85, 2.35']).isRequired // true when no value decides
 */
export function createCoordinateOrderChoice(
  column: string,
  evidence: CoordinateOrderTally,
  samples: readonly string[],
): CoordinateOrderChoice {
  const decision = decideCoordinateOrder(evidence)
  const choice: CoordinateOrderChoice = {
    kind: 'coordinate-order',
    column,
    isRequired: decision.isAmbiguous,
    reason: decision.reason,
    examples: examplesOf(pickExamples(evidence, samples, decision.order), decision.order),
    evidence,
  }
  if (decision.order !== undefined) {
    choice.decided = decision.order
    choice.decidedBy = 'values'
  }
  return choice
}

/**
 * The choice with the user's answer applied: the reason says it was chosen and what the values make
 * of it, and the examples are read again in the chosen order.
 * @example answerCoordinateOrderChoice(choice, 'lon-lat').reason // 'longitude first, as chosen'
 */
export function answerCoordinateOrderChoice(
  choice: CoordinateOrderChoice,
  answer: CoordinateOrder,
): CoordinateOrderChoice {
  const { evidence } = choice
  const proofCount = answer === 'lat-lon' ? evidence.latitudeFirst : evidence.longitudeFirst
  const against = coordinateValuesAgainstOrder(evidence, answer)
  const notes = [
    proofCount > 0
      ? `${values(proofCount)} such as ${evidence.examples[PROVING_READING[answer]]} can only be read so`
      : undefined,
    against.count > 0
      ? `${values(against.count)} such as ${against.example} cannot be read ${COORDINATE_ORDER_WORDS[answer]} and will be row errors`
      : undefined,
  ].filter((note): note is string => note !== undefined)
  return {
    ...choice,
    decided: answer,
    decidedBy: 'user',
    isRequired: false,
    reason: [`${COORDINATE_ORDER_WORDS[answer]}, as chosen`, ...notes].join('; '),
    examples: examplesOf(
      choice.examples.map((example) => example.raw),
      answer,
    ),
  }
}

/**
 * What the user should know about a coordinate-order choice as it stands: an order that must be
 * chosen, or values that contradict the order applied and will be row errors.
 * @example coordinateOrderWarnings(undecidedChoice)[0].code // 'ambiguous-coordinate-order'
 */
export function coordinateOrderWarnings(choice: CoordinateOrderChoice): SchemaWarning[] {
  const { column, evidence } = choice
  if (choice.isRequired) {
    const message =
      evidence.latitudeFirst > 0
        ? `"${column}" has as many pairs that can only be read latitude first (such as ${evidence.examples['latitude-first']}) as longitude first (such as ${evidence.examples['longitude-first']}): choose the order before the import starts.`
        : `Pairs in "${column}" such as ${evidence.examples.either} can be read latitude first or longitude first (both numbers are within ±90), and no value in the file decides: choose the order before the import starts.`
    return [{ code: 'ambiguous-coordinate-order', field: column, message }]
  }
  if (choice.decided === undefined) return []
  const against = coordinateValuesAgainstOrder(evidence, choice.decided)
  if (against.count === 0) return []
  return [
    {
      code: 'conflicting-coordinate-order',
      field: column,
      message: `${values(against.count)} in "${column}" such as ${against.example} cannot be read ${COORDINATE_ORDER_WORDS[choice.decided]}, ${choice.decidedBy === 'user' ? 'the order chosen for the column' : 'the order the column’s values decide'}: they will be row errors.`,
    },
  ]
}
