import type { ReadLimits } from './types'

/** The limits used when {@link ReadOptions.limits} leaves one out. */
export const DEFAULT_READ_LIMITS: Readonly<ReadLimits> = Object.freeze({
  maxColumns: 2000,
  maxCellBytes: 1024 * 1024,
  maxUncompressedBytes: 512 * 1024 * 1024,
  maxCompressionRatio: 200,
  maxSharedStrings: 5_000_000,
  maxXlsBytes: 50 * 1024 * 1024,
  maxRepeatedRows: 100_000,
  // A real workbook has a handful of sheets and a few files per sheet; these bound what a small
  // hostile file can make the readers hold in memory before any row is read.
  maxSheets: 1000,
  maxZipEntries: 10_000,
})

/**
 * Fills the limits the caller left out with the defaults.
 * @example resolveLimits({ maxColumns: 10 }).maxColumns // 10
 */
export function resolveLimits(limits: Partial<ReadLimits> = {}): ReadLimits {
  const resolved = { ...DEFAULT_READ_LIMITS }
  for (const [key, value] of Object.entries(limits) as [keyof ReadLimits, number | undefined][]) {
    if (value !== undefined) resolved[key] = value
  }
  return resolved
}
