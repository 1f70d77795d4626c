/** Distinct values counted exactly, per column, before switching to an estimate. */
export const DISTINCT_EXACT_CAP = 10_000

/** Hashes kept by the estimate: its relative error is about 1/sqrt(256), ±6%. */
const SKETCH_SIZE = 256
const HASH_RANGE = 2 ** 32

/** JSON form of {@link DistinctValues}. */
export interface DistinctValuesState {
  /** Value, occurrences and the value's kind, while counting exactly. */
  exact: Array<[value: string, count: number, kind: string]> | null
  /** The smallest 32-bit hashes seen, ascending, once the cap was passed. */
  sketch: number[] | null
}

/** 32-bit FNV-1a hash of a string's UTF-16 code units. */
export function hashText(text: string): number {
  let hash = 0x811c9dc5
  for (let i = 0; i < text.length; i++) {
    hash ^= text.charCodeAt(i)
    hash = Math.imul(hash, 0x01000193)
  }
  // Final avalanche (from murmur3) so similar strings spread over the whole range.
  hash ^= hash >>> 16
  hash = Math.imul(hash, 0x85ebca6b)
  hash ^= hash >>> 13
  return hash >>> 0
}

/** Inserts a hash into an ascending array of at most SKETCH_SIZE hashes, ignoring repeats. */
function addToSketch(sketch: number[], hash: number): void {
  if (sketch.length >= SKETCH_SIZE && hash >= (sketch[sketch.length - 1] as number)) return
  let low = 0
  let high = sketch.length
  while (low < high) {
    const middle = (low + high) >>> 1
    if ((sketch[middle] as number) < hash) low = middle + 1
    else high = middle
  }
  if (sketch[low] === hash) return
  sketch.splice(low, 0, hash)
  if (sketch.length > SKETCH_SIZE) sketch.pop()
}

/**
 * Counts a column's distinct values with capped memory: exactly (with occurrences and a cached
 * kind per value) up to {@link DISTINCT_EXACT_CAP} values, then as a k-minimum-values estimate.
 */
export class DistinctValues {
  private exact: Map<string, { count: number; kind: string }> | null
  private sketch: number[] | null

  /** Restores counting from a saved state, or starts empty. */
  constructor(state?: DistinctValuesState) {
    this.exact = state?.exact ? new Map(state.exact.map(([value, count, kind]) => [value, { count, kind }])) : null
    this.sketch = state?.sketch ? [...state.sketch] : null
    if (this.exact === null && this.sketch === null) this.exact = new Map()
  }

  /** The kind cached for a value already seen, counting this occurrence; `undefined` when new. */
  countRepeat(value: string): string | undefined {
    const entry = this.exact?.get(value)
    if (entry === undefined) return undefined
    entry.count++
    return entry.kind
  }

  /** Records a value not seen before (as far as {@link countRepeat} knows) with its kind. */
  addNew(value: string, kind: string): void {
    if (this.exact !== null) {
      this.exact.set(value, { count: 1, kind })
      if (this.exact.size > DISTINCT_EXACT_CAP) this.switchToSketch()
      return
    }
    addToSketch(this.sketch as number[], hashText(value))
  }

  private switchToSketch(): void {
    const sketch: number[] = []
    for (const value of (this.exact as Map<string, unknown>).keys()) addToSketch(sketch, hashText(value))
    this.sketch = sketch
    this.exact = null
  }

  /** True while counts are exact. */
  get isExact(): boolean {
    return this.exact !== null
  }

  /** Distinct values counted, or estimated once past the cap. */
  get count(): number {
    if (this.exact !== null) return this.exact.size
    const sketch = this.sketch as number[]
    if (sketch.length < SKETCH_SIZE) return sketch.length
    const kth = (sketch[SKETCH_SIZE - 1] as number) + 1
    return Math.max(DISTINCT_EXACT_CAP + 1, Math.round(((SKETCH_SIZE - 1) * HASH_RANGE) / kth))
  }

  /** The most frequent values (exact counting only), most frequent first, ties by first seen. */
  topValues(limit: number): Array<{ value: string; count: number }> | undefined {
    if (this.exact === null) return undefined
    return [...this.exact]
      .map(([value, entry]) => ({ value, count: entry.count }))
      .sort((a, b) => b.count - a.count)
      .slice(0, limit)
  }

  /** JSON-serializable state. */
  state(): DistinctValuesState {
    return {
      exact: this.exact ? [...this.exact].map(([value, entry]) => [value, entry.count, entry.kind]) : null,
      sketch: this.sketch ? [...this.sketch] : null,
    }
  }
}
