import { MalformedFile, SheetNotFound, TooManyColumns, TooManySheets, ZipBombDetected } from '../errors'
import type { TableRow } from '../rows/table-row'
import type { CellValue, ReadLimits, SheetInfo } from '../types'
import { type XmlParser, parseXmlStream } from '../xml/parse-xml-stream'
import { ZipArchive } from '../zip/zip-archive'
import { odsCellValue } from './ods-values'

const CONTENT = 'content.xml'

/** Which tables to read and what has been seen so far. */
interface OdsScan {
  /** The sheet to read; undefined lists sheets only. */
  sheet: number | string | undefined
  /** Every table name met, in order. */
  names: string[]
  /** Set once the wanted table has closed. */
  isDone: boolean
}

function repeatCount(value: string | undefined): number {
  const count = Number(value ?? 1)
  return Number.isInteger(count) && count > 0 ? count : 1
}

function isWanted(scan: OdsScan, index: number, name: string): boolean {
  if (scan.sheet === undefined) return false
  return typeof scan.sheet === 'number' ? scan.sheet === index : scan.sheet === name
}

/**
 * Attaches handlers that turn the wanted `table:table` into rows. Repeated empty cells and rows
 * are only counted, never materialized (the classic ODS "bomb" is a million repeated empty rows).
 */
function attachOdsHandlers(parser: XmlParser, out: TableRow[], scan: OdsScan, limits: ReadLimits): void {
  let tableDepth = 0
  let isReading = false
  let rowNumber = 0
  let rowRepeat = 1
  let cells: CellValue[] = []
  let column = 0
  let cellAttributes: Record<string, string> | undefined
  let paragraphs: string[] = []
  let paragraph: string | undefined
  let annotationDepth = 0
  let cellTextLength = 0

  const appendText = (text: string): void => {
    if (paragraph === undefined || annotationDepth > 0) return
    paragraph += text
    cellTextLength += text.length
    if (cellTextLength > limits.maxCellBytes) {
      throw new MalformedFile(`A cell in row ${rowNumber} is longer than ${limits.maxCellBytes} characters`, {
        part: CONTENT,
      })
    }
  }

  parser.on('opentag', (tag) => {
    const attributes = tag.attributes
    if (tag.name === 'table:table') {
      tableDepth++
      if (tableDepth === 1) {
        if (scan.names.length >= limits.maxSheets) {
          throw new TooManySheets(scan.names.length + 1, limits.maxSheets, true)
        }
        const name = attributes['table:name'] ?? `Sheet${scan.names.length + 1}`
        isReading = isWanted(scan, scan.names.length, name)
        scan.names.push(name)
        rowNumber = 0
      }
      return
    }
    if (!isReading || tableDepth !== 1) return
    switch (tag.name) {
      case 'table:table-row':
        rowRepeat = repeatCount(attributes['table:number-rows-repeated'])
        cells = []
        column = 0
        break
      case 'table:table-cell':
      case 'table:covered-table-cell':
        cellAttributes = attributes
        paragraphs = []
        cellTextLength = 0
        break
      case 'office:annotation':
        annotationDepth++
        break
      case 'text:p':
      case 'text:h':
        if (cellAttributes !== undefined && annotationDepth === 0) paragraph = ''
        break
      case 'text:s':
        appendText(' '.repeat(Math.min(repeatCount(attributes['text:c']), limits.maxCellBytes)))
        break
      case 'text:tab':
        appendText('\t')
        break
      case 'text:line-break':
        appendText('\n')
        break
    }
  })

  parser.on('text', appendText)

  parser.on('closetag', (tag) => {
    if (tag.name === 'table:table') {
      tableDepth--
      if (tableDepth === 0 && isReading) {
        isReading = false
        scan.isDone = true
      }
      return
    }
    if (!isReading || tableDepth !== 1) return
    switch (tag.name) {
      case 'office:annotation':
        annotationDepth--
        break
      case 'text:p':
      case 'text:h':
        if (paragraph !== undefined) paragraphs.push(paragraph)
        paragraph = undefined
        break
      case 'table:table-cell':
      case 'table:covered-table-cell': {
        const attributes = cellAttributes ?? {}
        const repeat = repeatCount(attributes['table:number-columns-repeated'])
        const value = odsCellValue(attributes, paragraphs)
        if (value !== null) {
          if (column + repeat > limits.maxColumns)
            throw new TooManyColumns(column + repeat, limits.maxColumns, rowNumber + 1)
          for (let offset = 0; offset < repeat; offset++) cells[column + offset] = value
        }
        column += repeat
        cellAttributes = undefined
        break
      }
      case 'table:table-row': {
        if (cells.length > 0) {
          if (rowRepeat > limits.maxRepeatedRows) {
            throw new ZipBombDetected(
              `row ${rowNumber + 1} of sheet "${scan.names.at(-1)}" repeats ${rowRepeat} times; the limit is ${limits.maxRepeatedRows}`,
            )
          }
          for (let offset = 1; offset <= rowRepeat; offset++) out.push({ cells, sourceRow: rowNumber + offset })
        }
        rowNumber += rowRepeat
        break
      }
    }
  })
}

