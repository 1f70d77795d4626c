/**
 * Full-text matches remembered per dataset version: a segment's titles, descriptions and places
 * cannot change without a new version, so the rows a search matched stay right for as long as the
 * segment does. The explore view sends the same search to the list, histogram, map and bounds at
 * once; the database then runs it once.
 * @module
 */

/** Searches kept; the least recently used goes first. */
export const TEXT_MATCHES_KEPT = 256

/** The rows of one segment that matched one search. */
export class TextMatchCache {
  // A Map iterates in insertion order; re-inserting on use keeps the oldest first.
  private readonly entries = new Map<string, Int32Array>()

  constructor(private readonly capacity = TEXT_MATCHES_KEPT) {}

  /** The key of a search in a segment at a version. */
  static key(datasetId: number, version: string, text: string): string {
    return `${datasetId}\u0000${version}\u0000${text}`
  }

  /** The remembered rows, marking them used. */
  get(key: string): Int32Array | undefined {
    const rows = this.entries.get(key)
    if (rows) {
      this.entries.delete(key)
      this.entries.set(key, rows)
    }
    return rows
  }

  /** Remembers rows, forgetting the least recently used search beyond the capacity. */
  set(key: string, rows: Int32Array): void {
    this.entries.delete(key)
    this.entries.set(key, rows)
    while (this.entries.size > this.capacity) this.entries.delete(this.entries.keys().next().value!)
  }

  /** How many searches are remembered. */
  get size(): number {
    return this.entries.size
  }
}
