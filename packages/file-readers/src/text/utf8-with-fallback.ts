import { isUtf8 } from 'node:buffer'

import { WINDOWS_1252_CHARACTERS } from './windows-1252'

/** Result of scanning bytes for UTF-8 validity. */
export interface Utf8Scan {
  /** Bytes that are not part of a valid UTF-8 sequence. */
  invalidByteCount: number
  /** Valid sequences of 2 to 4 bytes (evidence that the text really is UTF-8). */
  multibyteCount: number
}

/**
 * Length of the valid UTF-8 sequence starting at `start`, or 0 when the byte there does not start
 * one. Returns -1 when the bytes end in the middle of a sequence that could still be valid.
 */
function sequenceLength(bytes: Uint8Array, start: number): number {
  const lead = bytes[start]!
  let length: number
  let min: number
  let max = 0xbf
  if (lead >= 0xc2 && lead <= 0xdf) {
    length = 2
    min = 0x80
  } else if (lead >= 0xe0 && lead <= 0xef) {
    length = 3
    // Overlong forms (E0 80..9F) and UTF-16 surrogates (ED A0..BF) are not valid UTF-8.
    min = lead === 0xe0 ? 0xa0 : 0x80
    if (lead === 0xed) max = 0x9f
  } else if (lead >= 0xf0 && lead <= 0xf4) {
    length = 4
    min = lead === 0xf0 ? 0x90 : 0x80
    if (lead === 0xf4) max = 0x8f
  } else {
    return 0
  }
  for (let offset = 1; offset < length; offset++) {
    if (start + offset >= bytes.length) return -1
    const byte = bytes[start + offset]!
    const lower = offset === 1 ? min : 0x80
    const upper = offset === 1 ? max : 0xbf
    if (byte < lower || byte > upper) return 0
  }
  return length
}

/**
 * Counts invalid bytes and valid multi-byte sequences; an incomplete sequence at the very end is
 * not counted as invalid (the head of a file may cut one).
 * @example scanUtf8(new Uint8Array([0x63, 0x61, 0x66, 0xc3, 0xa9, 0xe9])) // { invalidByteCount: 1, multibyteCount: 1 }
 */
export function scanUtf8(bytes: Uint8Array): Utf8Scan {
  let invalidByteCount = 0
  let multibyteCount = 0
  let index = 0
  while (index < bytes.length) {
    if (bytes[index]! < 0x80) {
      index++
      continue
    }
    const length = sequenceLength(bytes, index)
    if (length === -1) break
    if (length === 0) {
      invalidByteCount++
      index++
    } else {
      multibyteCount++
      index += length
    }
  }
  return { invalidByteCount, multibyteCount }
}

/**
 * Where the bytes stop being complete: the index of a trailing, still-incomplete UTF-8 sequence,
 * or `bytes.length` when the bytes end on a character boundary.
 */
function completeLength(bytes: Uint8Array): number {
  for (let back = 1; back <= 3 && back <= bytes.length; back++) {
    const index = bytes.length - back
    const byte = bytes[index]!
    if (byte < 0x80) return bytes.length
    if (byte >= 0xc0) return sequenceLength(bytes, index) === -1 ? index : bytes.length
  }
  return bytes.length
}

/**
 * Streaming UTF-8 decoder that decodes valid sequences as UTF-8 and each invalid byte as its
 * windows-1252 character, so a mostly-UTF-8 file with a few stray Latin-1 bytes keeps its names.
 * @example
 * const decoder = new Utf8WithFallbackDecoder()
 * decoder.decode(new Uint8Array([0x52, 0x75, 0x62, 0xe9, 0x6e])) + decoder.end() // 'Rubén'
 */
export class Utf8WithFallbackDecoder {
  /** Invalid bytes decoded so far. */
  invalidByteCount = 0
  private pending: Uint8Array = new Uint8Array(0)
  private atStart = true

  /** Decodes the next chunk; an incomplete trailing sequence waits for the next chunk. */
  decode(chunk: Uint8Array): string {
    let bytes = chunk
    if (this.pending.length > 0) {
      bytes = new Uint8Array(this.pending.length + chunk.length)
      bytes.set(this.pending)
      bytes.set(chunk, this.pending.length)
    }
    if (this.atStart) {
      if (bytes.length < 3 && isBomPrefix(bytes)) {
        this.pending = bytes.slice()
        return ''
      }
      this.atStart = false
      if (bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf) bytes = bytes.subarray(3)
    }
    const end = completeLength(bytes)
    this.pending = bytes.slice(end)
    return this.decodeComplete(bytes.subarray(0, end))
  }

  /** Flushes the decoder: leftover bytes of an incomplete sequence are invalid. */
  end(): string {
    const rest = this.pending
    this.pending = new Uint8Array(0)
    let text = ''
    for (const byte of rest) text += WINDOWS_1252_CHARACTERS[byte]
    this.invalidByteCount += rest.length
    return text
  }

  private decodeComplete(bytes: Uint8Array): string {
    const buffer = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength)
    // Fast path: simdutf validation, then V8's native decoder.
    if (isUtf8(buffer)) return buffer.toString('utf8')
    const parts: string[] = []
    let runStart = 0
    let index = 0
    while (index < bytes.length) {
      if (bytes[index]! < 0x80) {
        index++
        continue
      }
      const length = sequenceLength(bytes, index)
      if (length > 0) {
        index += length
        continue
      }
      if (index > runStart) parts.push(buffer.toString('utf8', runStart, index))
      parts.push(WINDOWS_1252_CHARACTERS[bytes[index]!]!)
      this.invalidByteCount++
      index++
      runStart = index
    }
    if (index > runStart) parts.push(buffer.toString('utf8', runStart, index))
    return parts.join('')
  }
}

function isBomPrefix(bytes: Uint8Array): boolean {
  const bom = [0xef, 0xbb, 0xbf]
  return bytes.every((byte, index) => byte === bom[index])
}
