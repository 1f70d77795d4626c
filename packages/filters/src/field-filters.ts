import { FilterParameterError, quoteValue } from './filter-parameter-error'

/**
 * A condition on one field of the events' data: one of a list of values (compared as text), or a
 * numeric range whose bounds are inclusive and optional.
 */
export type FieldFilter = { kind: 'values'; values: string[] } | { kind: 'range'; min?: number; max?: number }

/** The most fields one `filters` parameter may name. */
export const MAX_FILTERED_FIELDS = 20
/** The most values one field's list may hold. */
export const MAX_FIELD_VALUES = 100
/** The longest value, in characters (code points). */
export const MAX_FIELD_VALUE_LENGTH = 200
/** The deepest field path, in segments (`address.city` has two). */
export const MAX_FIELD_PATH_SEGMENTS = 10

/** One segment of a field path: letters, digits, `_`, space and `-`, 1 to 64 of them. */
const PATH_SEGMENT = /^[A-Za-z0-9_ -]{1,64}$/
const PARAMETER = 'filters'

/**
 * Checks a field path of the events' data: segments of 1–64 letters, digits, `_`, spaces or `-`,
 * separated by `.` (`address.city`), at most 10 segments.
 * @returns why the path is refused, or undefined when it is fine
 * @example fieldPathProblem('address.city') // undefined
 * @example fieldPathProblem("'; drop table") // 'field path "\'; drop table" may only hold letters, digits, _, space and - in segments of 1 to 64, separated by .'
 */
export function fieldPathProblem(path: string): string | undefined {
  const segments = path.split('.')
  if (segments.length > MAX_FIELD_PATH_SEGMENTS) {
    return `field path ${quoteValue(path)} has ${segments.length} segments; the most is ${MAX_FIELD_PATH_SEGMENTS}`
  }
  if (segments.every((segment) => PATH_SEGMENT.test(segment))) return undefined
  return `field path ${quoteValue(path)} may only hold letters, digits, _, space and - in segments of 1 to 64, separated by .`
}

/**
 * Reads the `filters` parameter, a JSON object from field path to condition:
 * `{"type":["a","b"],"age":{"min":1,"max":5}}`. An array lists accepted values (numbers and
 * booleans become text: `[1, true]` → `['1', 'true']`), deduplicated and sorted; an object with
 * `min` and/or `max` is an inclusive numeric range. Fields come back sorted by path.
 * @throws {@link FilterParameterError} (parameter `filters`) naming the field and the rule broken
 * @example parseFieldFilters('{"type":["b","a"]}') // { type: { kind: 'values', values: ['a', 'b'] } }
 */
export function parseFieldFilters(text: string): Record<string, FieldFilter> {
  const json = parseJson(text)
  if (typeof json !== 'object' || json === null || Array.isArray(json)) {
    throw new FilterParameterError(
      PARAMETER,
      `must be a JSON object such as {"type":["a","b"],"age":{"min":1}}; got ${quoteValue(text)}`,
    )
  }
  const entries = Object.entries(json)
  if (entries.length > MAX_FILTERED_FIELDS) {
    throw new FilterParameterError(PARAMETER, `names ${entries.length} fields; the most is ${MAX_FILTERED_FIELDS}`)
  }
  const filters = entries.map(([path, condition]): [string, FieldFilter] => {
    const problem = fieldPathProblem(path)
    if (problem !== undefined) throw new FilterParameterError(PARAMETER, problem)
    return [path, readCondition(path, condition)]
  })
  // fromEntries defines own properties, so a field named __proto__ stays a field.
  return Object.fromEntries(filters.sort(([a], [b]) => compareText(a, b)))
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text)
  } catch (error) {
    const detail = error instanceof SyntaxError ? ` (${error.message})` : ''
    throw new FilterParameterError(
      PARAMETER,
      `must be a JSON object such as {"type":["a","b"]}; got invalid JSON${detail}`,
    )
  }
}

