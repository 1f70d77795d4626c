/**
 * PostgreSQL's text form of a `tsquery` (what `websearch_to_tsquery(...)::text` prints), read into
 * a tree the in-memory text postings can answer. The database keeps the say over how a search is
 * split into lexemes; the index only evaluates the boolean result. Phrase (`<->`), prefix (`:*`)
 * and weight (`:A`) operators need positions the postings do not hold, so such a query is reported
 * as unsupported and answered by the database.
 * @module
 */

/** A parsed text query: a lexeme, a negation, a conjunction or a disjunction, or nothing. */
export type TextQuery =
  | { readonly kind: 'lexeme'; readonly lexeme: string }
  | { readonly kind: 'not'; readonly operand: TextQuery }
  | { readonly kind: 'and' | 'or'; readonly operands: readonly TextQuery[] }
  /** A search without lexemes (only punctuation, say): PostgreSQL matches no event. */
  | { readonly kind: 'empty' }

/** Thrown for a query the postings cannot answer (phrases, prefixes, weights) or cannot read. */
export class UnsupportedTextQueryError extends Error {}

// Binding strength of the infix operators, weakest first, as PostgreSQL prints them.
const OR = '|'
const AND = '&'

class Reader {
  private position = 0

  constructor(private readonly text: string) {}

  private skipSpaces(): void {
    while (this.position < this.text.length && this.text[this.position] === ' ') this.position++
  }

  peek(): string | undefined {
    this.skipSpaces()
    return this.text[this.position]
  }

  take(expected: string): void {
    if (this.peek() !== expected) throw this.unexpected()
    this.position++
  }

  atEnd(): boolean {
    return this.peek() === undefined
  }

  unexpected(): UnsupportedTextQueryError {
    return new UnsupportedTextQueryError(
      `unexpected ${this.atEnd() ? 'end' : JSON.stringify(this.text.slice(this.position, this.position + 8))} in text query`,
    )
  }

  // A quoted lexeme: quotes doubled and backslashes escape, as tsquery output writes them.
  lexeme(): string {
    this.take("'")
    let lexeme = ''
    for (;;) {
      const char = this.text[this.position++]
      if (char === undefined) throw this.unexpected()
      if (char === '\\') {
        const escaped = this.text[this.position++]
        if (escaped === undefined) throw this.unexpected()
        lexeme += escaped
      } else if (char === "'") {
        if (this.text[this.position] !== "'") break
        lexeme += "'"
        this.position++
      } else lexeme += char
    }
    if (this.text[this.position] === ':') throw new UnsupportedTextQueryError('prefix and weight marks need positions')
    return lexeme
  }
}

function readOperand(reader: Reader): TextQuery {
  const next = reader.peek()
  if (next === '!') {
    reader.take('!')
    return { kind: 'not', operand: readOperand(reader) }
  }
  if (next === '(') {
    reader.take('(')
    const inner = readBinary(reader, OR)
    reader.take(')')
    return inner
  }
  if (next === "'") return { kind: 'lexeme', lexeme: reader.lexeme() }
  throw reader.unexpected()
}

function readBinary(reader: Reader, operator: typeof OR | typeof AND): TextQuery {
  const readTighter = () => (operator === OR ? readBinary(reader, AND) : readOperand(reader))
  const operands = [readTighter()]
  for (;;) {
    const next = reader.peek()
    if (next === '<') throw new UnsupportedTextQueryError('phrase searches need word positions')
    if (next !== operator) break
    reader.take(operator)
    operands.push(readTighter())
  }
  return operands.length === 1 ? operands[0]! : { kind: operator === OR ? 'or' : 'and', operands }
}

/**
 * Reads PostgreSQL's text form of a tsquery.
 * @throws UnsupportedTextQueryError for phrase, prefix or weight operators, or text that is not a tsquery
 * @example parseTextQuery("'flood' & !'river'")
 * // { kind: 'and', operands: [{ kind: 'lexeme', lexeme: 'flood' }, { kind: 'not', operand: { kind: 'lexeme', lexeme: 'river' } }] }
 */
export function parseTextQuery(text: string): TextQuery {
  const reader = new Reader(text)
  if (reader.atEnd()) return { kind: 'empty' }
  const query = readBinary(reader, OR)
  if (!reader.atEnd()) throw reader.unexpected()
  return query
}
