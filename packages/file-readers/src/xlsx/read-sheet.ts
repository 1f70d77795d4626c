import { MalformedFile, TooManyColumns } from '../errors'
import { excelSerialToIso } from '../excel-date'
import type { TableRow } from '../rows/table-row'
import type { CellValue, ReadLimits, RowIssue } from '../types'
import { localName, parseXmlStream } from '../xml/parse-xml-stream'
import { columnIndex } from './cell-reference'
import { decodeOoxmlEscapes } from './shared-strings'

/** What a sheet's cells need from the rest of the workbook. */
export interface SheetContext {
  /** The shared string table. */
  sharedStrings: readonly string[]
  /** Per cell style index: whether it displays a date. */
  dateStyles: readonly boolean[]
  /** Whether the workbook uses the 1904 date system. */
  is1904: boolean
  /** Safety limits. */
  limits: ReadLimits
}

/** The cell being read: its position, type, style and accumulated text. */
interface CellState {
  column: number
  type: string
  style: number
  reference: string
  value: string
  inlineText: string
}

/**
 * Converts a cell's raw `<v>`/inline text to a value by its type attribute `t`.
 * @example cellValue({ type: 'b', value: '1', ... }, context) // true
 */
function cellValue(cell: CellState, context: SheetContext, issues: RowIssue[]): CellValue {
  switch (cell.type) {
    case 's': {
      const value = context.sharedStrings[Number(cell.value)]
      return value ?? null
    }
    case 'inlineStr':
      return decodeOoxmlEscapes(cell.inlineText)
    case 'str':
      return decodeOoxmlEscapes(cell.value)
    case 'b':
      return cell.value === '1' || cell.value === 'true'
    case 'e':
      issues.push({
        code: 'cell-error',
        message: `Cell ${cell.reference} holds the error ${cell.value}; read as empty`,
      })
      return null
    case 'd':
      return cell.value === '' ? null : cell.value
    default: {
      if (cell.value === '') return null
      const number = Number(cell.value)
      if (Number.isNaN(number)) return cell.value
      if (context.dateStyles[cell.style] === true) return excelSerialToIso(number, context.is1904) ?? number
      return number
    }
  }
}

/**
 * Streams one worksheet's XML row by row into table rows. Cells are placed by their reference
 * (`B2` → column 1), so sparse rows keep their shape; formulas yield their cached value;
 * date-styled numbers become ISO strings; error cells become `null` with a `cell-error` issue.
 * @throws {@link TooManyColumns} for a cell beyond `limits.maxColumns`
 * @example // <row r="2"><c r="B2" t="s"><v>0</v></c></row> → { sourceRow: 2, cells: [, 'first shared string'] }
 */
export function readSheetRows(
  chunks: AsyncIterable<Uint8Array>,
  part: string,
  context: SheetContext,
): AsyncGenerator<TableRow[]> {
  const { maxColumns, maxCellBytes } = context.limits
  return parseXmlStream<TableRow>(chunks, part, (parser, out) => {
    let rowNumber = 0
    let cells: CellValue[] = []
    let issues: RowIssue[] = []
    let cell: CellState | undefined
    let textTarget: 'value' | 'inline' | undefined
    let phoneticDepth = 0
    let lastColumn = -1

    parser.on('opentag', (tag) => {
      switch (localName(tag.name)) {
        case 'row': {
          const declared = Number(tag.attributes.r)
          rowNumber = Number.isInteger(declared) && declared > 0 ? declared : rowNumber + 1
          cells = []
          issues = []
          lastColumn = -1
          break
        }
        case 'c': {
          const reference = tag.attributes.r ?? ''
          const declared = columnIndex(reference)
          const column = declared >= 0 ? declared : lastColumn + 1
          if (column >= maxColumns) throw new TooManyColumns(column + 1, maxColumns, rowNumber)
          lastColumn = column
          cell = {
            column,
            type: tag.attributes.t ?? 'n',
            style: Number(tag.attributes.s ?? 0),
            reference,
            value: '',
            inlineText: '',
          }
          break
        }
        case 'v':
          textTarget = 'value'
          break
        case 'rPh':
          phoneticDepth++
          break
        case 't':
          if (cell !== undefined && phoneticDepth === 0) textTarget = 'inline'
          break
      }
    })
    parser.on('text', (text) => {
      if (cell === undefined || textTarget === undefined) return
      if (textTarget === 'value') cell.value += text
      else cell.inlineText += text
      if (cell.value.length + cell.inlineText.length > maxCellBytes) {
        throw new MalformedFile(`Cell ${cell.reference} is longer than ${maxCellBytes} characters`, { part })
      }
    })
    parser.on('closetag', (tag) => {
      switch (localName(tag.name)) {
        case 'v':
        case 't':
          textTarget = undefined
          break
        case 'rPh':
          phoneticDepth--
          break
        case 'c':
          if (cell !== undefined) {
            if (cell.reference === '') cell.reference = `column ${cell.column + 1} of row ${rowNumber}`
            const value = cellValue(cell, context, issues)
            if (value !== null) cells[cell.column] = value
          }
          cell = undefined
          break
        case 'row':
          if (cells.length > 0 || issues.length > 0) {
            const row: TableRow = { cells, sourceRow: rowNumber }
            if (issues.length > 0) row.issues = issues
            out.push(row)
          }
          break
      }
    })
  })
}
