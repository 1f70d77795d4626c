import { createReadStream } from 'node:fs'

import type { TextEncoding } from '../types'
import { createTextDecoder } from './decode-text'

/**
 * Streams a text file as decoded strings (BOM stripped), one per chunk read from disk.
 * @example for await (const text of readTextChunks('a.json', 'utf-8')) text // '[{"a": 1}]'
 */
export async function* readTextChunks(
  path: string,
  encoding: TextEncoding,
  chunkBytes = 64 * 1024,
): AsyncGenerator<string> {
  const decoder = createTextDecoder(encoding)
  const stream = createReadStream(path, { highWaterMark: chunkBytes })
  try {
    for await (const chunk of stream as AsyncIterable<Buffer>) {
      const text = decoder.decode(chunk)
      if (text !== '') yield text
    }
    const rest = decoder.end()
    if (rest !== '') yield rest
  } finally {
    stream.destroy()
  }
}
