import { MalformedFile } from '../errors'
import { readTextChunks } from '../text/read-text-chunks'
import type { TextEncoding } from '../types'
import { JsonTokenizer } from './token-parser'

/** Where a JSON syntax error is: 0-based character offset, 1-based line and column. */
export interface JsonErrorLocation {
  /** 0-based character offset of the offending token. */
  offset: number
  /** 1-based line. */
  line: number
  /** 1-based column. */
  column: number
  /** Up to 30 characters from the offending token on. */
  excerpt: string
}

/**
 * Re-reads a JSON file to place a syntax error exactly: text up to `knownGoodOffset` is fed in
 * bulk, then one character at a time until the tokenizer fails; the token it was waiting on
 * starts at the error. Only runs on the error path.
 * @example await locateJsonError('bad.json', 'utf-8', 0) // { offset: 9, line: 2, column: 5, excerpt: '}' }
 */
export async function locateJsonError(
  path: string,
  encoding: TextEncoding,
  knownGoodOffset: number,
): Promise<JsonErrorLocation | undefined> {
  const tokenizer = new JsonTokenizer()
  let line = 1
  let offset = 0
  // Starts of the most recent lines: the tokenizer may fail a few characters after the error
  // (it waits for a token to complete), possibly past a newline.
  const lineStarts: number[] = [0]
  const track = (text: string): void => {
    for (let index = text.indexOf('\n'); index !== -1; index = text.indexOf('\n', index + 1)) {
      line++
      lineStarts.push(offset + index + 1)
      if (lineStarts.length > 64) lineStarts.shift()
    }
    offset += text.length
  }
  let recent = ''
  for await (const chunk of readTextChunks(path, encoding)) {
    const bulk = Math.max(0, Math.min(chunk.length, knownGoodOffset - offset))
    if (bulk > 0) {
      tokenizer.write(chunk.slice(0, bulk))
      track(chunk.slice(0, bulk))
      recent = (recent + chunk.slice(0, bulk)).slice(-64)
    }
    for (let index = bulk; index < chunk.length; index++) {
      const char = chunk[index]!
      recent = (recent + char).slice(-64)
      try {
        tokenizer.write(char)
      } catch {
        return locate(offset + 1, tokenizer.pendingLength, recent, chunk.slice(index + 1, index + 31))
      }
      track(char)
    }
  }
  try {
    tokenizer.end()
  } catch {
    return locate(offset, tokenizer.pendingLength, recent, '')
  }
  return undefined

  /** `fed` characters went in; the last `pending` of them are the token the parser choked on. */
  function locate(fed: number, pending: number, recentText: string, following: string): JsonErrorLocation {
    const errorOffset = fed - pending
    const excerpt = (recentText.slice(Math.max(0, recentText.length - pending)) + following).slice(0, 30)
    const later = lineStarts.filter((start) => start > errorOffset).length
    const lineStart = lineStarts.filter((start) => start <= errorOffset).at(-1) ?? errorOffset
    return { offset: errorOffset, line: line - later, column: errorOffset - lineStart + 1, excerpt }
  }
}

/**
 * Builds the {@link MalformedFile} for a JSON syntax error, placed as exactly as possible.
 * @example (await jsonSyntaxError('bad.json', 'utf-8', 0, new Error('Parser cannot parse input: expected a value'))).message
 * // 'JSON syntax error: expected a value at "}" (line 2, column 5, offset 9)'
 */
export async function jsonSyntaxError(
  path: string,
  encoding: TextEncoding,
  knownGoodOffset: number,
  error: unknown,
): Promise<MalformedFile> {
  const detail = (error instanceof Error ? error.message : String(error)).replace(
    /^Parser (cannot parse input: |has )/,
    '',
  )
  const location = await locateJsonError(path, encoding, knownGoodOffset)
  if (location === undefined) return new MalformedFile(`JSON syntax error: ${detail}`, {}, { cause: error })
  return new MalformedFile(
    `JSON syntax error: ${detail} at ${JSON.stringify(location.excerpt)}`,
    { line: location.line, column: location.column, byteOffset: location.offset },
    { cause: error },
  )
}
