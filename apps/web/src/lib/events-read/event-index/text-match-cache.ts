/**
 * Full-text matches remembered per dataset version: a segment's titles, descriptions and places
 * cannot change without a new version, so the rows a search matched stay right for as long as the
 * segment does. The explore view sends the same search to the list, histogram, map and bounds at
 * once; the database then runs it once. The index keeps what it learns of a search's matches (their
 * map cells, their grid cells) with the rows, so it goes when they do.
 * @module
 */
import { ByteBudgetCache } from '@chronotope/event-index'

/** Searches kept; the least recently used goes first. */
export const TEXT_MATCHES_KEPT = 256

/** Most bytes the kept searches may take together, with what the index keeps with their rows. */
export const TEXT_MATCHES_MAX_BYTES = 128 * 1024 * 1024

/**
 * The bytes the kept searches may take beside an index limited to `indexMaxBytes`: an eighth of
 * it, never more than {@link TEXT_MATCHES_MAX_BYTES}.
 * @example textMatchesMaxBytes(256 * 1024 * 1024) // 33554432
 */
export function textMatchesMaxBytes(indexMaxBytes: number): number {
  return Math.min(TEXT_MATCHES_MAX_BYTES, Math.floor(indexMaxBytes / 8))
}

/**
 * What a search's rows cost, in bytes per byte of rows, with what the index may keep with them at
 * most: the rows (4 bytes each), the same rows grouped by grid cell (4) and their map cells at up
 * to nine zooms (one cell of 68 bytes for 16 rows or more, about 4.25 bytes a row a zoom).
 */
const KEPT_BYTES_PER_ROW_BYTE = 12

/** The rows of one segment that matched one search. */
export class TextMatchCache {
  private readonly searches: ByteBudgetCache<Int32Array>

  /**
   * @param capacity - most searches kept
   * @param maxBytes - most bytes they may take together; the newest is kept even past it
   */
  constructor(capacity = TEXT_MATCHES_KEPT, maxBytes = TEXT_MATCHES_MAX_BYTES) {
    this.searches = new ByteBudgetCache(maxBytes, (rows) => rows.byteLength * KEPT_BYTES_PER_ROW_BYTE, capacity)
  }

  /** The key of a search in a segment at a version. */
  static key(datasetId: number, version: string, text: string): string {
    return `${datasetId}\u0000${version}\u0000${text}`
  }

  /** The remembered rows, marking them used. */
  get(key: string): Int32Array | undefined {
    return this.searches.find(key)
  }

  /** Remembers rows, forgetting the least recently used searches beyond the capacity or the bytes. */
  set(key: string, rows: Int32Array): void {
    this.searches.set(key, rows)
  }

  /** How many searches are remembered. */
  get size(): number {
    return this.searches.size
  }

  /** The bytes the remembered searches take, with what the index keeps with them (an estimate). */
  get bytes(): number {
    return this.searches.bytes
  }
}
