import { describe, expect, it } from 'vitest'

import { InvalidPostings, VarintReader } from './packed-rows'
import { seededRandom } from './test-segments'
import { TextPostings, TextPostingsBuilder } from './text-postings'
import { parseTextQuery, type TextQuery } from './text-query'

// Six rows whose documents hold these lexemes.
const documents = [
  ['flood', 'river'],
  ['flood', 'coast'],
  ['storm', 'coast'],
  ['storm', 'river', 'flood'],
  [],
  ['drought'],
]

const postingsOf = (rows: string[][]) => TextPostings.fromRowLexemes(rows.map((lexemes) => lexemes.join(' ')))

// What `document @@ query` says, row by row, for the queries below.
function bruteForce(query: (lexemes: Set<string>) => boolean): number[] {
  return documents.flatMap((lexemes, row) => (query(new Set(lexemes)) ? [row] : []))
}

describe('TextPostings.rowsMatching', () => {
  const postings = postingsOf(documents)
  const cases: Array<[string, (has: Set<string>) => boolean]> = [
    ["'flood'", (has) => has.has('flood')],
    ["'flood' & 'coast'", (has) => has.has('flood') && has.has('coast')],
    ["'flood' & !'river'", (has) => has.has('flood') && !has.has('river')],
    ["!'flood'", (has) => !has.has('flood')],
    ["!'flood' & !'storm'", (has) => !has.has('flood') && !has.has('storm')],
    ["'drought' | 'storm' & 'river'", (has) => has.has('drought') || (has.has('storm') && has.has('river'))],
    [
      "( 'coast' | 'river' ) & !( 'storm' & 'flood' )",
      (has) => (has.has('coast') || has.has('river')) && !(has.has('storm') && has.has('flood')),
    ],
    ["'tsunami'", () => false],
    ["'tsunami' | 'drought'", (has) => has.has('drought')],
  ]

  it.each(cases)('answers %s as matching every document would', (text, query) => {
    expect([...postings.rowsMatching(parseTextQuery(text))]).toEqual(bruteForce(query))
  })

  it('matches nothing for an empty query', () => {
    expect(postings.rowsMatching(parseTextQuery(''))).toHaveLength(0)
  })

  it("counts its entries and lists each lexeme's rows once, ascending", () => {
    expect(postings.entries).toBe(documents.flat().length)
    expect([...postings.rowsMatching(parseTextQuery("'flood'"))]).toEqual([0, 1, 3])
  })
})

/** A query tree over `lexemes`, up to `depth` levels of not, and, or. */
function randomQuery(random: () => number, lexemes: readonly string[], depth: number): TextQuery {
  const pick = random()
  if (depth === 0 || pick < 0.3) return { kind: 'lexeme', lexeme: lexemes[Math.floor(random() * lexemes.length)]! }
  if (pick < 0.45) return { kind: 'not', operand: randomQuery(random, lexemes, depth - 1) }
  const operands = Array.from({ length: 2 + Math.floor(random() * 3) }, () => randomQuery(random, lexemes, depth - 1))
  return { kind: pick < 0.75 ? 'and' : 'or', operands }
}

/** Whether a document of these lexemes matches the query, as PostgreSQL's `@@` says. */
function matches(query: TextQuery, has: ReadonlySet<string>): boolean {
  switch (query.kind) {
    case 'empty':
      return false
    case 'lexeme':
      return has.has(query.lexeme)
    case 'not':
      return !matches(query.operand, has)
    case 'and':
      return query.operands.every((operand) => matches(operand, has))
    case 'or':
      return query.operands.some((operand) => matches(operand, has))
  }
}

/** How many of the postings' lists are of each kind (gaps, bitmap, Elias–Fano), read from the headers. */
function kindCounts(postings: TextPostings): number[] {
  const { records, starts } = postings.packed
  const counts = [0, 0, 0]
  for (let index = 0; index + 1 < starts.length; index++) {
    const reader = new VarintReader(records, starts[index]!, starts[index + 1]!)
    const lexemeLength = reader.next()
    reader.at += lexemeLength
    counts[reader.next() & 3]!++
  }
  return counts
}

// Lexemes in several scripts, sharing prefixes, and ordered differently in UTF-16 and UTF-8
// ('Ａ' U+FF21 sorts after '😀' in UTF-16 and before it in UTF-8).
const NAMES = ['flood', 'floods', 'flo', 'river', '東京', 'zürich', 'Ａ', '😀', "o'neil", 'a', 'z']

