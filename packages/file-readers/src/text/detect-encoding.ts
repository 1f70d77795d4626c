import type { TextEncoding } from '../types'
import { scanUtf8 } from './utf8-with-fallback'

/** The encoding of a text file's head, and what told us. */
export interface EncodingDetection {
  /** The encoding to decode the file with. */
  encoding: TextEncoding
  /** Whether the head starts with a byte order mark. */
  hasBom: boolean
  /** Bytes in the head that are invalid UTF-8 (UTF-8 only). */
  invalidByteCount: number
  /** Why, for {@link FormatDetectionResult.reason}. */
  reason: string
}

/**
 * Whether the head looks like UTF-16 without a BOM: in mostly-ASCII text every other byte is NUL.
 * Returns the byte order, or undefined.
 * @example utf16ByteOrder(new Uint8Array([0x61, 0, 0x62, 0])) // 'utf-16le'
 */
export function utf16ByteOrder(head: Uint8Array): 'utf-16le' | 'utf-16be' | undefined {
  const length = Math.min(head.length, 4096) & ~1
  if (length < 2) return undefined
  let evenNuls = 0
  let oddNuls = 0
  for (let index = 0; index < length; index += 2) {
    if (head[index] === 0) evenNuls++
    if (head[index + 1] === 0) oddNuls++
  }
  const pairs = length / 2
  // A third of the pairs is generous: non-Latin scripts have fewer NULs, binary has them everywhere.
  if (oddNuls >= pairs / 3 && evenNuls <= pairs / 20) return 'utf-16le'
  if (evenNuls >= pairs / 3 && oddNuls <= pairs / 20) return 'utf-16be'
  return undefined
}

/**
 * Decides how to decode a text file from its head: BOM, then UTF-16 NUL patterns, then UTF-8
 * validity. Mostly-valid UTF-8 with a few invalid bytes stays UTF-8 (those bytes are decoded as
 * windows-1252); text with many invalid bytes and no UTF-8 sequences is windows-1252.
 * @example detectEncoding(new Uint8Array([0xef, 0xbb, 0xbf, 0x61])).encoding // 'utf-8'
 */
export function detectEncoding(head: Uint8Array): EncodingDetection {
  if (head[0] === 0xef && head[1] === 0xbb && head[2] === 0xbf) {
    return { encoding: 'utf-8', hasBom: true, invalidByteCount: 0, reason: 'UTF-8 byte order mark' }
  }
  if (head[0] === 0xff && head[1] === 0xfe) {
    return { encoding: 'utf-16le', hasBom: true, invalidByteCount: 0, reason: 'UTF-16LE byte order mark' }
  }
  if (head[0] === 0xfe && head[1] === 0xff) {
    return { encoding: 'utf-16be', hasBom: true, invalidByteCount: 0, reason: 'UTF-16BE byte order mark' }
  }
  const utf16 = utf16ByteOrder(head)
  if (utf16 !== undefined) {
    return {
      encoding: utf16,
      hasBom: false,
      invalidByteCount: 0,
      reason: `${utf16.toUpperCase()} by its NUL byte pattern`,
    }
  }
  const { invalidByteCount, multibyteCount } = scanUtf8(head)
  if (invalidByteCount === 0) {
    return { encoding: 'utf-8', hasBom: false, invalidByteCount, reason: 'valid UTF-8' }
  }
  const isFew = invalidByteCount * 1000 <= head.length || multibyteCount >= invalidByteCount
  if (isFew) {
    return {
      encoding: 'utf-8',
      hasBom: false,
      invalidByteCount,
      reason: `UTF-8 with ${invalidByteCount} invalid byte(s) read as windows-1252`,
    }
  }
  return {
    encoding: 'windows-1252',
    hasBom: false,
    invalidByteCount: 0,
    reason: `${invalidByteCount} bytes invalid as UTF-8: windows-1252`,
  }
}
