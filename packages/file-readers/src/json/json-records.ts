import Assembler from 'stream-json/Assembler.js'

import { MalformedFile } from '../errors'
import { readTextChunks } from '../text/read-text-chunks'
import type { RowIssue, TextEncoding } from '../types'
import { jsonSyntaxError } from './locate-json-error'
import { type JsonLayout, scanJsonHead } from './scan-json-head'
import { type JsonToken, JsonTokenizer } from './token-parser'

/** One record of a JSON file: a parsed array element, NDJSON line or the single object. */
export interface JsonRecord {
  /** The parsed value (normally an object). */
  value: unknown
  /** NDJSON: the 1-based line the record is on. */
  sourceRow?: number
  /** A problem with the record itself (e.g. an NDJSON line that is not valid JSON). */
  issue?: RowIssue
}

/** How to find the records in a JSON document. */
export interface JsonRecordOptions {
  /** The text encoding. */
  encoding: TextEncoding
  /**
   * In a top-level object, the key of the records array (`features` for GeoJSON). Unset: the one
   * property whose value is an array of objects.
   */
  recordsKey?: string
  /** Whether a top-level object without a records array is itself the one record (a GeoJSON Feature). */
  isObjectARecord?: (object: Record<string, unknown>) => boolean
}

/** Longest NDJSON line accepted, in characters. */
const MAX_LINE_CHARS = 64 * 1024 * 1024

const VALUE_TOKENS: Record<string, (value: string | undefined) => unknown> = {
  stringValue: (value) => value,
  numberValue: (value) => Number(value),
  nullValue: () => null,
  trueValue: () => true,
  falseValue: () => false,
}

async function readHeadText(path: string, encoding: TextEncoding): Promise<string> {
  for await (const text of readTextChunks(path, encoding, 64 * 1024)) return text
  return ''
}

/**
 * Follows tokens of an array or object document and assembles each record, without holding the
 * whole document: only the record being built (and small top-level members) are in memory.
 */
class RecordExtractor {
  private depth = 0
  private assembler: Assembler | undefined
  private assemblingRecord = false
  private key = ''
  private recordsKey: string | undefined
  private isInRecordsArray = false
  private isAwaitingFirstElement = false
  private isSkipping = false
  private readonly topLevel: Record<string, unknown> = {}
  private hasEmptyArray = false
  private hasRecords = false
  private readonly recordDepth: number

  constructor(
    private readonly layout: JsonLayout,
    private readonly options: JsonRecordOptions,
  ) {
    this.recordDepth = layout === 'array' ? 1 : 2
  }

  consume(token: JsonToken, out: JsonRecord[]): void {
    if (this.assembler !== undefined) {
      this.assembler.consume(token)
      this.trackDepth(token)
      if (this.assembler.done) this.finishAssembly(out)
      return
    }
    if (this.isSkipping) {
      this.trackDepth(token)
      if (this.depth === 1) this.isSkipping = false
      return
    }
    if (this.depth === 0) {
      this.startDocument(token)
      return
    }
    if (token.name === 'endArray' || token.name === 'endObject') {
      this.trackDepth(token)
      if (this.layout === 'object' && this.depth === 1 && this.isInRecordsArray) {
        if (this.isAwaitingFirstElement) this.hasEmptyArray = true
        this.isInRecordsArray = false
        this.isAwaitingFirstElement = false
      }
      return
    }
    if (this.layout === 'object' && this.depth === 1) {
      if (token.name === 'keyValue') {
        this.key = token.value ?? ''
        return
      }
      if (token.name === 'startArray' && (this.options.recordsKey ?? this.key) === this.key) {
        // Maybe the records array: its first element decides.
        this.trackDepth(token)
        this.isInRecordsArray = true
        this.isAwaitingFirstElement = true
        return
      }
    }
    if (this.isAwaitingFirstElement) {
      this.isAwaitingFirstElement = false
      if (token.name !== 'startObject' && this.options.recordsKey === undefined) {
        // An array of plain values ("tags": [1, 2]) is not the records: skip it.
        this.isInRecordsArray = false
        this.isSkipping = true
        this.trackDepth(token)
        if (this.depth === 1) this.isSkipping = false
        return
      }
      if (this.recordsKey !== undefined) {
        throw new MalformedFile(
          `The JSON object has more than one array of objects ("${this.recordsKey}" and "${this.key}"); expected exactly one`,
        )
      }
      this.recordsKey = this.key
      this.hasRecords = true
    }
    this.startValue(token, out, this.isInRecordsArray && this.depth === this.recordDepth)
  }

  /** At the end of the document: the single-object record, or an error when there were no records. */
  finish(out: JsonRecord[]): void {
    if (this.layout !== 'object' || this.hasRecords) return
    if (this.options.isObjectARecord?.(this.topLevel) === true) {
      out.push({ value: this.topLevel })
      return
    }
    if (this.hasEmptyArray) return
    const expected =
      this.options.recordsKey === undefined
        ? 'an array of objects, an object with one array-of-objects property, or one object per line (NDJSON)'
        : `a "${this.options.recordsKey}" array`
    throw new MalformedFile(`The JSON object has no records; expected ${expected}`)
  }

