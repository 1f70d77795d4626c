import { MalformedFile, TooManyColumns } from '../errors'
import type { TableRow } from '../rows/table-row'

/** Options of {@link CsvParser}. */
export interface CsvParserOptions {
  /** Cell delimiter, one character. */
  delimiter: string
  /** Quote character, one character (default `"`). */
  quote?: string
  /** Most cells a record may have; more throws {@link TooManyColumns}. */
  maxColumns: number
  /** Most characters one cell may have; more throws {@link MalformedFile}. */
  maxCellBytes: number
}

const LF = 10
const CR = 13

// Parser states between characters.
const FIELD_START = 0
const UNQUOTED = 1
const QUOTED = 2
const QUOTE_IN_QUOTED = 3

/**
 * Streaming RFC 4180 parser: feed decoded text in chunks of any size, collect complete records
 * as table rows (cell texts, `''` for empty; `sourceRow` is the line the record starts on).
 * Handles quotes, `""` escapes, newlines inside quotes, CRLF/LF/CR, and a file that ends inside
 * a quote (the last row gets an `unterminated-quote` issue). Blank lines are dropped. A
 * hand-written char-code state machine: this is the hot loop of every CSV import (see
 * `bench/read-csv.ts`).
 * @example
 * const parser = new CsvParser({ delimiter: ',', maxColumns: 10, maxCellBytes: 100 })
 * const rows = []
 * parser.push('a,"b\n""c"""\r\n1,2', rows); parser.end(rows)
 * rows.map((row) => [row.sourceRow, row.cells]) // [[1, ['a', 'b\n"c"']], [3, ['1', '2']]]
 */
export class CsvParser {
  private readonly delimiter: number
  private readonly quote: number
  private readonly quoteText: string
  private readonly maxColumns: number
  private readonly maxCellBytes: number

  private state = FIELD_START
  private cells: string[] = []
  private cellCount = 0
  private partial = ''
  private line = 1
  private recordLine = 1
  private isAfterCr = false
  private lastQuotedCode = 0

  constructor(options: CsvParserOptions) {
    this.delimiter = options.delimiter.charCodeAt(0)
    this.quoteText = options.quote ?? '"'
    this.quote = this.quoteText.charCodeAt(0)
    this.maxColumns = options.maxColumns
    this.maxCellBytes = options.maxCellBytes
  }

  /** Parses the next chunk of text, appending every record it completes to `out`. */
  push(text: string, out: TableRow[]): void {
    const length = text.length
    const delimiter = this.delimiter
    const quote = this.quote
    let index = 0
    if (this.isAfterCr) {
      this.isAfterCr = false
      if (length > 0 && text.charCodeAt(0) === LF) index = 1
    }
    while (index < length) {
      const state = this.state
      if (state === FIELD_START) {
        if (text.charCodeAt(index) === quote) {
          this.state = QUOTED
          index++
          continue
        }
        this.state = UNQUOTED
      }
      if (this.state === UNQUOTED) {
        let end = index
        let code = 0
        while (end < length) {
          code = text.charCodeAt(end)
          if (code === delimiter || code === LF || code === CR) break
          end++
        }
        this.appendCell(text, index, end)
        if (end === length) return
        this.endCell()
        index = end + 1
        if (code === delimiter) {
          this.state = FIELD_START
          continue
        }
        index = this.endLine(text, end, code, out)
        continue
      }
      if (this.state === QUOTED) {
        const close = text.indexOf(this.quoteText, index)
        const end = close === -1 ? length : close
        this.countLines(text, index, end)
        this.appendCell(text, index, end)
        if (close === -1) return
        this.state = QUOTE_IN_QUOTED
        index = close + 1
        continue
      }
      // QUOTE_IN_QUOTED: the quote just seen is either an escape (`""`) or the closing quote.
      const code = text.charCodeAt(index)
      if (code === quote) {
        this.partial += this.quoteText
        this.state = QUOTED
        index++
      } else if (code === delimiter) {
        this.endCell()
        this.state = FIELD_START
        index++
      } else if (code === LF || code === CR) {
        this.endCell()
        index = this.endLine(text, index, code, out)
      } else {
        // Text after a closing quote (`"a"b`): keep it rather than lose data, as spreadsheets do.
        this.state = UNQUOTED
      }
    }
  }

  /** Ends the input: completes the last record, flagging it when a quote was never closed. */
  end(out: TableRow[]): void {
    const isUnterminated = this.state === QUOTED
    if (this.state !== FIELD_START || this.cellCount > 0) {
      this.endCell()
      this.endRecord(out, isUnterminated)
    }
    this.state = FIELD_START
  }

  private appendCell(text: string, start: number, end: number): void {
    if (end === start) return
    const size = this.partial.length + end - start
    if (size > this.maxCellBytes) {
      throw new MalformedFile(`A cell is longer than ${this.maxCellBytes} characters (an unclosed quote?)`, {
        line: this.recordLine,
        column: this.cellCount + 1,
      })
    }
    this.partial = this.partial.length === 0 ? text.slice(start, end) : this.partial + text.slice(start, end)
  }

  private endCell(): void {
    // Past the limit keep counting but stop storing, so the error can say how many there were.
    if (this.cellCount < this.maxColumns) this.cells.push(this.partial)
    this.cellCount++
    this.partial = ''
  }

  /** Ends the record at a CR or LF at `at`; returns the index after the line break. */
  private endLine(text: string, at: number, code: number, out: TableRow[]): number {
    this.endRecord(out, false)
    this.line++
    this.recordLine = this.line
    if (code === CR) {
      if (at + 1 < text.length) return text.charCodeAt(at + 1) === LF ? at + 2 : at + 1
      this.isAfterCr = true
    }
    return at + 1
  }

  private endRecord(out: TableRow[], isUnterminated: boolean): void {
    const cells = this.cells
    const cellCount = this.cellCount
    this.cells = []
    this.cellCount = 0
    this.state = FIELD_START
    if (cellCount > this.maxColumns) throw new TooManyColumns(cellCount, this.maxColumns, this.recordLine)
    const isBlank = cellCount === 1 && cells[0] === '' && !isUnterminated
    if (isBlank) return
    if (!isUnterminated) {
      out.push({ cells, sourceRow: this.recordLine, hasExactWidth: true })
      return
    }
    out.push({
      cells,
      sourceRow: this.recordLine,
      hasExactWidth: true,
      issues: [
        {
          code: 'unterminated-quote',
          message: `The file ends inside a quoted cell of the row starting on line ${this.recordLine}; the file may be truncated`,
        },
      ],
    })
  }

  /** Counts line breaks inside a quoted cell so later records know their line. */
  private countLines(text: string, start: number, end: number): void {
    // A CRLF split across two chunks must count once: remember whether the last character was CR.
    let previous = this.lastQuotedCode
    for (let index = start; index < end; index++) {
      const code = text.charCodeAt(index)
      if (code === CR || (code === LF && previous !== CR)) this.line++
      previous = code
    }
    if (end > start) this.lastQuotedCode = previous
  }
}
