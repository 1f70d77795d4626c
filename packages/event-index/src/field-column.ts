/**
 * One data field of a segment's events, dictionary-encoded: each row holds the code of its value's
 * text (as PostgreSQL's `data #>> path` gives it), so a values filter is one lookup per row and a
 * range filter compares the number each distinct text stands for.
 * @module
 */

import { groupRows, rowListsBytes, textsBytes, type RowLists } from './row-lists'

/** The code of a row whose field is missing or JSON null. */
export const NO_VALUE = -1

/**
 * Codes a row, in the narrowest array that holds the dictionary's: a byte for up to 127 texts (a
 * category, a country), two for up to 32,767, else four.
 */
export type CodeArray = Int8Array | Int16Array | Int32Array

/**
 * `codes` in the narrowest array for a dictionary of `texts` texts (itself when it is).
 * @example narrowCodes(Int32Array.of(0, -1, 2), 3) // Int8Array [0, -1, 2]
 */
export function narrowCodes(codes: CodeArray, texts: number): CodeArray {
  const narrow = texts <= 127 ? Int8Array : texts <= 32_767 ? Int16Array : Int32Array
  return codes instanceof narrow ? codes : narrow.from(codes)
}

/**
 * Text that PostgreSQL's read API treats as a number: the same pattern as its SQL, so a range
 * filter keeps exactly the rows the database would.
 */
const NUMERIC_TEXT = /^\s*-?(\d+\.?\d*|\.\d+)([eE][-+]?\d+)?\s*$/

/** A dictionary-encoded field column. */
export class FieldColumn {
  /** Per row, the index of its text in {@link dictionary}, or {@link NO_VALUE}. */
  readonly codes: CodeArray
  /** The distinct texts, in order of first appearance. */
  readonly dictionary: readonly string[]
  /** Per code, the number its text stands for, or NaN when it is not numeric. */
  readonly numbers: Float64Array
  private postingLists: RowLists | undefined
  // The dictionary never changes: its texts are measured once, not on every read that sizes the index.
  private dictionaryBytes: number | undefined

  private constructor(codes: CodeArray, dictionary: string[]) {
    this.codes = narrowCodes(codes, dictionary.length)
    this.dictionary = dictionary
    this.numbers = Float64Array.from(dictionary, (text) => (NUMERIC_TEXT.test(text) ? Number(text) : Number.NaN))
  }

  /**
   * A column from its codes and dictionary as {@link FieldColumn.codes} and
   * {@link FieldColumn.dictionary} hold them (a snapshot read back), in an array of any width
   * (narrowed when a narrower one holds them).
   * @throws RangeError when a code is neither {@link NO_VALUE} nor an index of the dictionary
   */
  static fromCodes(codes: CodeArray, dictionary: readonly string[]): FieldColumn {
    for (let row = 0; row < codes.length; row++) {
      const code = codes[row]!
      if (code < NO_VALUE || code >= dictionary.length)
        throw new RangeError(`row ${row} has code ${code}; the dictionary holds ${dictionary.length} texts`)
    }
    return new FieldColumn(codes, [...dictionary])
  }

  /**
   * Encodes the field's text per row (null for none), in the segment's row order.
   * @example FieldColumn.fromValues(['a', null, 'a']).codes // Int8Array [0, -1, 0]
   */
  static fromValues(values: ArrayLike<string | null>): FieldColumn {
    const codes = new Int32Array(values.length)
    const dictionary: string[] = []
    const codeOf = new Map<string, number>()
    for (let row = 0; row < values.length; row++) {
      const value = values[row]
      if (value === null || value === undefined) {
        codes[row] = NO_VALUE
        continue
      }
      let code = codeOf.get(value)
      if (code === undefined) {
        code = dictionary.length
        dictionary.push(value)
        codeOf.set(value, code)
      }
      codes[row] = code
    }
    return new FieldColumn(codes, dictionary)
  }

  /** The memory the column holds now, in bytes: its arrays, its dictionary's texts, its lists. */
  get byteLength(): number {
    return (
      this.codes.byteLength +
      this.numbers.byteLength +
      (this.dictionaryBytes ??= textsBytes(this.dictionary)) +
      rowListsBytes(this.postingLists)
    )
  }

  /**
   * Which codes a values filter keeps: 1 for the codes of `values`, 0 otherwise.
   * @example column.codesMatching(['flood'])[column.dictionary.indexOf('flood')] // 1
   */
  codesMatching(values: readonly string[]): Uint8Array {
    const wanted = new Set(values)
    return Uint8Array.from(this.dictionary, (text) => (wanted.has(text) ? 1 : 0))
  }

  /** Per code, its rows in ascending order (built on first use): a values filter reads only these. */
  rowsByCode(): RowLists {
    this.postingLists ??= groupRows(this.codes, this.dictionary.length)
    return this.postingLists
  }

  /** Which codes an inclusive numeric range keeps; a missing bound does not limit, non-numbers never match. */
  codesInRange(min: number | undefined, max: number | undefined): Uint8Array {
    return Uint8Array.from(this.numbers, (number) =>
      !Number.isNaN(number) && (min === undefined || number >= min) && (max === undefined || number <= max) ? 1 : 0,
    )
  }
}
