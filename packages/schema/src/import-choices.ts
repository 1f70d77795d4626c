import type { CoordinateOrder } from '@chronotope/coordinates'
import type { DateOrder } from '@chronotope/dates'

import { answerCoordinateOrderChoice, coordinateOrderWarnings } from './coordinate-order-choice'
import { answerDateOrderChoice, dateOrderWarnings } from './date-order-choice'
import type { DetectedSchema, ImportAnswers, ImportChoice, SchemaWarning } from './types'

/** Warning codes that describe a choice, and are rewritten whenever an answer changes it. */
const CHOICE_WARNING_CODES: ReadonlySet<string> = new Set([
  'ambiguous-date-order',
  'conflicting-date-order',
  'ambiguous-coordinate-order',
  'conflicting-coordinate-order',
])

/**
 * The user's answer to a choice, if any: a column's own answer wins over the all-columns one.
 * @example answerOf(dateChoice('Date'), { dateOrder: 'MDY', dateOrders: { Date: 'DMY' } }) // 'DMY'
 */
export function answerOf(choice: ImportChoice, answers: ImportAnswers): string | undefined {
  switch (choice.kind) {
    case 'date-order':
      return answers.dateOrders?.[choice.column] ?? answers.dateOrder
    case 'coordinate-order':
      return answers.coordinateOrders?.[choice.column]
  }
}

/**
 * The choices the import cannot start without: required and not answered.
 * @example unansweredChoices(schema.choices, {}).map((choice) => choice.column) // ['Date']
 */
export function unansweredChoices(choices: readonly ImportChoice[], answers: ImportAnswers): ImportChoice[] {
  return choices.filter((choice) => choice.isRequired && answerOf(choice, answers) === undefined)
}

/**
 * The warnings the choices give as they stand (an order to choose, values that will be row errors).
 * @example choiceWarnings(schema.choices)[0].code // 'ambiguous-date-order'
 */
export function choiceWarnings(choices: readonly ImportChoice[]): SchemaWarning[] {
  return choices.flatMap((choice) => {
    switch (choice.kind) {
      case 'date-order':
        return dateOrderWarnings(choice)
      case 'coordinate-order':
        return coordinateOrderWarnings(choice)
    }
  })
}

/**
 * The schema as the import applies it: each answer replaces its choice's decision; the date
 * fields, the mapping's `dateOrders` and `coordinateOrders` and the warnings follow, so everything describes what is
 * applied (never "month first is assumed" after the user chose day first). Unanswered choices
 * stay as detected.
 * @example applyImportAnswers(schema, { dateOrders: { Date: 'DMY' } }).mapping.dateOrders // { Date: 'DMY' }
 */
export function applyImportAnswers(schema: DetectedSchema, answers: ImportAnswers): DetectedSchema {
  const fields = schema.fields.map((field) => ({ ...field }))
  const choices = schema.choices.map((choice): ImportChoice => {
    const answer = answerOf(choice, answers)
    switch (choice.kind) {
      case 'date-order': {
        const field = fields.find((candidate) => candidate.name === choice.column)
        const answered =
          answer === undefined ? choice : answerDateOrderChoice(choice, answer as DateOrder, field?.dateFormat?.kind)
        if (field?.dateFormat !== undefined) {
          const { order: _detected, ...format } = field.dateFormat
          field.dateFormat = {
            ...format,
            ...(answered.decided !== undefined ? { order: answered.decided } : {}),
            isAmbiguousOrder: answered.isRequired,
          }
        }
        return answered
      }
      case 'coordinate-order':
        return answer === undefined ? choice : answerCoordinateOrderChoice(choice, answer as CoordinateOrder)
    }
  })
  const dateOrders: Record<string, DateOrder> = {}
  for (const choice of choices) {
    if (choice.kind === 'date-order' && choice.decided !== undefined) dateOrders[choice.column] = choice.decided
  }
  const coordinateOrders: Record<string, CoordinateOrder> = {}
  for (const choice of choices) {
    if (choice.kind === 'coordinate-order' && choice.decided !== undefined)
      coordinateOrders[choice.column] = choice.decided
  }
  const start = schema.mapping.startTime
  const startOrder = start && 'field' in start ? dateOrders[start.field] : undefined
  const { dateOrder: _detectedOrder, ...mapping } = schema.mapping
  const warnings = [
    ...schema.warnings.filter((warning) => !CHOICE_WARNING_CODES.has(warning.code)),
    ...choiceWarnings(choices),
  ]
  return {
    ...schema,
    fields,
    choices,
    warnings,
    mapping: {
      ...mapping,
      ...(startOrder ? { dateOrder: startOrder } : {}),
      dateOrders,
      ...(Object.keys(coordinateOrders).length > 0 ? { coordinateOrders } : {}),
    },
  }
}
