import { parseMonthName } from '@chronotope/dates'
import type { DateFormatKind, DateOrder } from '@chronotope/dates'

import { roleScore } from './column-profile'
import type { ColumnProfile } from './column-profile'
import type { EventMapping, FieldRole, SchemaWarning } from './types'

/** Share of a part column's values that must look right (month names, 1–31, times of day). */
const PART_SHARE = 0.95
const TIME_OF_DAY = /^(?:[01]?\d|2[0-3])[:.h][0-5]\d(?:[:.][0-5]\d(?:[.,]\d+)?)?\s*(?:[ap]\.?\s?m\.?)?$/i

/** Time fields found: the mapping's start and end, the roles of the columns used, warnings. */
export interface TimeDetection {
  startTime?: EventMapping['startTime']
  endTime?: EventMapping['endTime']
  dateOrder?: DateOrder
  roles: Map<string, FieldRole>
  warnings: SchemaWarning[]
}

function share(profile: ColumnProfile, predicate: (value: string) => boolean): number {
  const samples = profile.figures.samples
  if (samples.length === 0) return 0
  let matching = 0
  for (const sample of samples) if (predicate(sample)) matching++
  return matching / samples.length
}

function isIntegerWithin(profile: ColumnProfile, min: number, max: number): boolean {
  const { type, numbers } = profile.decision
  return type === 'integer' && numbers.min !== null && numbers.max !== null && numbers.min >= min && numbers.max <= max
}

function isYearPart(profile: ColumnProfile): boolean {
  return roleScore(profile, 'year') > 0 && (profile.decision.isYearColumn || isIntegerWithin(profile, -9999, 9999))
}

function isMonthPart(profile: ColumnProfile): boolean {
  if (roleScore(profile, 'month') === 0) return false
  return isIntegerWithin(profile, 1, 12) || share(profile, (value) => parseMonthName(value) !== undefined) >= PART_SHARE
}

function isDayPart(profile: ColumnProfile): boolean {
  return roleScore(profile, 'day') > 0 && isIntegerWithin(profile, 1, 31)
}

function isTimePart(profile: ColumnProfile): boolean {
  return (
    roleScore(profile, 'time') > 0 &&
    profile.decision.type !== 'date' &&
    share(profile, (value) => TIME_OF_DAY.test(value)) >= PART_SHARE
  )
}

function startScore(profile: ColumnProfile): number {
  return Math.max(roleScore(profile, 'start-time'), roleScore(profile, 'time'))
}

function dateFieldMapping(profile: ColumnProfile): { field: string; kind?: DateFormatKind } {
  const kind = profile.decision.dateFormat?.kind
  return kind === undefined ? { field: profile.name } : { field: profile.name, kind }
}

/**
 * Finds the event's time columns: the best-named date column is the start (`date`, `start`,
 * `datum`, `fecha`…; else the first date column), an end-named one (`end`, `until`, `bis`…) the
 * end. Without a date column, split `year`/`month`/`day`/`time` columns form the start.
 * @example detectTimeFields(profilesOf('police-killings')).startTime // { parts: { year: 'year', month: 'month', day: 'day' } }
 */
export function detectTimeFields(profiles: readonly ColumnProfile[], claimed: ReadonlySet<string>): TimeDetection {
  const roles = new Map<string, FieldRole>()
  const warnings: SchemaWarning[] = []
  const available = profiles.filter((profile) => !claimed.has(profile.name))
  const dateColumns = available.filter((profile) => profile.decision.type === 'date')
  const isEndNamed = (profile: ColumnProfile): boolean => {
    const end = roleScore(profile, 'end-time')
    return end > 0 && end >= startScore(profile)
  }
  const starts = dateColumns.filter((profile) => !isEndNamed(profile)).sort((a, b) => startScore(b) - startScore(a))
  const ends = dateColumns.filter(isEndNamed).sort((a, b) => roleScore(b, 'end-time') - roleScore(a, 'end-time'))
  const start = starts[0]
  const end = start === undefined ? undefined : ends[0]

  const year = available.find(isYearPart)
  const month = available.find(isMonthPart)
  const day = available.find(isDayPart)
  const time = available.find(isTimePart)
  for (const [part, role] of [
    [year, 'year'],
    [month, 'month'],
    [day, 'day'],
    [time, 'time'],
  ] as const) {
    if (part !== undefined && part !== start) roles.set(part.name, role)
  }

  const result: TimeDetection = { roles, warnings }
  if (start !== undefined) {
    roles.set(start.name, 'start-time')
    result.startTime = dateFieldMapping(start)
    const order = start.decision.dateFormat?.order
    if (order !== undefined) result.dateOrder = order
    if (end !== undefined) {
      roles.set(end.name, 'end-time')
      result.endTime = dateFieldMapping(end)
    }
  } else if (year !== undefined) {
    result.startTime = {
      parts: {
        year: year.name,
        ...(month ? { month: month.name } : {}),
        ...(month && day ? { day: day.name } : {}),
        ...(month && day && time ? { time: time.name } : {}),
      },
    }
  } else {
    warnings.push({
      code: 'no-time-field',
      message:
        'No date column was found (nor year/month/day columns): events will have no time unless you choose a column.',
    })
  }
  return result
}
