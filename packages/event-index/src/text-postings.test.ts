import { describe, expect, it } from 'vitest'

import { TextPostings } from './text-postings'
import { parseTextQuery } from './text-query'

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
