/** The longest pause a Retry-After header may impose: 60 s. */
export const MAX_RETRY_AFTER_MS = 60_000

/**
 * Reads an HTTP Retry-After header (seconds or an HTTP date) as a delay in ms, capped at
 * {@link MAX_RETRY_AFTER_MS}; undefined when absent or unreadable.
 * @param nowMs - the current time in ms since the epoch, for HTTP dates
 * @example parseRetryAfterMs('2', Date.now()) // 2000
 * @example parseRetryAfterMs('Wed, 21 Oct 2015 07:28:00 GMT', Date.parse('Wed, 21 Oct 2015 07:27:58 GMT')) // 2000
 */
export function parseRetryAfterMs(header: string | null | undefined, nowMs: number): number | undefined {
  const value = header?.trim()
  if (value === undefined || value === '') return undefined
  if (/^\d+(\.\d+)?$/.test(value)) return Math.min(Number(value) * 1000, MAX_RETRY_AFTER_MS)
  const at = Date.parse(value)
  if (Number.isNaN(at)) return undefined
  return Math.min(Math.max(0, at - nowMs), MAX_RETRY_AFTER_MS)
}
