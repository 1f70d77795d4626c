import Parser from 'stream-json/Parser.js'

/** A stream-json token, e.g. `{ name: 'keyValue', value: 'city' }`. */
export interface JsonToken {
  /** Token kind: startObject, endObject, startArray, endArray, keyValue, stringValue, numberValue, nullValue, trueValue, falseValue. */
  name: string
  /** The key or value text, for keyValue/stringValue/numberValue. */
  value?: string
}

/** The parts of stream-json's Parser this module drives directly. */
interface ParserInternals {
  push(token: JsonToken | null): boolean
  _transform(chunk: string, encoding: string, callback: (error?: Error | null) => void): void
  _flush(callback: (error?: Error | null) => void): void
  _buffer: string
}

/**
 * Synchronous driver of stream-json's tokenizer: feed text, get tokens back immediately. Driving
 * the Transform by hand (instead of piping) keeps tokens in step with the input, which is what
 * lets a syntax error be placed at an exact character.
 * @example new JsonTokenizer().write('[1]') // [{ name: 'startArray' }, { name: 'numberValue', value: '1' }, { name: 'endArray' }]
 */
export class JsonTokenizer {
  private readonly parser: ParserInternals
  private tokens: JsonToken[] = []
  /** Characters fed so far. */
  fedLength = 0

  constructor() {
    this.parser = new Parser({ packValues: true, streamValues: false }) as unknown as ParserInternals
    this.parser.push = (token) => {
      if (token !== null) this.tokens.push(token)
      return true
    }
  }

  /** Characters fed but not yet consumed (the start of the token the parser is waiting on). */
  get pendingLength(): number {
    return this.parser._buffer.length
  }

  /**
   * Feeds text and returns the tokens it completed.
   * @throws the parser's Error on a syntax error
   */
  write(text: string): JsonToken[] {
    this.fedLength += text.length
    let failure: Error | null | undefined
    this.parser._transform(text, 'utf8', (error) => {
      failure = error
    })
    return this.take(failure)
  }

  /**
   * Ends the input and returns the remaining tokens.
   * @throws the parser's Error when the document is incomplete
   */
  end(): JsonToken[] {
    let failure: Error | null | undefined
    this.parser._flush((error) => {
      failure = error
    })
    return this.take(failure)
  }

  private take(failure: Error | null | undefined): JsonToken[] {
    if (failure) throw failure
    const tokens = this.tokens
    this.tokens = []
    return tokens
  }
}
