/**
 * What the benchmarks print beside their figures, since the machines they run on are shared: the
 * load average.
 * @module
 */
import os from 'node:os'

/**
 * The 1-, 5- and 15-minute load averages, e.g. `1.85 / 1.90 / 1.70`.
 * @example describeLoadAverage() // '0.42 / 0.61 / 0.70'
 */
export function describeLoadAverage(): string {
  return os
    .loadavg()
    .map((load) => load.toFixed(2))
    .join(' / ')
}
