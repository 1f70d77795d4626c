import { describe, expect, it } from 'vitest'

import { parseTextQuery, UnsupportedTextQueryError } from './text-query'

const lexeme = (text: string) => ({ kind: 'lexeme', lexeme: text })

describe('parseTextQuery', () => {
  it('reads what websearch_to_tsquery prints, with & binding tighter than |', () => {
    // websearch_to_tsquery('simple', 'flood -river or storm') prints this.
    expect(parseTextQuery("'flood' & !'river' | 'storm'")).toEqual({
      kind: 'or',
      operands: [
        { kind: 'and', operands: [lexeme('flood'), { kind: 'not', operand: lexeme('river') }] },
        lexeme('storm'),
      ],
    })
  })

  it('keeps parenthesised groups and reads doubled quotes and backslashes inside lexemes', () => {
    expect(parseTextQuery("( 'a' | 'b' ) & !( 'c''s' & 'd\\\\e' )")).toEqual({
      kind: 'and',
      operands: [
        { kind: 'or', operands: [lexeme('a'), lexeme('b')] },
        { kind: 'not', operand: { kind: 'and', operands: [lexeme("c's"), lexeme('d\\e')] } },
      ],
    })
  })

  it('reads an empty query (a search of punctuation only) as matching nothing', () => {
    expect(parseTextQuery('')).toEqual({ kind: 'empty' })
  })

  it('leaves phrases, prefixes and weights to the database, and rejects text that is no query', () => {
    for (const text of [
      "'foo-bar' <-> 'foo' <-> 'bar'",
      "'a' <2> 'b'",
      "'flo':*",
      "'flood':A",
      "'a' &",
      "'open",
      'a & b',
    ])
      expect(() => parseTextQuery(text), text).toThrow(UnsupportedTextQueryError)
  })
})
