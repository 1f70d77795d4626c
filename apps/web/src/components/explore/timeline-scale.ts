/**
 * The timeline's two axes as plain linear maps. Time is linear in epoch milliseconds and the
 * ticks come from `timeAxisTicks`, so the chart needs nothing of `d3-scale` but a straight line
 * and a round top for the count axis; importing `d3-scale` would also bring its number and time
 * formatting locales (about 9 KB gzip) into the page.
 * @module
 */

/** A linear map from a domain onto a range, and back. */
export interface LinearScale {
  /** The position of `value` (extrapolated outside the domain). */
  (value: number): number
  /** The value at `position`. */
  invert(position: number): number
}

/** Maps `domain` linearly onto `range`; an empty domain maps everything to the range's start. */
export function linearScale(domain: readonly [number, number], range: readonly [number, number]): LinearScale {
  const [d0, d1] = domain
  const [r0, r1] = range
  const ratio = d1 === d0 ? 0 : (r1 - r0) / (d1 - d0)
  const scale = (value: number) => r0 + (value - d0) * ratio
  scale.invert = (position: number) => (ratio === 0 ? d0 : d0 + (position - r0) / ratio)
  return scale
}

// A tick step of 1, 2 or 5 times a power of ten giving about `count` ticks up to `max`, as d3's
// `tickIncrement` picks it (the thresholds are the geometric means between 1, 2, 5 and 10).
function tickStep(max: number, count: number): number {
  const raw = max / count
  const power = 10 ** Math.floor(Math.log10(raw))
  const error = raw / power
  const factor = error >= Math.sqrt(50) ? 10 : error >= Math.sqrt(10) ? 5 : error >= Math.sqrt(2) ? 2 : 1
  return factor * power
}

/**
 * The count axis's top: `max` rounded up to a multiple of a 1-2-5 step, so the label reads
 * "1,300" rather than "1,234" (what d3's `scale.nice()` does for a domain starting at 0).
 * Counts of 1 or less stay as they are.
 */
export function niceCountCeiling(max: number, count = 10): number {
  if (!(max > 1)) return Math.max(max, 0)
  let top = max
  // Rounding up can change the step; two passes settle it, as in d3.
  for (let pass = 0; pass < 2; pass += 1) {
    const step = tickStep(top, count)
    top = Math.ceil(top / step) * step
  }
  return Number(top.toPrecision(12))
}
