/**
 * A segment's full-text postings: for each lexeme PostgreSQL's `to_tsvector` gives its events'
 * search documents, the ascending rows that hold it. A search whose query the database has turned
 * into lexemes is then a few merges of sorted arrays instead of a scan of the events table.
 * @module
 */
import type { TextQuery } from './text-query'

const NO_ROWS = new Int32Array(0)

/** Rows in both ascending lists. */
function intersect(a: Int32Array, b: Int32Array): Int32Array {
  const out = new Int32Array(Math.min(a.length, b.length))
  let count = 0
  for (let i = 0, j = 0; i < a.length && j < b.length;) {
    if (a[i]! < b[j]!) i++
    else if (a[i]! > b[j]!) j++
    else {
      out[count++] = a[i]!
      i++
      j++
    }
  }
  return out.subarray(0, count)
}

/** Rows in either ascending list. */
function unite(a: Int32Array, b: Int32Array): Int32Array {
  const out = new Int32Array(a.length + b.length)
  let count = 0
  let i = 0
  let j = 0
  while (i < a.length && j < b.length) {
    if (a[i]! < b[j]!) out[count++] = a[i++]!
    else if (a[i]! > b[j]!) out[count++] = b[j++]!
    else {
      out[count++] = a[i++]!
      j++
    }
  }
  while (i < a.length) out[count++] = a[i++]!
  while (j < b.length) out[count++] = b[j++]!
  return out.subarray(0, count)
}

/** Rows of the first ascending list that are not in the second. */
function subtract(a: Int32Array, b: Int32Array): Int32Array {
  const out = new Int32Array(a.length)
  let count = 0
  for (let i = 0, j = 0; i < a.length; i++) {
    while (j < b.length && b[j]! < a[i]!) j++
    if (j >= b.length || b[j] !== a[i]) out[count++] = a[i]!
  }
  return out.subarray(0, count)
}

/** The rows of one segment by lexeme. */
export class TextPostings {
  /**
   * @param size - rows in the segment (a negation matches the rows not listed)
   * @param rowsByLexeme - per lexeme, its rows ascending
   */
  constructor(
    readonly size: number,
    private readonly rowsByLexeme: ReadonlyMap<string, Int32Array>,
  ) {}

  private bytes: number | undefined

  /** How many row entries the postings hold over all lexemes (their memory is four bytes each). */
  get entries(): number {
    let total = 0
    for (const rows of this.rowsByLexeme.values()) total += rows.length
    return total
  }

  /**
   * The memory the postings hold, in bytes: four a row entry, and each lexeme's text and list
   * header. Measured once: the postings never change.
   */
  get byteLength(): number {
    if (this.bytes === undefined) {
      this.bytes = 0
      for (const [lexeme, rows] of this.rowsByLexeme) this.bytes += rows.byteLength + 96 + 2 * lexeme.length
    }
    return this.bytes
  }

  /** Each lexeme with its ascending rows, in no particular order (to write the postings out). */
  lexemeRows(): IterableIterator<[string, Int32Array]> {
    return this.rowsByLexeme.entries()
  }

  /**
   * The ascending rows whose document matches `query`, as `document @@ query` would say.
   * @example postings.rowsMatching(parseTextQuery("'flood' & !'river'"))
   */
  rowsMatching(query: TextQuery): Int32Array {
    switch (query.kind) {
      case 'empty':
        return NO_ROWS
      case 'lexeme':
        return this.rowsByLexeme.get(query.lexeme) ?? NO_ROWS
      case 'not':
        return subtract(this.allRows(), this.rowsMatching(query.operand))
      case 'or':
        return query.operands.map((operand) => this.rowsMatching(operand)).reduce(unite)
      case 'and': {
        // Negated terms are taken away from what the others match, so `a & !b` never lists every row.
        const wanted = query.operands.filter((operand) => operand.kind !== 'not')
        const unwanted = query.operands.flatMap((operand) => (operand.kind === 'not' ? [operand.operand] : []))
        let rows =
          wanted.length === 0
            ? this.allRows()
            : wanted
                .map((operand) => this.rowsMatching(operand))
                .sort((a, b) => a.length - b.length)
                .reduce(intersect)
        for (const operand of unwanted) rows = subtract(rows, this.rowsMatching(operand))
        return rows
      }
    }
  }

  /**
   * Builds the postings from each row's lexemes, separated by single spaces, in row order.
   * @example TextPostings.fromRowLexemes(['flood river', '', 'flood']).rowsMatching({ kind: 'lexeme', lexeme: 'flood' }) // [0, 2]
   */
  static fromRowLexemes(rows: Iterable<string>): TextPostings {
    const builder = new TextPostingsBuilder()
    for (const lexemes of rows) builder.addRow(lexemes)
    return builder.build()
  }

  private allRows(): Int32Array {
    return Int32Array.from({ length: this.size }, (_, row) => row)
  }
}

/**
 * Builds {@link TextPostings} row by row, so a caller can pause between rows (a million events take
 * about a second) and let other work run.
 */
export class TextPostingsBuilder {
  private readonly lists = new Map<string, { rows: Int32Array; length: number }>()
  private rows = 0

  /**
   * Adds the next row's lexemes, separated by single spaces (PostgreSQL's parser never puts a
   * space inside a lexeme); an empty string for a row without any.
   */
  addRow(lexemes: string): void {
    const row = this.rows++
    if (lexemes === '') return
    for (const lexeme of lexemes.split(' ')) {
      let list = this.lists.get(lexeme)
      if (!list) this.lists.set(lexeme, (list = { rows: new Int32Array(4), length: 0 }))
      // A lexeme twice in one row (not what tsvector_to_array gives, but harmless) is listed once.
      if (list.length > 0 && list.rows[list.length - 1] === row) continue
      if (list.length === list.rows.length) {
        const grown = new Int32Array(list.rows.length * 2)
        grown.set(list.rows)
        list.rows = grown
      }
      list.rows[list.length++] = row
    }
  }

  /** How many rows have been added. */
  get size(): number {
    return this.rows
  }

  /** The postings of the rows added, each list trimmed to its length. */
  build(): TextPostings {
    const rowsByLexeme = new Map<string, Int32Array>()
    for (const [lexeme, list] of this.lists) rowsByLexeme.set(lexeme, list.rows.slice(0, list.length))
    return new TextPostings(this.rows, rowsByLexeme)
  }
}
