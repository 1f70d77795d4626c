/**
 * A chunk of export output written straight into a buffer as UTF-8, which costs about half of
 * joining the text first and encoding it after (the joined text must be flattened, then copied).
 * @module
 */

/** Most bytes one UTF-16 code unit becomes in UTF-8. */
const MAX_BYTES_PER_UNIT = 3
const MIN_CAPACITY = 64 * 1024

/** Collects text as UTF-8 bytes; {@link ChunkWriter.take} hands them over and starts afresh. */
export class ChunkWriter {
  private buffer: Buffer
  private length = 0

  /** @param expectedBytes - about how many bytes a chunk takes, so it rarely has to grow */
  constructor(private expectedBytes = MIN_CAPACITY) {
    this.buffer = Buffer.allocUnsafe(Math.max(MIN_CAPACITY, expectedBytes))
  }

  /** Appends `text` as UTF-8. */
  write(text: string): void {
    if (this.length + text.length * MAX_BYTES_PER_UNIT > this.buffer.length) this.reserve(Buffer.byteLength(text))
    this.length += this.buffer.write(text, this.length)
  }

  private reserve(bytes: number): void {
    const needed = this.length + bytes
    if (needed > this.buffer.length) {
      const grown = Buffer.allocUnsafe(Math.max(needed, this.buffer.length * 2))
      this.buffer.copy(grown, 0, 0, this.length)
      this.buffer = grown
    }
  }

  /** The bytes written since the last take; the next chunk gets a fresh buffer sized like this one. */
  take(): Uint8Array {
    const chunk = this.buffer.subarray(0, this.length)
    this.expectedBytes = Math.max(MIN_CAPACITY, Math.ceil(this.length * 1.25))
    this.buffer = Buffer.allocUnsafe(this.expectedBytes)
    this.length = 0
    return chunk
  }
}
