import type { CellValue } from '../types'

/**
 * Normalizes an ODS `office:date-value` to `YYYY-MM-DD`, or `YYYY-MM-DDTHH:mm:ss` when it has a
 * time other than midnight (fractions of a second and zones are dropped).
 * @example odsDateToIso('2024-01-15T00:00:00') // '2024-01-15'
 * @example odsDateToIso('2024-01-15T10:30:00.5') // '2024-01-15T10:30:00'
 */
export function odsDateToIso(value: string): string {
  const match = /^(-?\d{4,}-\d{2}-\d{2})(?:T(\d{2}:\d{2}:\d{2}))?/.exec(value)
  if (match === null) return value
  const [, date, time] = match
  return time === undefined || time === '00:00:00' ? date! : `${date}T${time}`
}

/**
 * Converts an ODS `office:time-value` duration to `HH:mm:ss`.
 * @example odsTimeToIso('PT12H30M05S') // '12:30:05'
 */
export function odsTimeToIso(value: string): string {
  const match = /^-?P(?:(\d+)D)?T(?:(\d+)H)?(?:(\d+)M)?(?:([\d.]+)S)?$/.exec(value)
  if (match === null) return value
  const hours = Number(match[1] ?? 0) * 24 + Number(match[2] ?? 0)
  const pad = (part: number): string => String(part).padStart(2, '0')
  return `${pad(hours)}:${pad(Number(match[3] ?? 0))}:${pad(Math.floor(Number(match[4] ?? 0)))}`
}

/** The attributes of a `table:table-cell` that carry its value. */
export type OdsCellAttributes = Record<string, string | undefined>

/**
 * The value of an ODS cell from its `office:value-type` and value attributes, falling back to the
 * text of its paragraphs (joined by newlines). Empty → null.
 * @example odsCellValue({ 'office:value-type': 'float', 'office:value': '3.5' }, ['3,50']) // 3.5
 */
export function odsCellValue(attributes: OdsCellAttributes, paragraphs: readonly string[]): CellValue {
  const type = attributes['office:value-type'] ?? attributes['calcext:value-type']
  switch (type) {
    case 'float':
    case 'percentage':
    case 'currency': {
      const number = Number(attributes['office:value'])
      return Number.isNaN(number) ? paragraphs.join('\n') || null : number
    }
    case 'date':
      return attributes['office:date-value'] === undefined ? null : odsDateToIso(attributes['office:date-value'])
    case 'time':
      return attributes['office:time-value'] === undefined ? null : odsTimeToIso(attributes['office:time-value'])
    case 'boolean':
      return attributes['office:boolean-value'] === 'true'
    default: {
      const text = attributes['office:string-value'] ?? paragraphs.join('\n')
      return text === '' ? null : text
    }
  }
}
