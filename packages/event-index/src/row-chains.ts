/**
 * Rows appended per slot (a lexeme, while postings are built), kept as the gap varints of
 * `packed-rows` in chained chunks of shared 1 MiB blocks: a row costs about what it will cost
 * packed, and a lexeme seen once costs 8 bytes, not a growable array of its own.
 *
 * A chunk is a 4-byte link to the slot's next chunk followed by its bytes; a slot's chunks hold
 * 4, 8, 16 … up to 4,096 bytes, so at most half of its last chunk stands empty.
 * @module
 */
import { varintLength, type RowShape } from './packed-rows'

const BLOCK_BITS = 20
const BLOCK_BYTES = 1 << BLOCK_BITS
const OFFSET_MASK = BLOCK_BYTES - 1
// Addresses are int32: block × 1 MiB + offset.
const MAX_BLOCKS = 2 ** 31 / BLOCK_BYTES
const LINK_BYTES = 4
const FIRST_CHUNK_BYTES = 4
const MAX_CHUNK_BYTES = 4096

const grown = (array: Int32Array, length: number): Int32Array<ArrayBuffer> => {
  const copy = new Int32Array(length)
  copy.set(array)
  return copy
}

/** Ascending rows per slot, as gap varints in pooled chunks. */
export class RowChains {
  private readonly blocks: Uint8Array[] = []
  // Bytes used of the last block; "full" before the first, so the first chunk adds one.
  private used = BLOCK_BYTES
  private slots = 0
  // Per slot: its first and current chunk, where its next byte goes and where the current chunk ends.
  private heads = new Int32Array(1024)
  private tails = new Int32Array(1024)
  private writeAts = new Int32Array(1024)
  private ends = new Int32Array(1024)
  // Per slot: its rows, the first and last, and the bytes of its gaps.
  private counts = new Int32Array(1024)
  private firstRows = new Int32Array(1024)
  private lastRows = new Int32Array(1024)
  private gapBytes = new Int32Array(1024)

  /** How many slots have been added. */
  get size(): number {
    return this.slots
  }

  /** Adds an empty slot. @returns its number, counting from 0 */
  addSlot(): number {
    const slot = this.slots++
    if (slot === this.heads.length) {
      const length = slot * 2
      this.heads = grown(this.heads, length)
      this.tails = grown(this.tails, length)
      this.writeAts = grown(this.writeAts, length)
      this.ends = grown(this.ends, length)
      this.counts = grown(this.counts, length)
      this.firstRows = grown(this.firstRows, length)
      this.lastRows = grown(this.lastRows, length)
      this.gapBytes = grown(this.gapBytes, length)
    }
    const chunk = this.allocate(FIRST_CHUNK_BYTES)
    this.heads[slot] = chunk
    this.tails[slot] = chunk
    this.writeAts[slot] = chunk + LINK_BYTES
    this.ends[slot] = chunk + LINK_BYTES + FIRST_CHUNK_BYTES
    return slot
  }

  /**
   * Appends `row` to the slot's rows; a row equal to the last one is not listed twice.
   * @param row - at least the slot's last row
   */
  append(slot: number, row: number): void {
    const count = this.counts[slot]!
    if (count > 0 && this.lastRows[slot] === row) return
    let gap = count === 0 ? row : row - this.lastRows[slot]! - 1
    if (count === 0) this.firstRows[slot] = row
    this.lastRows[slot] = row
    this.counts[slot] = count + 1
    this.gapBytes[slot]! += varintLength(gap)
    while (gap >= 0x80) {
      this.put(slot, (gap & 0x7f) | 0x80)
      gap >>>= 7
    }
    this.put(slot, gap)
  }

  /** The slot's count, first and last row and the bytes of its gaps. */
  shapeOf(slot: number): RowShape {
    return {
      count: this.counts[slot]!,
      firstRow: this.firstRows[slot]!,
      lastRow: this.lastRows[slot]!,
      gapBytes: this.gapBytes[slot]!,
    }
  }

  /**
   * The slot's gaps, copied to the start of `scratch` (at least {@link maxGapBytes} long).
   * @returns the part of `scratch` they fill
   */
  gapsOf(slot: number, scratch: Uint8Array): Uint8Array {
    const length = this.gapBytes[slot]!
    let chunk = this.heads[slot]!
    let capacity = FIRST_CHUNK_BYTES
    for (let copied = 0; copied < length;) {
      const start = chunk + LINK_BYTES
      const end = chunk === this.tails[slot] ? this.writeAts[slot]! : start + capacity
      const block = this.blocks[start >>> BLOCK_BITS]!
      const offset = start & OFFSET_MASK
      // Most chunks are a few bytes: a loop beats making a subarray for each.
      if (end - start <= 64)
        for (let byte = 0; byte < end - start; byte++) scratch[copied + byte] = block[offset + byte]!
      else scratch.set(block.subarray(offset, offset + end - start), copied)
      copied += end - start
      chunk = this.linkAt(chunk)
      capacity = Math.min(capacity * 2, MAX_CHUNK_BYTES)
    }
    return scratch.subarray(0, length)
  }

  /** The bytes of the longest slot's gaps (the scratch {@link gapsOf} needs). */
  get maxGapBytes(): number {
    let most = 0
    for (let slot = 0; slot < this.slots; slot++) most = Math.max(most, this.gapBytes[slot]!)
    return most
  }

  private put(slot: number, byte: number): void {
    let at = this.writeAts[slot]!
    if (at === this.ends[slot]) {
      // The current chunk is full: chain one twice its size (up to the largest).
      const tail = this.tails[slot]!
      const capacity = Math.min(2 * (this.ends[slot] - tail - LINK_BYTES), MAX_CHUNK_BYTES)
      const chunk = this.allocate(capacity)
      this.setLinkAt(tail, chunk)
      this.tails[slot] = chunk
      this.ends[slot] = chunk + LINK_BYTES + capacity
      at = chunk + LINK_BYTES
    }
    this.blocks[at >>> BLOCK_BITS]![at & OFFSET_MASK] = byte
    this.writeAts[slot] = at + 1
  }

  // A chunk of `capacity` bytes after its link, never across two blocks.
  private allocate(capacity: number): number {
    const bytes = LINK_BYTES + capacity
    if (this.used + bytes > BLOCK_BYTES) {
      if (this.blocks.length === MAX_BLOCKS)
        throw new RangeError(`the search postings being built outgrow ${MAX_BLOCKS} blocks of 1 MiB`)
      this.blocks.push(new Uint8Array(BLOCK_BYTES))
      this.used = 0
    }
    const chunk = (this.blocks.length - 1) * BLOCK_BYTES + this.used
    this.used += bytes
    return chunk
  }

  private linkAt(chunk: number): number {
    const block = this.blocks[chunk >>> BLOCK_BITS]!
    const offset = chunk & OFFSET_MASK
    return block[offset]! | (block[offset + 1]! << 8) | (block[offset + 2]! << 16) | (block[offset + 3]! << 24)
  }

  private setLinkAt(chunk: number, next: number): void {
    const block = this.blocks[chunk >>> BLOCK_BITS]!
    const offset = chunk & OFFSET_MASK
    block[offset] = next & 0xff
    block[offset + 1] = (next >>> 8) & 0xff
    block[offset + 2] = (next >>> 16) & 0xff
    block[offset + 3] = next >>> 24
  }
}
