import type { FileFormat } from './types'

/**
 * The canonical MIME type of each format.
 * @example MIME_TYPES.xlsx // 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'
 */
export const MIME_TYPES: Readonly<Record<FileFormat, string>> = Object.freeze({
  csv: 'text/csv',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  xls: 'application/vnd.ms-excel',
  ods: 'application/vnd.oasis.opendocument.spreadsheet',
  json: 'application/json',
  geojson: 'application/geo+json',
})

/** MIME type of tab-separated text (a CSV whose delimiter is a tab). */
export const TSV_MIME_TYPE = 'text/tab-separated-values'

/** MIME type of newline-delimited JSON. */
export const NDJSON_MIME_TYPE = 'application/x-ndjson'