async function* scanContent(path: string, scan: OdsScan, limits: ReadLimits): AsyncGenerator<TableRow[]> {
  const archive = await ZipArchive.open(path, limits)
  try {
    if (!archive.has(CONTENT)) throw new MalformedFile(`${path} is an OpenDocument file without ${CONTENT}`)
    const rows = parseXmlStream<TableRow>(archive.read(CONTENT, limits), CONTENT, (parser, out) =>
      attachOdsHandlers(parser, out, scan, limits),
    )
    for await (const batch of rows) {
      yield batch
      // The wanted sheet is complete: stop inflating the rest of the workbook.
      if (scan.isDone) return
    }
  } finally {
    archive.close()
  }
}

/**
 * Lists the sheets (`table:table` elements) of an ODS spreadsheet, in order.
 * @throws {@link TooManySheets} past `limits.maxSheets` (it stops reading there)
 * @example await listOdsSheets('events.ods', limits) // [{ index: 0, name: 'Events' }]
 */
export async function listOdsSheets(path: string, limits: ReadLimits): Promise<SheetInfo[]> {
  const scan: OdsScan = { sheet: undefined, names: [], isDone: false }
  for await (const _ of scanContent(path, scan, limits)) {
    // Listing only collects names.
  }
  return scan.names.map((name, index) => ({ index, name }))
}

/**
 * Streams one sheet of an ODS spreadsheet as table rows (header row included).
 * @throws {@link SheetNotFound} when no table matches; {@link ZipBombDetected} for a non-empty
 * row repeated more than `limits.maxRepeatedRows` times; {@link TooManyColumns}
 * @example for await (const rows of readOdsTable('events.ods', 0, limits)) rows[0]?.cells // ['date', 'city']
 */
export async function* readOdsTable(
  path: string,
  sheet: number | string | undefined,
  limits: ReadLimits,
): AsyncGenerator<TableRow[]> {
  const scan: OdsScan = { sheet: sheet ?? 0, names: [], isDone: false }
  let isFound = false
  for await (const rows of scanContent(path, scan, limits)) {
    isFound = true
    yield rows
  }
  if (!isFound && !scan.isDone) {
    const wanted = scan.sheet ?? 0
    const index =
      typeof wanted === 'number' ? wanted : scan.names.findIndex((name) => name.toLowerCase() === wanted.toLowerCase())
    // A case-insensitive name match reads that sheet instead.
    if (typeof wanted === 'string' && index !== -1) {
      yield* readOdsTable(path, index, limits)
      return
    }
    throw new SheetNotFound(wanted, scan.names)
  }
}