/** Per row the set of its lexemes, drawn at many densities, including the first and last row. */
function randomDocuments(size: number, random: () => number): Set<string>[] {
  const documents = Array.from({ length: size }, () => new Set<string>())
  const add = (lexeme: string, row: number) => documents[row]!.add(lexeme)
  add('first', 0)
  add('last', size - 1)
  add('ends', 0)
  add('ends', size - 1)
  for (let row = 0; row < size; row++) add('every', row)
  const densities = [0.6, 0.2, 0.15, 1 / 7, 1 / 8, 1 / 9, 0.1, 0.05, 0.01, 0.001]
  densities.forEach((density, index) => {
    for (let row = 0; row < size; row++) if (random() < density) add(`${NAMES[index]}`, row)
  })
  // Dense in the second half only, and in a narrow window only: bitmaps that skip the start.
  for (let row = size >> 1; row < size; row++) if (random() < 0.7) add('late', row)
  const windowStart = Math.floor(random() * size)
  for (let row = windowStart; row < Math.min(size, windowStart + 60); row++) if (random() < 0.7) add('window', row)
  for (let row = 0; row < size; row++) if (random() < 0.02) add(NAMES[10 - Math.floor(random() * 2)]!, row)
  return documents
}

describe('TextPostings, packed, against plain lists', () => {
  it.each([1, 2, 7, 8, 9, 31, 33, 64, 257, 1000, 4099])(
    'answers every lexeme and random queries over %d rows as the documents do',
    (size) => {
      const random = seededRandom(size)
      const documents = randomDocuments(size, random)
      const postings = TextPostings.fromRowLexemes(documents.map((lexemes) => [...lexemes].join(' ')))
      const plain = new Map<string, number[]>()
      documents.forEach((lexemes, row) =>
        lexemes.forEach((lexeme) => plain.set(lexeme, [...(plain.get(lexeme) ?? []), row])),
      )
      expect(postings.size).toBe(size)
      expect(postings.entries).toBe(documents.reduce((sum, lexemes) => sum + lexemes.size, 0))
      expect(postings.lexemeCount).toBe(plain.size)
      for (const [lexeme, rows] of plain) expect([...postings.rowsMatching({ kind: 'lexeme', lexeme })]).toEqual(rows)
      for (const lexeme of ['absent', 'flood ', 'Flood', 'floo', '', 'zz'])
        expect(postings.rowsMatching({ kind: 'lexeme', lexeme })).toHaveLength(0)
      const listed = [...postings.lexemeRows()]
      expect(new Map(listed.map(([lexeme, rows]) => [lexeme, [...rows]]))).toEqual(plain)
      const bytes = listed.map(([lexeme]) => Buffer.from(lexeme))
      for (let index = 1; index < bytes.length; index++)
        expect(Buffer.compare(bytes[index - 1]!, bytes[index]!)).toBe(-1)
      const lexemes = [...plain.keys(), 'absent']
      for (let trial = 0; trial < 60; trial++) {
        const query = randomQuery(random, lexemes, 3)
        const expected = documents.flatMap((has, row) => (matches(query, has) ? [row] : []))
        expect([...postings.rowsMatching(query)], JSON.stringify(query)).toEqual(expected)
      }
    },
  )

  it('keeps gap lists, bitmaps and Elias-Fano lists in a segment of mixed densities', () => {
    const documents = randomDocuments(4099, seededRandom(3))
    const postings = TextPostings.fromRowLexemes(documents.map((lexemes) => [...lexemes].join(' ')))
    const [gaps, bitmaps, eliasFano] = kindCounts(postings)
    expect(gaps).toBeGreaterThanOrEqual(3)
    expect(bitmaps).toBeGreaterThanOrEqual(2)
    expect(eliasFano).toBeGreaterThanOrEqual(8)
  })

  it('finds rows past 2^21 (4-byte gaps) in a large, sparse segment', () => {
    const size = 2 ** 22 + 5
    const listed = [0, 1, 130, 2 ** 14 + 3, 2 ** 21 + 7, size - 1]
    const builder = new TextPostingsBuilder()
    for (let row = 0; row < size; row++)
      builder.addRow(listed.includes(row) ? 'rare' : row >= 3_000_000 && row < 3_000_100 ? 'burst' : '')
    const postings = builder.build()
    expect([...postings.rowsMatching(parseTextQuery("'rare'"))]).toEqual(listed)
    expect([...postings.rowsMatching(parseTextQuery("'rare' | 'burst'"))]).toHaveLength(listed.length + 100)
    expect(postings.rowsMatching(parseTextQuery("!'rare'"))).toHaveLength(size - listed.length)
    expect(postings.byteLength).toBeLessThan(300)
  })

  it('holds an empty segment and rows without lexemes', () => {
    expect(TextPostings.fromRowLexemes([]).rowsMatching(parseTextQuery("!'flood'"))).toHaveLength(0)
    const blank = TextPostings.fromRowLexemes(['', '', ''])
    expect(blank.entries).toBe(0)
    expect([...blank.rowsMatching(parseTextQuery("!'flood'"))]).toEqual([0, 1, 2])
  })

  it('takes under a byte a row entry for words drawn as in real text (Zipf)', () => {
    // 100,000 rows of 15 words drawn from 5,000 with Zipf weights (the n-th word 1/n as often).
    const random = seededRandom(42)
    const words = 5000
    const cumulative = new Float64Array(words)
    for (let rank = 0, sum = 0; rank < words; rank++) cumulative[rank] = sum += 1 / (rank + 1)
    const draw = () => {
      const target = random() * cumulative[words - 1]!
      let low = 0
      let high = words - 1
      while (low < high) {
        const middle = (low + high) >>> 1
        if (cumulative[middle]! < target) low = middle + 1
        else high = middle
      }
      return `w${low}`
    }
    const builder = new TextPostingsBuilder()
    for (let row = 0; row < 100_000; row++) builder.addRow(Array.from({ length: 15 }, draw).join(' '))
    const postings = builder.build()
    const perEntry = postings.byteLength / postings.entries
    const perRow = postings.byteLength / postings.size
    console.info(
      `Zipf postings: ${postings.entries} entries, ${postings.lexemeCount} lexemes, ${postings.byteLength} bytes: ` +
        `${perEntry.toFixed(3)} bytes an entry, ${perRow.toFixed(2)} a row (plain lists: ` +
        `${((4 * postings.entries + [...postings.lexemeRows()].reduce((sum, [lexeme]) => sum + 96 + 2 * lexeme.length, 0)) / postings.size).toFixed(2)} a row)`,
    )
    expect(perEntry).toBeLessThan(1)
    expect(postings.rowsMatching(parseTextQuery("'w0' & 'w1' & !'w2'")).length).toBeGreaterThan(0)
  })
})