function readCondition(path: string, condition: unknown): FieldFilter {
  if (Array.isArray(condition)) return { kind: 'values', values: readValues(path, condition) }
  if (typeof condition === 'object' && condition !== null) return readRange(path, condition as Record<string, unknown>)
  throw new FilterParameterError(
    PARAMETER,
    `${quoteValue(path)} must be a list of values or {"min":…,"max":…}; got ${quoteValue(JSON.stringify(condition) ?? 'undefined')}`,
  )
}

function readValues(path: string, list: unknown[]): string[] {
  if (list.length === 0) throw new FilterParameterError(PARAMETER, `${quoteValue(path)} needs at least one value`)
  if (list.length > MAX_FIELD_VALUES) {
    throw new FilterParameterError(
      PARAMETER,
      `${quoteValue(path)} lists ${list.length} values; the most is ${MAX_FIELD_VALUES}`,
    )
  }
  const values = list.map((item) => {
    const value = valueText(item)
    if (value === undefined) {
      throw new FilterParameterError(
        PARAMETER,
        `${quoteValue(path)} values must be text, numbers or booleans; got ${quoteValue(JSON.stringify(item))}`,
      )
    }
    if ([...value].length > MAX_FIELD_VALUE_LENGTH) {
      throw new FilterParameterError(
        PARAMETER,
        `${quoteValue(path)} has a value longer than ${MAX_FIELD_VALUE_LENGTH} characters: ${quoteValue(value)}`,
      )
    }
    // PostgreSQL text cannot hold NUL.
    if (value.includes('\u0000'))
      throw new FilterParameterError(PARAMETER, `${quoteValue(path)} has a value with a NUL character`)
    return value
  })
  return [...new Set(values)].sort(compareText)
}

function valueText(item: unknown): string | undefined {
  if (typeof item === 'string') return item
  if (typeof item === 'boolean') return String(item)
  if (typeof item === 'number' && Number.isFinite(item)) return String(item)
  return undefined
}

function readRange(path: string, range: Record<string, unknown>): FieldFilter {
  const extra = Object.keys(range).filter((key) => key !== 'min' && key !== 'max')
  if (extra.length > 0) {
    throw new FilterParameterError(
      PARAMETER,
      `${quoteValue(path)} range may only have min and max; got ${extra.map(quoteValue).join(', ')}`,
    )
  }
  const min = readBound(path, 'min', range.min)
  const max = readBound(path, 'max', range.max)
  if (min === undefined && max === undefined)
    throw new FilterParameterError(PARAMETER, `${quoteValue(path)} range needs min, max or both`)
  if (min !== undefined && max !== undefined && min > max) {
    throw new FilterParameterError(PARAMETER, `${quoteValue(path)} min (${min}) must not be greater than max (${max})`)
  }
  return { kind: 'range', ...(min === undefined ? {} : { min }), ...(max === undefined ? {} : { max }) }
}

function readBound(path: string, bound: 'min' | 'max', value: unknown): number | undefined {
  if (value === undefined) return undefined
  // JSON.parse reads 1e999 as Infinity.
  if (typeof value !== 'number' || !Number.isFinite(value)) {
    throw new FilterParameterError(
      PARAMETER,
      `${quoteValue(path)} ${bound} must be a finite number; got ${quoteValue(JSON.stringify(value) ?? typeof value)}`,
    )
  }
  return value + 0
}

/** Code-unit order: the same on every machine, unlike localeCompare. */
function compareText(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0
}

/**
 * Writes field filters as the `filters` parameter reads them, fields and values in a stable order.
 * @example encodeFieldFilters({ age: { kind: 'range', min: 1 } }) // '{"age":{"min":1}}'
 */
export function encodeFieldFilters(fields: Record<string, FieldFilter>): string {
  const entries = Object.entries(fields)
    .sort(([a], [b]) => compareText(a, b))
    .map(([path, filter]): [string, unknown] => [
      path,
      filter.kind === 'values'
        ? [...new Set(filter.values)].sort(compareText)
        : {
            ...(filter.min === undefined ? {} : { min: filter.min }),
            ...(filter.max === undefined ? {} : { max: filter.max }),
          },
    ])
  return JSON.stringify(Object.fromEntries(entries))
}
