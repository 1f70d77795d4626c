/**
 * What the index learns from a segment's rows on first use and keeps within a byte budget per
 * process, least recently used first out: a filtered value's rows by grid cell, a crowded grid
 * cell's map cells at a fine zoom. A segment's rows and columns never change (a changed dataset
 * gets new ones), so what was computed from them stays right for as long as they live.
 * @module
 */

/** Values computed once per key and kept, the least recently used going first past a byte budget. */
export class ByteBudgetCache<V> {
  // A Map iterates in insertion order; re-inserting on use keeps the oldest first.
  private readonly entries = new Map<string, { readonly value: V; readonly bytes: number }>()
  private keptBytes = 0

  /**
   * @param maxBytes - most bytes the values may take together; the newest is kept even past it
   * @param bytesOf - what a value costs
   * @param maxEntries - most values kept, whatever their bytes
   */
  constructor(
    private maxBytes: number,
    private readonly bytesOf: (value: V) => number,
    private readonly maxEntries = Number.POSITIVE_INFINITY,
  ) {}

  /** The value of `key`, computed by `compute` unless kept, and marked used. */
  get(key: string, compute: () => V): V {
    const kept = this.find(key)
    if (kept !== undefined) return kept
    const value = compute()
    this.set(key, value)
    return value
  }

  /** The kept value of `key`, marked used; undefined when none is kept. */
  find(key: string): V | undefined {
    const entry = this.entries.get(key)
    if (!entry) return undefined
    this.entries.delete(key)
    this.entries.set(key, entry)
    return entry.value
  }

  /** Keeps `value` for `key` as the most recently used, in place of any value kept for it. */
  set(key: string, value: V): void {
    const replaced = this.entries.get(key)
    if (replaced) {
      this.entries.delete(key)
      this.keptBytes -= replaced.bytes
    }
    const entry = { value, bytes: this.bytesOf(value) }
    this.entries.set(key, entry)
    this.keptBytes += entry.bytes
    this.forgetPastBudget()
  }

  /** Changes the byte budget, forgetting the least recently used values past it at once. */
  resize(maxBytes: number): void {
    this.maxBytes = maxBytes
    this.forgetPastBudget()
  }

  /** How many values are kept. */
  get size(): number {
    return this.entries.size
  }

  /** The bytes the kept values take. */
  get bytes(): number {
    return this.keptBytes
  }

  // The newest value stays even alone past the budget: it was computed for a read that uses it.
  private forgetPastBudget(): void {
    for (const [oldest, kept] of this.entries) {
      if (this.entries.size === 1 || (this.keptBytes <= this.maxBytes && this.entries.size <= this.maxEntries)) break
      this.entries.delete(oldest)
      this.keptBytes -= kept.bytes
    }
  }
}

const identities = new WeakMap<object, number>()
let nextIdentity = 0

/**
 * A number naming an object for as long as it lives, for keys of a {@link ByteBudgetCache}.
 * @example identityOf(segment) // 3
 */
export function identityOf(object: object): number {
  let identity = identities.get(object)
  if (identity === undefined) identities.set(object, (identity = nextIdentity++))
  return identity
}
