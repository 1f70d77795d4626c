import type { TextEncoding } from '../types'
import { Utf8WithFallbackDecoder } from './utf8-with-fallback'
import { decodeWindows1252 } from './windows-1252'

/** Decodes a byte stream chunk by chunk, keeping characters split across chunks intact. */
export interface StreamingTextDecoder {
  /** Decodes the next chunk of bytes. */
  decode(chunk: Uint8Array): string
  /** Flushes what is left at the end of the stream. */
  end(): string
  /** UTF-8 only: invalid bytes met so far (each decoded as windows-1252). */
  readonly invalidByteCount: number
}

/**
 * Creates a streaming decoder for `encoding` that strips a leading byte order mark.
 * @example
 * const decoder = createTextDecoder('utf-16le')
 * decoder.decode(new Uint8Array([0xff, 0xfe, 0x41, 0x00])) + decoder.end() // 'A'
 */
export function createTextDecoder(encoding: TextEncoding): StreamingTextDecoder {
  if (encoding === 'utf-8') return new Utf8WithFallbackDecoder()
  if (encoding === 'windows-1252') return { decode: decodeWindows1252, end: () => '', invalidByteCount: 0 }
  // WHATWG decoders strip the BOM themselves (ignoreBOM: false) and replace bad UTF-16 with U+FFFD.
  const decoder = new TextDecoder(encoding, { fatal: false, ignoreBOM: false })
  return {
    decode: (chunk) => decoder.decode(chunk, { stream: true }),
    end: () => decoder.decode(),
    invalidByteCount: 0,
  }
}
