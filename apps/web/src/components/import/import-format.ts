/**
 * How the import UI writes sizes, durations, rates, percentages and stage names: short, in
 * English, with thousands separators, the way a journalist reads them.
 * @module
 */
import type { ImportStatus, ProcessingStage } from '@chronotope/import-stages'

import { countOf, formatCount } from '../../lib/text/format-number'

export { countOf, formatCount }

/**
 * A file size in bytes, as B, KB, MB or GB (1 KB = 1,024 bytes) with one decimal above 10 KB.
 * @example formatBytes(1536) // '1.5 KB'
 */
export function formatBytes(bytes: number): string {
  if (!Number.isFinite(bytes) || bytes < 0) return '–'
  if (bytes < 1024) return `${bytes} B`
  const units = ['KB', 'MB', 'GB', 'TB']
  let value = bytes / 1024
  let unit = 0
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024
    unit += 1
  }
  return `${value >= 100 ? Math.round(value) : Math.round(value * 10) / 10} ${units[unit]}`
}

/**
 * A remaining time in seconds, rounded up, as "45 s", "3 min 5 s" or "2 h 10 min".
 * @example formatDuration(185) // '3 min 5 s'
 */
export function formatDuration(seconds: number): string {
  if (!Number.isFinite(seconds) || seconds < 0) return '–'
  const whole = Math.ceil(seconds)
  if (whole < 60) return `${whole} s`
  const hours = Math.floor(whole / 3600)
  const minutes = Math.floor((whole % 3600) / 60)
  const rest = whole % 60
  if (hours > 0) return minutes > 0 ? `${hours} h ${minutes} min` : `${hours} h`
  return rest > 0 ? `${minutes} min ${rest} s` : `${minutes} min`
}

/**
 * A processing rate per second (rows, or places while geocoding): whole numbers from 10 up, one
 * decimal below.
 * @example formatRate(1234.4) // '1,234 rows/s'
 */
export function formatRate(perSecond: number, unit: 'rows' | 'places' = 'rows'): string {
  const value = perSecond >= 10 ? Math.round(perSecond) : Math.round(perSecond * 10) / 10
  return `${formatCount(value)} ${unit}/s`
}

/**
 * A value shortened to a number of characters, with an ellipsis when cut.
 * @example shorten('New Hampshire Federation of Republican Women', 24) // 'New Hampshire Federatio…'
 */
export function shorten(text: string, maxLength: number): string {
  return text.length <= maxLength ? text : `${text.slice(0, maxLength - 1).trimEnd()}…`
}

/**
 * A share from 0 to 1 as a percentage, with one decimal under 10 %, so 3 % of nulls stays visible.
 * @example formatShare(0.034) // '3.4 %'
 */
export function formatShare(share: number): string {
  const percent = share * 100
  const rounded = percent > 0 && percent < 10 ? Math.round(percent * 10) / 10 : Math.round(percent)
  return `${rounded} %`
}

const STAGE_LABELS: Record<ProcessingStage, string> = {
  'dataset-detection': 'Dataset detection',
  'schema-detection': 'Schema detection',
  'validate-schema': 'Schema validation',
  'awaiting-approval': 'Awaiting approval',
  'create-schema-version': 'Schema version',
  'analyze-duplicates': 'Analyze duplicates',
  'geocode-batch': 'Geocode places',
  'create-events': 'Create events',
  completed: 'Completed',
  failed: 'Failed',
}

/**
 * The name of a processing stage as the progress view shows it.
 * @example stageLabel('geocode-batch') // 'Geocode places'
 */
export function stageLabel(stage: ProcessingStage): string {
  return STAGE_LABELS[stage] ?? stage
}

const STATUS_LABELS: Record<ImportStatus, string> = {
  pending: 'Not started',
  processing: 'Importing',
  'awaiting-approval': 'Waiting for an editor',
  completed: 'Completed',
  failed: 'Failed',
  cancelled: 'Cancelled',
}

/**
 * The name of an import status as the progress view shows it.
 * @example statusLabel('awaiting-approval') // 'Waiting for an editor'
 */
export function statusLabel(status: ImportStatus): string {
  return STATUS_LABELS[status] ?? status
}

/**
 * A file name without its last extension, the default name of the dataset it becomes.
 * @example datasetNameFromFile('presidential-campaign-trail_trump.csv') // 'presidential-campaign-trail_trump'
 */
export function datasetNameFromFile(fileName: string): string {
  const stem = fileName.replace(/\.[^./\\]+$/, '').trim()
  return (stem || fileName).slice(0, 200)
}

/**
 * A cell value for the preview table: text as is, objects as JSON, empty cells as an empty string.
 * @example formatCell(null) // ''
 */
export function formatCell(value: unknown): string {
  if (value === null || value === undefined) return ''
  if (typeof value === 'string') return value
  if (typeof value === 'number' || typeof value === 'boolean' || typeof value === 'bigint') return String(value)
  return JSON.stringify(value) ?? ''
}