describe('TextPostings.fromPacked', () => {
  const utf8 = new TextEncoder()

  /** Records of these lexemes and their packed lists (given as bytes), and their starts. */
  function packedOf(records: ReadonlyArray<readonly [string, readonly number[]]>) {
    const bytes: number[] = []
    const starts = [0]
    for (const [lexeme, list] of records) {
      const text = utf8.encode(lexeme)
      bytes.push(text.length, ...text, ...list)
      starts.push(bytes.length)
    }
    return { records: Uint8Array.from(bytes), starts: Int32Array.from(starts) }
  }

  // Headers are count × 4 + kind. Gaps: the gaps. Bitmap: first byte, byte count, bits.
  // Elias–Fano: low bits a row, the low bits, the upper bits (rows 1, 5: x = 1, 4; low bits 1, 0;
  // upper bits at 0 + 0 and 2 + 1).
  const good: Array<readonly [string, readonly number[]]> = [
    ['coast', [2 * 4, 1, 3]],
    ['drought', [2 * 4 + 2, 1, 0b01, 0b1001]],
    ['flood', [3 * 4 + 1, 0, 1, 0b1011]],
  ]

  it('reads records it is given and answers from them', () => {
    const postings = TextPostings.fromPacked(10, packedOf(good))
    expect([...postings.rowsMatching(parseTextQuery("'coast'"))]).toEqual([1, 5])
    expect([...postings.rowsMatching(parseTextQuery("'flood' & !'coast'"))]).toEqual([0, 3])
    expect([...postings.rowsMatching(parseTextQuery("'drought'"))]).toEqual([1, 5])
    expect(postings.entries).toBe(7)
  })

  it.each([
    ['starts that do not begin at 0', { ...packedOf(good), starts: Int32Array.of(1, 9, 21, 31) }, /starts run from 1/],
    ['starts that end before the records', { ...packedOf(good), starts: Int32Array.of(0, 9, 21, 30) }, /not 0 to 31/],
    ['an empty record', { ...packedOf(good), starts: Int32Array.of(0, 9, 9, 21, 31) }, /not after its start/],
    ['lexemes out of order', packedOf([good[1]!, good[0]!]), /"coast" does not sort after/],
    ['a lexeme twice', packedOf([good[0]!, good[0]!]), /"coast" does not sort after/],
    [
      'a lexeme running past its record',
      { records: Uint8Array.of(9, 97, 98), starts: Int32Array.of(0, 3) },
      /past its end/,
    ],
    ['a row at the segment size', packedOf([['coast', [4, 10]]]), /"coast": .*reaches row 10/],
    ['a list with a gap missing', packedOf([['coast', [8, 1]]]), /"coast": .*runs past/],
    ['a list with a byte to spare', packedOf([['coast', [4, 1, 1]]]), /"coast": .*ends at byte/],
    ['a bitmap whose count is not its bits', packedOf([['flood', [2 * 4 + 1, 0, 1, 0b1011]]]), /"flood": .*holds 3/],
    ['an Elias-Fano list with a bit more', packedOf([['drought', [2 * 4 + 2, 1, 0b01, 0b1011]]]), /holds 3 rows/],
    // Rows 3 and 2: low bits 3 then 1 in the same high part.
    ['an Elias-Fano list whose rows fall back', packedOf([['drought', [2 * 4 + 2, 2, 0b0111, 0b11]]]), /do not ascend/],
    [
      'an Elias-Fano list past the segment',
      packedOf([['drought', [2 * 4 + 2, 1, 0b01, 0b1001_0000]]]),
      /reaches row 13/,
    ],
  ])('refuses %s', (_, packed, message) => {
    expect(() => TextPostings.fromPacked(10, packed)).toThrow(InvalidPostings)
    expect(() => TextPostings.fromPacked(10, packed)).toThrow(message)
  })
})
