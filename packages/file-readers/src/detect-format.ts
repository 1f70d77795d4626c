import { isBinary, knownBinaryKind } from './detect-binary'
import { UnsupportedFormat } from './errors'
import { scanJsonHead } from './json/scan-json-head'
import { MIME_TYPES, NDJSON_MIME_TYPE, TSV_MIME_TYPE } from './mime-types'
import { sniffDelimiter } from './csv/sniff-delimiter'
import { createTextDecoder } from './text/decode-text'
import { detectEncoding } from './text/detect-encoding'
import type { FormatDetectionResult } from './types'
import { readLocalZipEntries } from './zip/local-entries'

/** Extra facts {@link detectFileFormat} reads beyond the head (zip central directory, OLE directory). */
export interface FormatEvidence {
  /** All entry names from the zip central directory. */
  zipEntryNames?: readonly string[]
  /** Text of the zip's `mimetype` entry (OpenDocument). */
  zipMimetype?: string
  /** Bytes of the OLE compound file's first directory sector. */
  oleDirectory?: Uint8Array
}

const ZIP_MAGIC = [0x50, 0x4b, 0x03, 0x04]
const OLE_MAGIC = [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]
const ODS_MIMETYPE = 'application/vnd.oasis.opendocument.spreadsheet'

function startsWith(head: Uint8Array, magic: readonly number[]): boolean {
  return magic.every((byte, index) => head[index] === byte)
}

function extension(fileName: string | undefined): string {
  const match = /\.([^./\\]+)$/.exec(fileName ?? '')
  return match?.[1]?.toLowerCase() ?? ''
}

function result(
  format: FormatDetectionResult['format'],
  reason: string,
  extra: Partial<FormatDetectionResult> = {},
): FormatDetectionResult {
  return { format, mimeType: MIME_TYPES[format], ...extra, reason }
}

function detectZip(head: Uint8Array, fileName: string | undefined, evidence: FormatEvidence): FormatDetectionResult {
  const local = readLocalZipEntries(head)
  const names = evidence.zipEntryNames ?? local.map((entry) => entry.name)
  const mimetype = evidence.zipMimetype ?? local.find((entry) => entry.name === 'mimetype')?.content
  if (names.includes('xl/workbook.xml')) return result('xlsx', 'zip archive with xl/workbook.xml')
  if (mimetype?.trim() === ODS_MIMETYPE) return result('ods', `zip archive with mimetype ${ODS_MIMETYPE}`)
  if (mimetype?.startsWith('application/vnd.oasis.opendocument.')) {
    throw new UnsupportedFormat(`is an OpenDocument file of type ${mimetype.trim()}, not a spreadsheet`)
  }
  if (names.includes('xl/workbook.bin'))
    throw new UnsupportedFormat('is an Excel binary workbook (.xlsb); save it as .xlsx')
  if (names.includes('word/document.xml')) throw new UnsupportedFormat('looks like a Word document (.docx)')
  if (names.some((name) => name.startsWith('ppt/')))
    throw new UnsupportedFormat('looks like a PowerPoint presentation (.pptx)')
  // Only the head was seen: the workbook entry may come later, so the name breaks the tie.
  if (evidence.zipEntryNames === undefined) {
    if (extension(fileName) === 'xlsx' || names.some((name) => name.startsWith('xl/'))) {
      return result('xlsx', 'zip archive; xl/workbook.xml not in the first bytes, assumed from the name')
    }
    if (extension(fileName) === 'ods') return result('ods', 'zip archive; assumed OpenDocument from the name')
  }
  const shown = names.slice(0, 5).join(', ')
  throw new UnsupportedFormat(`is a zip archive without a spreadsheet (entries: ${shown || 'none'})`)
}

function hasUtf16Name(bytes: Uint8Array, name: string): boolean {
  const encoded = Buffer.from(name, 'utf16le')
  return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).includes(encoded)
}

