/**
 * Chronotope's file readers: the format detector service and the streaming readers that turn an
 * uploaded file (CSV/TSV, XLSX, XLS, ODS, JSON/NDJSON, GeoJSON) into batches of source rows,
 * with memory that stays flat for files of any size and clear errors for broken or hostile files.
 *
 * ```ts
 * const detection = await detectFileFormat(path)
 * for await (const batch of readRows(path, detection, { batchSize: 1000 })) { ... }
 * ```
 * @module
 */
export type {
  CellValue,
  FileFormat,
  FilePreview,
  FormatDetectionResult,
  Geometry,
  LngLat,
  Position,
  ReadLimits,
  ReadOptions,
  RowIssue,
  SheetInfo,
  SourceRow,
  TextEncoding,
} from './types'
export {
  FileTooLarge,
  type FileLocation,
  MalformedFile,
  SheetNotFound,
  TooManyColumns,
  TooManySheets,
  UnsupportedFormat,
  ZipBombDetected,
} from './errors'
export { DEFAULT_READ_LIMITS, resolveLimits } from './limits'
export { MIME_TYPES, NDJSON_MIME_TYPE, TSV_MIME_TYPE } from './mime-types'
export { detectFormat, type FormatEvidence } from './detect-format'
export { detectFileFormat, HEAD_BYTES } from './detect-file-format'
export { listSheets } from './list-sheets'
export { DEFAULT_BATCH_SIZE, readHeaders, readRows } from './read-rows'
export { DEFAULT_PREVIEW_ROWS, previewFile } from './preview'
export { normalizeHeaders } from './headers'
export { excelSerialToIso } from './excel-date'
export { geometryCentroid } from './geojson/centroid'
export { validateGeometry, type GeometryCheck } from './geojson/validate-geometry'
export { jsonDepthExceeds, MAX_JSON_DEPTH } from './bounds/json-depth'
export { CUT_MARK, jsonBytes, jsonBytesAtMost, shortenText } from './bounds/json-bytes'
export { boundGeometry, type GeometryBounding } from './bounds/simplify-geometry'
export {
  boundEventData,
  boundValues,
  type BoundedEventData,
  CUT_KEY,
  EVENT_BOUNDS,
  type EventCuts,
  GEOMETRY_KEY,
} from './bounds/bound-event-data'
