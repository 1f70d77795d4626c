/**
 * Utilities: dates as people write them, the file readers, the read API's filter state, the health
 * check, the logger's options, slugs, and the stores that hold the event index and the uploaded
 * files.
 * @module utilities
 */
export {
  parseDate,
  tryParseDate,
  formatHistoricalDate,
  formatHistoricalYear,
  inferDateFormat,
} from '../../../packages/dates/src'
export { detectFileFormat, readRows, readHeaders, listSheets, previewFile } from '../../../packages/file-readers/src'
export { parseFilterState, filterStateKey } from '../../../packages/filters/src'
export { checkHealth } from '../../web/src/lib/health/check-health'
export * from '../../web/src/lib/slug'
export { EventIndexStore } from '../../web/src/lib/events-read/event-index/event-index-store'
export * from '../../web/src/lib/import/store-import-file'
export * from '../../web/src/lib/logger'