function detectOle(head: Uint8Array, fileName: string | undefined, evidence: FormatEvidence): FormatDetectionResult {
  const directories = [head, evidence.oleDirectory ?? new Uint8Array(0)]
  const has = (name: string): boolean => directories.some((bytes) => hasUtf16Name(bytes, name))
  if (has('Workbook') || has('Book')) return result('xls', 'OLE compound file with a Workbook stream (Excel 97-2003)')
  if (has('WordDocument')) throw new UnsupportedFormat('looks like a Word 97-2003 document (.doc)')
  if (has('PowerPoint Document')) throw new UnsupportedFormat('looks like a PowerPoint 97-2003 presentation (.ppt)')
  if (['doc', 'ppt', 'msg', 'msi'].includes(extension(fileName))) {
    throw new UnsupportedFormat(`is an OLE compound file named .${extension(fileName)}, not a spreadsheet`)
  }
  return result('xls', 'OLE compound file (legacy Office); assumed Excel 97-2003')
}

function detectText(head: Uint8Array, fileName: string | undefined): FormatDetectionResult {
  const encoding = detectEncoding(head)
  const isUtf16 = encoding.encoding.startsWith('utf-16')
  if (!isUtf16 && isBinary(head)) {
    throw new UnsupportedFormat(`looks like binary data (control bytes in the first ${head.length} bytes)`)
  }
  const text = createTextDecoder(encoding.encoding).decode(head)
  const start = text.search(/\S/)
  if (start === -1) throw new UnsupportedFormat('contains only whitespace')
  const textFacts = {
    encoding: encoding.encoding,
    hasBom: encoding.hasBom,
    sampledBytes: head.length,
    ...(encoding.invalidByteCount > 0 ? { invalidByteCount: encoding.invalidByteCount } : {}),
  }
  const first = text[start]
  if (first === '{' || first === '[') {
    const scan = scanJsonHead(text.slice(start))
    if (scan.topLevelType === 'FeatureCollection' || scan.topLevelType === 'Feature') {
      return result('geojson', `JSON object of type ${scan.topLevelType} (${encoding.reason})`, textFacts)
    }
    const layout =
      scan.layout === 'ndjson'
        ? 'one JSON object per line (NDJSON)'
        : scan.layout === 'array'
          ? 'JSON array'
          : 'JSON object'
    const mimeType = scan.layout === 'ndjson' ? NDJSON_MIME_TYPE : MIME_TYPES.json
    return { ...result('json', `${layout} (${encoding.reason})`, textFacts), mimeType }
  }
  if (first === '<') throw new UnsupportedFormat('looks like an XML or HTML document')
  let delimiter = sniffDelimiter(text)
  const firstLine = text.slice(start).split(/\r\n|\n|\r/, 1)[0] ?? ''
  const hasDelimiter = firstLine.includes(delimiter)
  if (!hasDelimiter && ['tsv', 'tab'].includes(extension(fileName))) delimiter = '\t'
  const shownDelimiter = delimiter === '\t' ? 'tab' : `"${delimiter}"`
  const reason = hasDelimiter
    ? `text with ${shownDelimiter}-separated columns (${encoding.reason})`
    : `text with a single column (${encoding.reason})`
  return {
    ...result('csv', reason, { ...textFacts, delimiter, quote: '"' }),
    mimeType: delimiter === '\t' ? TSV_MIME_TYPE : MIME_TYPES.csv,
  }
}

/**
 * Decides a file's format from the bytes it starts with (the name only breaks ties): zip
 * entries → XLSX or ODS, OLE compound file → XLS, `{`/`[` → JSON or GeoJSON, other text → CSV
 * with its encoding and delimiter. `evidence` carries what {@link detectFileFormat} read beyond
 * the head.
 * @throws {@link UnsupportedFormat} for empty files, PDFs, images, archives and binary junk
 * @example detectFormat(new TextEncoder().encode('a;b\n1;2\n')).delimiter // ';'
 */
export function detectFormat(
  head: Uint8Array,
  fileName?: string,
  evidence: FormatEvidence = {},
): FormatDetectionResult {
  if (head.length === 0) throw new UnsupportedFormat('the file is empty')
  if (startsWith(head, ZIP_MAGIC)) return detectZip(head, fileName, evidence)
  if (startsWith(head, OLE_MAGIC)) return detectOle(head, fileName, evidence)
  const binaryKind = knownBinaryKind(head)
  if (binaryKind !== undefined) throw new UnsupportedFormat(binaryKind)
  return detectText(head, fileName)
}
