import { tryParseCoordinate } from '@chronotope/coordinates'
import { InvalidDate, parseDate, tryParseDate } from '@chronotope/dates'
import type { DateOrder, ParseDateOptions } from '@chronotope/dates'

import { parseBooleanWord } from './boolean-words'
import { readCell } from './cell-value'
import type { CellValue, Row } from './cell-value'
import { describeDateProblem } from './date-problem'
import { UnknownFieldType } from './errors'
import { isNullMarker } from './null-markers'
import { parseNumberText } from './number-text'
import { shortenValue } from './row-error'
import type { RowError } from './row-error'
import { numbersOptionForKind } from './statistics/field-statistics'
import type { SchemaField } from './types'

/** A value converted to its field's type (dates become ISO strings). */
export type TypedValue = string | number | boolean | null

/** One row converted to its fields' types, with an error for each value that did not fit. */
export interface TransformedRow {
  values: Record<string, TypedValue>
  errors: RowError[]
}

/** Options of {@link createRowTransformer}. */
export interface RowTransformerOptions {
  /** Order of numeric dates by column, overriding the field's own (`dateFormat.order`). */
  dateOrders?: Readonly<Record<string, DateOrder>>
  /** Order of every column's numeric dates, where `dateOrders` names none. */
  dateOrder?: DateOrder
}

/** Marks a value that does not fit its type. */
const INVALID = Symbol('invalid')
type Converted = TypedValue | typeof INVALID
type Converter = (cell: CellValue) => Converted

interface CompiledField {
  name: string
  convert: Converter
  code: string
  explain: (text: string) => string
}

/** Text of a cell, or null for empty cells and null markers. */
function presentText(cell: CellValue): string | null {
  if (cell === null) return null
  if (typeof cell !== 'string') return String(cell)
  const text = cell.trim()
  return text.length === 0 || isNullMarker(text) ? null : text
}

function compileField(field: SchemaField, options: RowTransformerOptions): CompiledField {
  const name = field.name
  const separator = field.decimalSeparator ?? '.'
  switch (field.type) {
    case 'string':
    case 'enum':
    case 'id':
    case 'mixed':
      return { name, convert: presentText, code: '', explain: () => '' }
    case 'integer':
    case 'number': {
      const isInteger = field.type === 'integer'
      const kind = isInteger ? 'an integer' : 'a number'
      return {
        name,
        code: `invalid-${field.type}`,
        explain: (text) => `"${shortenValue(text)}" is not ${kind} (decimal separator "${separator}")`,
        convert: (cell) => {
          if (typeof cell === 'number')
            return Number.isFinite(cell) && (!isInteger || Number.isInteger(cell)) ? cell : INVALID
          const text = presentText(cell)
          if (text === null) return null
          const value = parseNumberText(text, separator)
          return value === undefined || (isInteger && !Number.isInteger(value)) ? INVALID : value
        },
      }
    }
    case 'boolean':
      return {
        name,
        code: 'invalid-boolean',
        explain: (text) => `"${shortenValue(text)}" is not a yes/no value (true/false, yes/no, 1/0…)`,
        convert: (cell) => {
          if (typeof cell === 'boolean') return cell
          if (typeof cell === 'number') return cell === 1 ? true : cell === 0 ? false : INVALID
          const text = presentText(cell)
          if (text === null) return null
          if (text === '1') return true
          if (text === '0') return false
          return parseBooleanWord(text) ?? INVALID
        },
      }
    case 'date': {
      // A value that reads both ways in a column without an order is a row error, never a guess.
      const parseOptions: ParseDateOptions = { onAmbiguousOrder: 'reject' }
      const order = options.dateOrders?.[name] ?? options.dateOrder ?? field.dateFormat?.order
      if (order !== undefined) parseOptions.order = order
      const numbers = numbersOptionForKind(field.dateFormat?.kind)
      if (numbers !== undefined) parseOptions.numbers = numbers
      return {
        name,
        code: 'invalid-date',
        explain: (text) => {
          try {
            parseDate(text, parseOptions)
          } catch (error) {
            if (error instanceof InvalidDate) return describeDateProblem(error, text, name, order)
            throw error
          }
          return `"${shortenValue(text)}" is not a date`
        },
        convert: (cell) => {
          if (typeof cell === 'boolean') return INVALID
          if (typeof cell === 'string' && presentText(cell) === null) return null
          if (cell === null) return null
          return tryParseDate(cell, parseOptions)?.iso ?? INVALID
        },
      }
    }
    case 'coordinate': {
      if (field.role !== 'latitude' && field.role !== 'longitude') {
        return { name, convert: presentText, code: '', explain: () => '' }
      }
      return {
        name,
        code: 'invalid-coordinate',
        explain: (text) => `"${shortenValue(text)}" is not a coordinate in degrees`,
        convert: (cell) => {
          if (typeof cell === 'number') return Number.isFinite(cell) ? cell : INVALID
          const text = presentText(cell)
          if (text === null) return null
          // Axis-free: a column-level lat/lon swap is the event extractor's business.
          return tryParseCoordinate(text) ?? INVALID
        },
      }
    }
    default:
      throw new UnknownFieldType(name, String((field as { type: unknown }).type))
  }
}

function setValue(values: Record<string, TypedValue>, name: string, value: TypedValue): void {
  // Plain assignment to "__proto__" would change the object's prototype instead.
  if (name === '__proto__')
    Object.defineProperty(values, name, { value, enumerable: true, writable: true, configurable: true })
  else values[name] = value
}

/**
 * Product service "type transformation": compiles one converter per field, then converts rows.
 * Numbers accept thousands separators, currency signs and `%` (`$1,200` → 1200, `12%` → 12)
 * with the field's decimal separator; booleans accept the words of `BOOLEAN_WORDS` and 1/0;
 * dates become ISO strings; null markers become `null` silently; a value that does not fit
 * becomes `null` with a row error `invalid-<type>` naming row, column and value.
 * @throws {@link UnknownFieldType} when a field's type is not a known `FieldType`
 * @example
 * const transform = createRowTransformer([{ name: 'n', type: 'integer', nullable: false, statistics }])
 * transform({ n: '1,234' }, 2) // { values: { n: 1234 }, errors: [] }
 */
export function createRowTransformer(
  fields: readonly SchemaField[],
  options: RowTransformerOptions = {},
): (values: Row, row: number) => TransformedRow {
  const compiled = fields.map((field) => compileField(field, options))
  return (row, rowNumber) => {
    const values: Record<string, TypedValue> = {}
    const errors: RowError[] = []
    for (const field of compiled) {
      const cell = readCell(row, field.name)
      const converted = field.convert(cell)
      if (converted !== INVALID) {
        setValue(values, field.name, converted)
        continue
      }
      setValue(values, field.name, null)
      const text = String(cell)
      errors.push({
        row: rowNumber,
        column: field.name,
        value: shortenValue(text),
        code: field.code,
        message: field.explain(text),
      })
    }
    return { values, errors }
  }
}
