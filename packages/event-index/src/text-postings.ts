/**
 * A segment's full-text postings: for each lexeme PostgreSQL's `to_tsvector` gives its events'
 * search documents, the ascending rows that hold it. A search whose query the database has turned
 * into lexemes is then a few merges of sorted lists instead of a scan of the events table.
 *
 * The postings are two arrays and no object per lexeme, since a dataset may hold hundreds of
 * thousands of words, most of them in one event: `records` holds per lexeme, in ascending order
 * of their UTF-8 bytes, the lexeme's byte length (a varint), its UTF-8 bytes and its rows packed
 * as `packed-rows` writes them; `starts` says where each record starts. A lexeme is found by a
 * binary search over the records, and its rows are unpacked when a query asks for them.
 * @module
 */
import {
  checkPackedRows,
  InvalidPostings,
  MAX_PACKED_ROWS,
  packedRowsLength,
  readPackedRows,
  VarintReader,
  varintLength,
  writePackedRows,
  writeVarint,
} from './packed-rows'
import { RowChains } from './row-chains'
import { complement, intersect, NO_ROWS, subtract, uniteAll } from './row-set-operations'
import type { TextQuery } from './text-query'

// The postings object and its two array views.
const OBJECT_BYTES = 3 * 64
const utf8 = new TextEncoder()
const fromUtf8 = new TextDecoder()

/** Byte order of `bytes[aStart … aEnd - 1]` against `bytes[bStart … bEnd - 1]`: negative, zero or positive. */
function compareBytes(
  a: Uint8Array,
  aStart: number,
  aEnd: number,
  b: Uint8Array,
  bStart: number,
  bEnd: number,
): number {
  const length = Math.min(aEnd - aStart, bEnd - bStart)
  for (let offset = 0; offset < length; offset++) {
    const difference = a[aStart + offset]! - b[bStart + offset]!
    if (difference !== 0) return difference
  }
  return aEnd - aStart - (bEnd - bStart)
}

/** A lexeme's bytes as a quoted string, for messages. */
const quoted = (bytes: Uint8Array, start: number, end: number): string =>
  JSON.stringify(fromUtf8.decode(bytes.subarray(start, end)))

/** The postings as two arrays, as they are kept in memory and written to a snapshot. */
export interface PackedPostings {
  /**
   * Per lexeme, in ascending order of its UTF-8 bytes: their length as a varint, the bytes, and
   * the lexeme's rows as `writePackedRows` packs them.
   */
  readonly records: Uint8Array
  /** Where each lexeme's record starts in `records`, then where the last ends. */
  readonly starts: Int32Array
}

/** The rows of one segment by lexeme, packed (see the module's comment). */
export class TextPostings {
  private constructor(
    /** Rows in the segment (a negation matches the rows not listed). */
    readonly size: number,
    /** The two arrays the postings are, for a snapshot to write. */
    readonly packed: PackedPostings,
    /** How many row entries the postings hold over all lexemes. */
    readonly entries: number,
  ) {}

  /**
   * The postings these arrays hold, once checked: records in lexeme order, each exactly one
   * lexeme and one packed list of rows below `size`.
   * @throws {@link InvalidPostings} naming the lexeme and what is wrong
   */
  static fromPacked(size: number, packed: PackedPostings): TextPostings {
    const { records, starts } = packed
    const lexemes = starts.length - 1
    if (!Number.isInteger(size) || size < 0 || size > MAX_PACKED_ROWS)
      throw new InvalidPostings(`postings cover 0 to ${MAX_PACKED_ROWS} rows; got ${size}`)
    if (lexemes < 0 || starts[0] !== 0 || starts[lexemes] !== records.length)
      throw new InvalidPostings(
        `the records' starts run from ${starts[0]} to ${starts[lexemes]}, not 0 to ${records.length}`,
      )
    let entries = 0
    let previousStart = 0
    let previousEnd = 0
    for (let index = 0; index < lexemes; index++) {
      const start = starts[index]!
      const end = starts[index + 1]!
      if (end <= start) throw new InvalidPostings(`record ${index} ends at byte ${end}, not after its start ${start}`)
      const reader = new VarintReader(records, start, end)
      const length = reader.next()
      const lexemeStart = reader.at
      const lexemeEnd = lexemeStart + length
      if (lexemeEnd > end) throw new InvalidPostings(`the lexeme of record ${index} runs past its end`)
      if (index > 0 && compareBytes(records, previousStart, previousEnd, records, lexemeStart, lexemeEnd) >= 0)
        throw new InvalidPostings(
          `lexeme ${quoted(records, lexemeStart, lexemeEnd)} does not sort after the one before it`,
        )
      try {
        entries += checkPackedRows(records, lexemeEnd, end, size)
      } catch (error) {
        if (!(error instanceof InvalidPostings)) throw error
        throw new InvalidPostings(`the rows of ${quoted(records, lexemeStart, lexemeEnd)}: ${error.message}`)
      }
      previousStart = lexemeStart
      previousEnd = lexemeEnd
    }
    return new TextPostings(size, packed, entries)
  }

  /**
   * The memory the postings hold, in bytes: the two arrays (per lexeme its text, some 6 bytes of
   * length, header and start, and from a bit to 3 bytes a row entry) and the three objects around
   * them; there is no object per lexeme to count.
   */
  get byteLength(): number {
    return this.packed.records.byteLength + this.packed.starts.byteLength + OBJECT_BYTES
  }

  /** How many lexemes the postings list. */
  get lexemeCount(): number {
    return this.packed.starts.length - 1
  }

