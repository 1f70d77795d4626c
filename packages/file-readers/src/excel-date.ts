const MS_PER_DAY = 86_400_000
/** Days from 1899-12-30 (the 1900 system's day 0 after its leap-year bug) to 1970-01-01. */
const DAYS_1900_TO_UNIX = 25_569
/** Days from 1904-01-01 (the 1904 system's day 0) to 1970-01-01. */
const DAYS_1904_TO_UNIX = 24_107

function pad(value: number, width = 2): string {
  return String(value).padStart(width, '0')
}

/**
 * Converts an Excel date serial (days, with the time as a fraction) to an ISO string:
 * `YYYY-MM-DD`, `YYYY-MM-DDTHH:mm:ss` when there is a time part, or `HH:mm:ss` for a pure time
 * (serial below 1). The 1900 system counts the non-existent 1900-02-29 (Lotus' bug), so serials
 * up to 60 are shifted by a day (60 itself becomes 1900-02-28). Returns undefined for negative or
 * non-finite serials, which are not dates.
 * @param is1904 - the workbook uses the 1904 date system (old Mac Excel)
 * @example excelSerialToIso(45292.5, false) // '2024-01-01T12:00:00'
 */
export function excelSerialToIso(serial: number, is1904: boolean): string | undefined {
  if (!Number.isFinite(serial) || serial < 0 || serial > 2_958_466) return undefined
  let days = Math.floor(serial)
  // Round to the second: stored fractions like 0.49999999 mean 12:00:00.
  let seconds = Math.round((serial - days) * 86_400)
  if (seconds === 86_400) {
    days++
    seconds = 0
  }
  const time = `${pad(Math.floor(seconds / 3600))}:${pad(Math.floor((seconds % 3600) / 60))}:${pad(seconds % 60)}`
  if (days === 0 && !is1904) return time
  const offset = is1904 ? DAYS_1904_TO_UNIX : days < 60 ? DAYS_1900_TO_UNIX - 1 : DAYS_1900_TO_UNIX
  const date = new Date((days - offset) * MS_PER_DAY)
  const iso = `${pad(date.getUTCFullYear(), 4)}-${pad(date.getUTCMonth() + 1)}-${pad(date.getUTCDate())}`
  return seconds === 0 ? iso : `${iso}T${time}`
}
