/** Formats the readers support, for error messages. */
const SUPPORTED = 'CSV/TSV, XLSX, XLS, ODS, JSON, NDJSON and GeoJSON'

/**
 * Thrown when a file is not a format Chronotope imports (PDF, image, archive, binary junk, empty).
 * @example new UnsupportedFormat('looks like a PDF document').message
 * // 'Unsupported file: looks like a PDF document. Supported formats: CSV/TSV, XLSX, XLS, ODS, JSON, NDJSON and GeoJSON'
 */
export class UnsupportedFormat extends Error {
  override readonly name = 'UnsupportedFormat'
  /** What the file looks like, e.g. `looks like a PNG image`. */
  readonly looksLike: string

  constructor(looksLike: string) {
    super(`Unsupported file: ${looksLike}. Supported formats: ${SUPPORTED}`)
    this.looksLike = looksLike
  }
}

/** Where in a file a {@link MalformedFile} problem is, as far as known. */
export interface FileLocation {
  /** 1-based data row number. */
  rowNumber?: number
  /** 0-based byte (or character, for decoded text) offset. */
  byteOffset?: number
  /** 1-based line. */
  line?: number
  /** 1-based column. */
  column?: number
  /** The zip entry or part of the file, e.g. `xl/worksheets/sheet1.xml`. */
  part?: string
}

/**
 * Thrown when a file of a supported format is broken: truncated zip, bad XML, JSON syntax error,
 * JSON that is not an array of objects or a FeatureCollection.
 * @example new MalformedFile('JSON syntax error: expected \':\'', { line: 3, column: 7 }).message
 * // "JSON syntax error: expected ':' (line 3, column 7)"
 */
export class MalformedFile extends Error {
  override readonly name = 'MalformedFile'
  /** 1-based data row number, when known. */
  readonly rowNumber?: number
  /** 0-based offset, when known. */
  readonly byteOffset?: number
  /** 1-based line, when known. */
  readonly line?: number
  /** 1-based column, when known. */
  readonly column?: number
  /** The zip entry or part, when known. */
  readonly part?: string

  constructor(problem: string, location: FileLocation = {}, options?: { cause?: unknown }) {
    super(`${problem}${describeLocation(location)}`, options)
    Object.assign(this, location)
  }
}

function describeLocation(location: FileLocation): string {
  const parts: string[] = []
  if (location.part !== undefined) parts.push(`in ${location.part}`)
  if (location.rowNumber !== undefined) parts.push(`row ${location.rowNumber}`)
  if (location.line !== undefined) parts.push(`line ${location.line}`)
  if (location.column !== undefined) parts.push(`column ${location.column}`)
  if (location.byteOffset !== undefined) parts.push(`offset ${location.byteOffset}`)
  return parts.length === 0 ? '' : ` (${parts.join(', ')})`
}

/**
 * Thrown when a zip entry (XLSX/ODS part) would inflate beyond the limits, or an ODS repeats a
 * non-empty row too often: the signature of a decompression bomb.
 * @example new ZipBombDetected('xl/worksheets/sheet1.xml declares 4294967295 bytes uncompressed; the limit is 536870912').message
 * // 'Refusing to read: xl/worksheets/sheet1.xml declares 4294967295 bytes uncompressed; the limit is 536870912'
 */
export class ZipBombDetected extends Error {
  override readonly name = 'ZipBombDetected'

  constructor(detail: string) {
    super(`Refusing to read: ${detail}`)
  }
}

/**
 * Thrown when a row has more columns than `limits.maxColumns`.
 * @example new TooManyColumns(10000, 2000, 1).message // 'Row 1 has 10000 columns; the limit is 2000'
 */
export class TooManyColumns extends Error {
  override readonly name = 'TooManyColumns'
  /** Columns seen (at least). */
  readonly columnCount: number
  /** The configured limit. */
  readonly limit: number

  constructor(columnCount: number, limit: number, sourceRow?: number) {
    const where = sourceRow === undefined ? 'A row' : `Row ${sourceRow}`
    super(`${where} has ${columnCount} columns; the limit is ${limit}`)
    this.columnCount = columnCount
    this.limit = limit
  }
}

/**
 * Thrown when a workbook lists more sheets than `limits.maxSheets`. Listing stops at the first
 * sheet past the limit, so `sheetCount` may be a lower bound (`isLowerBound`).
 * @example new TooManySheets(1001, 1000, true).message // 'The workbook has more than 1000 sheets; the limit is 1000'
 */
export class TooManySheets extends Error {
  override readonly name = 'TooManySheets'
  /** Sheets seen: all of them, or the first past the limit when `isLowerBound`. */
  readonly sheetCount: number
  /** The configured limit. */
  readonly limit: number
  /** Whether the workbook may list even more sheets than `sheetCount`. */
  readonly isLowerBound: boolean

  constructor(sheetCount: number, limit: number, isLowerBound = false) {
    const count = isLowerBound ? `more than ${sheetCount - 1}` : String(sheetCount)
    super(`The workbook has ${count} sheets; the limit is ${limit}`)
    this.sheetCount = sheetCount
    this.limit = limit
    this.isLowerBound = isLowerBound
  }
}

/**
 * Thrown when the requested sheet does not exist.
 * @example new SheetNotFound('Events', ['Sheet1', 'Notes']).message
 * // 'Sheet "Events" not found; the workbook has: "Sheet1", "Notes"'
 */
export class SheetNotFound extends Error {
  override readonly name = 'SheetNotFound'
  /** The index or name asked for. */
  readonly sheet: number | string

  constructor(sheet: number | string, available: readonly string[]) {
    const asked = typeof sheet === 'number' ? `index ${sheet}` : `"${sheet}"`
    super(`Sheet ${asked} not found; the workbook has: ${available.map((n) => `"${n}"`).join(', ') || 'no sheets'}`)
    this.sheet = sheet
  }
}

/**
 * Thrown when a file that must be parsed whole (legacy `.xls`) is larger than its limit.
 * @example new FileTooLarge('a.xls', 80_000_000, 52_428_800, 'Excel 97-2003 (.xls)').message
 * // 'a.xls is 80000000 bytes; Excel 97-2003 (.xls) files are read up to 52428800 bytes. Save it as .xlsx or CSV instead'
 */
export class FileTooLarge extends Error {
  override readonly name = 'FileTooLarge'

  constructor(path: string, size: number, limit: number, kind: string) {
    super(`${path} is ${size} bytes; ${kind} files are read up to ${limit} bytes. Save it as .xlsx or CSV instead`)
  }
}