  /** Each lexeme with its ascending rows, in the order of their UTF-8 bytes (unpacked one by one). */
  *lexemeRows(): IterableIterator<[string, Int32Array]> {
    const { records, starts } = this.packed
    for (let index = 0; index < this.lexemeCount; index++) {
      const reader = new VarintReader(records, starts[index]!, starts[index + 1]!)
      const length = reader.next()
      const lexemeEnd = reader.at + length
      yield [fromUtf8.decode(records.subarray(reader.at, lexemeEnd)), readPackedRows(records, lexemeEnd)]
    }
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
        return this.rowsOf(query.lexeme)
      case 'not':
        return complement(this.rowsMatching(query.operand), this.size)
      case 'or':
        return uniteAll(
          query.operands.map((operand) => this.rowsMatching(operand)),
          this.size,
        )
      case 'and': {
        // Negated terms are taken away from what the others match, so `a & !b` never lists every row.
        const wanted = query.operands.filter((operand) => operand.kind !== 'not')
        const unwanted = uniteAll(
          query.operands.flatMap((operand) => (operand.kind === 'not' ? [this.rowsMatching(operand.operand)] : [])),
          this.size,
        )
        if (wanted.length === 0) return complement(unwanted, this.size)
        const rows = wanted
          .map((operand) => this.rowsMatching(operand))
          .sort((a, b) => a.length - b.length)
          .reduce(intersect)
        return unwanted.length === 0 ? rows : subtract(rows, unwanted)
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

  // The lexeme's rows: a binary search over the records, comparing UTF-8 bytes as they are sorted.
  private rowsOf(lexeme: string): Int32Array {
    const { records, starts } = this.packed
    const wanted = utf8.encode(lexeme)
    let low = 0
    let high = this.lexemeCount - 1
    while (low <= high) {
      const middle = (low + high) >>> 1
      const reader = new VarintReader(records, starts[middle]!, starts[middle + 1]!)
      const length = reader.next()
      const lexemeEnd = reader.at + length
      const order = compareBytes(records, reader.at, lexemeEnd, wanted, 0, wanted.length)
      if (order === 0) return readPackedRows(records, lexemeEnd)
      if (order < 0) low = middle + 1
      else high = middle - 1
    }
    return NO_ROWS
  }
}

/**
 * Builds {@link TextPostings} row by row, so a caller can pause between rows (a million events take
 * about a second) and let other work run. Rows are kept packed as gaps while building, so the
 * builder holds about what the postings will.
 */
export class TextPostingsBuilder {
  private readonly slots = new Map<string, number>()
  private readonly chains = new RowChains()
  private rows = 0

  /**
   * Adds the next row's lexemes, separated by single spaces (PostgreSQL's parser never puts a
   * space inside a lexeme); an empty string for a row without any.
   */
  addRow(lexemes: string): void {
    const row = this.rows++
    if (lexemes === '') return
    for (const lexeme of lexemes.split(' ')) {
      let slot = this.slots.get(lexeme)
      if (slot === undefined) this.slots.set(lexeme, (slot = this.chains.addSlot()))
      // A lexeme twice in one row (not what tsvector_to_array gives, but harmless) is listed once.
      this.chains.append(slot, row)
    }
  }

  /** How many rows have been added. */
  get size(): number {
    return this.rows
  }

  /**
   * The postings of the rows added, packed.
   * @throws RangeError past {@link MAX_PACKED_ROWS} rows or 2 GiB of postings
   */
  build(): TextPostings {
    if (this.rows > MAX_PACKED_ROWS)
      throw new RangeError(`postings hold at most ${MAX_PACKED_ROWS} rows; ${this.rows} were added`)
    // The lexemes' UTF-8 bytes, in slot order (the map's order), sorted as lookups compare them.
    const lexemes = [...this.slots.keys()]
    const text = new Uint8Array(lexemes.reduce((sum, lexeme) => sum + 3 * lexeme.length, 0))
    const textStarts = new Int32Array(lexemes.length + 1)
    for (let slot = 0; slot < lexemes.length; slot++)
      textStarts[slot + 1] =
        textStarts[slot]! + utf8.encodeInto(lexemes[slot]!, text.subarray(textStarts[slot])).written
    const order = Int32Array.from(lexemes, (_, slot) => slot).sort((a, b) =>
      compareBytes(text, textStarts[a]!, textStarts[a + 1]!, text, textStarts[b]!, textStarts[b + 1]!),
    )
    let total = 0
    for (let slot = 0; slot < lexemes.length; slot++) {
      const length = textStarts[slot + 1]! - textStarts[slot]!
      total += varintLength(length) + length + packedRowsLength(this.chains.shapeOf(slot))
    }
    if (total > 2 ** 31 - 1) throw new RangeError(`the postings would take ${total} bytes; at most 2 GiB fit`)
    const records = new Uint8Array(total)
    const starts = new Int32Array(lexemes.length + 1)
    const scratch = new Uint8Array(this.chains.maxGapBytes)
    let at = 0
    for (let index = 0; index < order.length; index++) {
      const slot = order[index]!
      at = writeVarint(records, at, textStarts[slot + 1]! - textStarts[slot]!)
      records.set(text.subarray(textStarts[slot], textStarts[slot + 1]), at)
      at += textStarts[slot + 1]! - textStarts[slot]!
      at = writePackedRows(this.chains.shapeOf(slot), this.chains.gapsOf(slot, scratch), records, at)
      starts[index + 1] = at
    }
    // Checked as a snapshot's are: a mistake here would otherwise show as wrong search results.
    return TextPostings.fromPacked(this.rows, { records, starts })
  }
}
