/** A file format Chronotope can import rows from. */
export type FileFormat = 'csv' | 'xlsx' | 'xls' | 'ods' | 'json' | 'geojson'

/** A text encoding the readers decode (text formats only). */
export type TextEncoding = 'utf-8' | 'utf-16le' | 'utf-16be' | 'windows-1252'

/**
 * Product type "format detection result": what a file is, decided from its content.
 * @example { format: 'csv', mimeType: 'text/csv', encoding: 'utf-8', hasBom: false, delimiter: ',', quote: '"', reason: 'text with 6 ","-separated columns' }
 */
export interface FormatDetectionResult {
  /** The detected format. */
  format: FileFormat
  /** The canonical MIME type of the detected format. */
  mimeType: string
  /** Text formats only: the character encoding. */
  encoding?: TextEncoding
  /** Text formats only: whether the file starts with a byte order mark. */
  hasBom?: boolean
  /** CSV only: the cell delimiter sniffed from content (`,`, `;`, `\t`, `|`). */
  delimiter?: string
  /** CSV only: the quote character, usually `"`. */
  quote?: string
  /**
   * UTF-8 text only: bytes in the sampled head that are not valid UTF-8; the readers decode each
   * one as its windows-1252 character.
   */
  invalidByteCount?: number
  /** How many bytes of the file the detection looked at (the head). */
  sampledBytes?: number
  /** Human explanation of the decision, e.g. `zip archive with xl/workbook.xml`. */
  reason: string
}

/** One sheet of a workbook; CSV, JSON and GeoJSON files have exactly one. */
export interface SheetInfo {
  /** 0-based position of the sheet in the workbook. */
  index: number
  /** The sheet's name as the user sees it (the file name's stem for single-sheet formats). */
  name: string
}

/** The value of one cell: text, number, boolean or empty. Dates are ISO strings. */
export type CellValue = string | number | boolean | null

/** A problem a reader saw in one row; the row is still yielded. */
export interface RowIssue {
  /** Machine-readable kind: `extra-cells`, `missing-cells`, `unterminated-quote`, `invalid-geometry`, `cell-error`, `not-an-object`, `invalid-json`, ... */
  code: 'extra-cells' | 'missing-cells' | 'unterminated-quote' | 'invalid-geometry' | (string & {})
  /** Human explanation naming the row, the column and the value where known. */
  message: string
}

/** A GeoJSON position: `[longitude, latitude]` or `[longitude, latitude, altitude]`, in degrees. */
export type Position = number[]

/** A GeoJSON geometry object as found in the file (not validated beyond its `type`). */
export type Geometry =
  | { type: 'Point'; coordinates: Position }
  | { type: 'MultiPoint'; coordinates: Position[] }
  | { type: 'LineString'; coordinates: Position[] }
  | { type: 'MultiLineString'; coordinates: Position[][] }
  | { type: 'Polygon'; coordinates: Position[][] }
  | { type: 'MultiPolygon'; coordinates: Position[][][] }
  | { type: 'GeometryCollection'; geometries: Geometry[] }

/** A point on the earth in degrees (WGS 84). */
export interface LngLat {
  /** Degrees east, -180..180. */
  longitude: number
  /** Degrees north, -90..90. */
  latitude: number
}

/** One data row of a file, ready to become an event. */
export interface SourceRow {
  /** 1-based position among the data rows, records or features (the first data row is 1). */
  rowNumber: number
  /**
   * Where the row is in the source, 1-based: the line a CSV record or NDJSON object starts on, or
   * the spreadsheet row number in XLSX, XLS and ODS. Absent for JSON arrays and GeoJSON.
   */
  sourceRow?: number
  /** Cell values keyed by the (deduplicated) header names. */
  values: Record<string, CellValue>
  /** GeoJSON only: the feature's geometry, as in the file. */
  geometry?: Geometry
  /** GeoJSON only: the point itself, or the centroid of a line, polygon or multi-geometry. */
  centroid?: LngLat
  /** Problems the reader saw in this row (ragged row, truncated quote, bad geometry). */
  issues?: RowIssue[]
}

/** Safety limits that keep a hostile or broken file from exhausting memory or time. */
export interface ReadLimits {
  /** Most columns a row may have; more throws `TooManyColumns`. Default 2000. */
  maxColumns: number
  /** Most bytes (UTF-16 code units for text) one cell may hold; more throws `MalformedFile`. Default 1 MiB. */
  maxCellBytes: number
  /** Most bytes one zip entry may inflate to. Default 512 MiB. */
  maxUncompressedBytes: number
  /** Highest inflated/compressed ratio for zip entries over 10 MiB. Default 200. */
  maxCompressionRatio: number
  /** Most shared strings an XLSX workbook may hold. Default 5,000,000. */
  maxSharedStrings: number
  /** Largest legacy `.xls` file read, in bytes (it is parsed whole, in a worker). Default 50 MiB. */
  maxXlsBytes: number
  /** Most times one non-empty ODS row may be repeated. Default 100,000. */
  maxRepeatedRows: number
  /** Most sheets a workbook may list; listing stops and throws `TooManySheets` past it. Default 1000. */
  maxSheets: number
  /** Most entries a zip archive (XLSX, ODS) may have; checked before any is read. Default 10,000. */
  maxZipEntries: number
}

/** Options for reading headers and rows. */
export interface ReadOptions {
  /** The sheet, by 0-based index or name (default 0). */
  sheet?: number | string
  /** Rows per yielded batch (default 1000). */
  batchSize?: number
  /** Resume: rows with `rowNumber <= startAfterRow` are skipped cheaply (CSV still parses them). */
  startAfterRow?: number
  /** Overrides of the default {@link ReadLimits}. */
  limits?: Partial<ReadLimits>
  /** Aborts the read; the iterator then throws the signal's reason. */
  signal?: AbortSignal
}

/** What the import wizard shows before an import: format, sheets, headers and the first rows. */
export interface FilePreview {
  /** How the file was detected. */
  detection: FormatDetectionResult
  /** The sheets (one for single-sheet formats). */
  sheets: SheetInfo[]
  /** The header names of the previewed sheet. */
  headers: string[]
  /** The first data rows of the previewed sheet. */
  rows: SourceRow[]
}