  private startDocument(token: JsonToken): void {
    const expected = this.layout === 'array' ? 'startArray' : 'startObject'
    if (token.name !== expected) {
      const what =
        VALUE_TOKENS[token.name] === undefined ? token.name : `a single ${token.name.replace('Value', '')} value`
      throw new MalformedFile(
        `Expected the JSON document to be ${this.layout === 'array' ? 'an array' : 'an object'}; found ${what}`,
      )
    }
    this.trackDepth(token)
    if (this.layout === 'array') {
      this.isInRecordsArray = true
      this.hasRecords = true
    }
  }

  private startValue(token: JsonToken, out: JsonRecord[], isRecord: boolean): void {
    const primitive = VALUE_TOKENS[token.name]
    if (primitive !== undefined) {
      this.store(primitive(token.value), isRecord, out)
      return
    }
    this.assemblingRecord = isRecord
    this.assembler = new Assembler()
    this.assembler.consume(token)
    this.trackDepth(token)
  }

  private finishAssembly(out: JsonRecord[]): void {
    const value: unknown = this.assembler?.current
    this.assembler = undefined
    this.store(value, this.assemblingRecord, out)
  }

  private store(value: unknown, isRecord: boolean, out: JsonRecord[]): void {
    if (isRecord) out.push({ value })
    else if (this.layout === 'object' && this.depth === 1) this.topLevel[this.key] = value
  }

  private trackDepth(token: JsonToken): void {
    if (token.name === 'startObject' || token.name === 'startArray') this.depth++
    else if (token.name === 'endObject' || token.name === 'endArray') this.depth--
  }
}

async function* readNdjsonRecords(path: string, encoding: TextEncoding): AsyncGenerator<JsonRecord[]> {
  let carry = ''
  let line = 0
  const parseLine = (text: string, out: JsonRecord[]): void => {
    line++
    if (text.trim() === '') return
    try {
      out.push({ value: JSON.parse(text), sourceRow: line })
    } catch (error) {
      const detail = error instanceof Error ? error.message : String(error)
      out.push({
        value: undefined,
        sourceRow: line,
        issue: { code: 'invalid-json', message: `Line ${line} is not valid JSON: ${detail}` },
      })
    }
  }
  for await (const text of readTextChunks(path, encoding)) {
    const out: JsonRecord[] = []
    const lines = (carry + text).split('\n')
    carry = lines.pop() ?? ''
    if (carry.length > MAX_LINE_CHARS)
      throw new MalformedFile(`NDJSON line ${line + 1} is longer than ${MAX_LINE_CHARS} characters`)
    for (const lineText of lines) parseLine(lineText, out)
    if (out.length > 0) yield out
  }
  const out: JsonRecord[] = []
  parseLine(carry, out)
  if (out.length > 0) yield out
}

/**
 * Streams the records of a JSON document: the elements of a top-level array, the elements of the
 * one array-of-objects property of a top-level object (`{"data": [...]}`, or `features` when
 * `recordsKey` says so), or one object per line (NDJSON). The layout is sniffed from the head.
 * @throws {@link MalformedFile} on a syntax error (with line, column and offset) or when the
 * document has no records
 * @example for await (const records of readJsonRecords('events.json', { encoding: 'utf-8' })) records[0]?.value // { name: 'Rally' }
 */
export async function* readJsonRecords(path: string, options: JsonRecordOptions): AsyncGenerator<JsonRecord[]> {
  const { layout } = scanJsonHead(await readHeadText(path, options.encoding))
  if (layout === 'ndjson') {
    yield* readNdjsonRecords(path, options.encoding)
    return
  }
  const tokenizer = new JsonTokenizer()
  const extractor = new RecordExtractor(layout, options)
  const feed = (write: () => JsonToken[]): JsonRecord[] => {
    const out: JsonRecord[] = []
    for (const token of write()) extractor.consume(token, out)
    return out
  }
  let failure: { error: unknown; goodOffset: number } | undefined
  const step = (write: () => JsonToken[], isLast: boolean): JsonRecord[] | undefined => {
    const goodOffset = tokenizer.fedLength - tokenizer.pendingLength
    try {
      const out = feed(write)
      if (isLast) extractor.finish(out)
      return out
    } catch (error) {
      if (!(error instanceof Error) || error.constructor !== Error) throw error
      // A tokenizer error: located precisely after the loop, by re-reading the file.
      failure = { error, goodOffset }
      return undefined
    }
  }
  for await (const text of readTextChunks(path, options.encoding)) {
    const out = step(() => tokenizer.write(text), false)
    if (out === undefined) break
    if (out.length > 0) yield out
  }
  if (failure === undefined) {
    const out = step(() => tokenizer.end(), true)
    if (out !== undefined && out.length > 0) yield out
  }
  if (failure !== undefined) throw await jsonSyntaxError(path, options.encoding, failure.goodOffset, failure.error)
}
