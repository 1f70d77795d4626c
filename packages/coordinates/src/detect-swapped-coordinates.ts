/** The column-level decision of {@link detectSwappedCoordinates}, with its evidence. */
export interface SwapDecision {
  /** True when the "latitude" column holds longitudes and the "longitude" column latitudes. */
  isSwapped: boolean
  /** The decision in words, for the import preview. */
  reason: string
  /** Rows whose "latitude" is beyond ±90, rows whose "longitude" is beyond ±90, and rows counted. */
  evidence: { latOutOfRange: number; lonOutOfRange: number; total: number }
}

/** Below this share of impossible latitudes, they are typos rather than a swap. */
const MIN_SWAPPED_SHARE = 0.05
/** Fewer impossible latitudes than this are typos however small the file: one bad row must not flip a file. */
const MIN_SWAPPED_ROWS = 3

/**
 * Decides whether a file's latitude and longitude columns are swapped: when a real share (5 % or
 * more) of the "latitudes" exceed ±90 while the "longitudes" all fit in ±90, the columns hold each
 * other's values. Rows that are not finite or are exactly (0, 0) are not counted. A swap where every
 * value fits in ±90 (most of Europe and Africa) cannot be seen from ranges alone.
 * @example detectSwappedCoordinates([{ latitude: -122.4, longitude: 37.8 }]).isSwapped // true
 */
export function detectSwappedCoordinates(
  samples: ReadonlyArray<{ latitude: number; longitude: number }>,
): SwapDecision {
  let latOutOfRange = 0
  let lonOutOfRange = 0
  let total = 0
  for (const { latitude, longitude } of samples) {
    if (!Number.isFinite(latitude) || !Number.isFinite(longitude) || (latitude === 0 && longitude === 0)) continue
    total++
    if (Math.abs(latitude) > 90) latOutOfRange++
    if (Math.abs(longitude) > 90) lonOutOfRange++
  }
  const evidence = { latOutOfRange, lonOutOfRange, total }
  if (total === 0) return { isSwapped: false, reason: 'no row has finite coordinates', evidence }
  if (latOutOfRange === 0) return { isSwapped: false, reason: `all ${total} latitudes are within ±90`, evidence }
  if (lonOutOfRange > 0) {
    return {
      isSwapped: false,
      reason: `${latOutOfRange} latitudes and ${lonOutOfRange} longitudes exceed ±90, so swapping would not fix them`,
      evidence,
    }
  }
  if (latOutOfRange < MIN_SWAPPED_SHARE * total || latOutOfRange < MIN_SWAPPED_ROWS) {
    return {
      isSwapped: false,
      reason: `only ${latOutOfRange} of ${total} latitudes exceed ±90: too few for a swap, reported as row errors`,
      evidence,
    }
  }
  return {
    isSwapped: true,
    reason: `${latOutOfRange} of ${total} latitudes exceed ±90 while every longitude fits within ±90: the columns are swapped`,
    evidence,
  }
}
