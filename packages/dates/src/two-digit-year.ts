import type { ParseDateOptions } from './types'

/**
 * Expands a two-digit year: up to the pivot it is 20xx, above it 19xx. The default pivot is the
 * reference year's last two digits plus 10, so in 2025 '35' is 2035 and '36' is 1936.
 * @example expandTwoDigitYear(21, { twoDigitYearPivot: 30 }) // 2021
 * @example expandTwoDigitYear(48, { twoDigitYearPivot: 30 }) // 1948
 */
export function expandTwoDigitYear(year: number, options: ParseDateOptions): number {
  const pivot = options.twoDigitYearPivot ?? ((options.referenceDate ?? new Date()).getUTCFullYear() % 100) + 10
  return year <= pivot ? 2000 + year : 1900 + year
}
