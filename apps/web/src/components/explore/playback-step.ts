/**
 * Playback's arithmetic: the window lengths offered, the one picked for a span, how far one step
 * moves the window (a tenth of it, in whole calendar units), where playback starts and when it
 * stops. Pure: the panel's timer calls these.
 * @module
 */
import { formatFilterDateAt, type TimelinePrecision } from './timeline-dates'
import { addWindow } from './view-state'

/** The window lengths offered, as the URL's `window` writes them, with their names. */
export const PLAYBACK_WINDOWS = [
  { value: '1d', label: '1 day' },
  { value: '7d', label: '1 week' },
  { value: '1M', label: '1 month' },
  { value: '1y', label: '1 year' },
  { value: '10y', label: '10 years' },
  { value: '100y', label: '100 years' },
] as const

const WINDOW = /^([1-9]\d{0,3})([yMdh])$/
const UNIT_NAMES = { y: 'year', M: 'month', d: 'day', h: 'hour' } as const
const PRECISION_OF_UNIT = { y: 'year', M: 'month', d: 'day', h: 'hour' } as const
/** Rough lengths, only to compare windows with a span. */
const APPROX_MS = { y: 365.2425 * 86_400_000, M: 30.436875 * 86_400_000, d: 86_400_000, h: 3_600_000 } as const
/** How many of the next finer unit make one: a year is 12 months, a month about 30 days. */
const FINER = { y: ['M', 12], M: ['d', 30], d: ['h', 24] } as const

type WindowUnit = keyof typeof UNIT_NAMES

function readWindow(window: string): { amount: number; unit: WindowUnit } {
  const match = WINDOW.exec(window)
  if (!match) throw new RangeError(`not a playback window: ${JSON.stringify(window)}; expected e.g. 10y, 6M, 30d, 12h`)
  return { amount: Number(match[1]), unit: match[2] as WindowUnit }
}

/**
 * A window length in words: `1 week` for `7d`, otherwise the amount and unit (`6 months`).
 * @example playbackWindowLabel('10y') // '10 years'
 */
export function playbackWindowLabel(window: string): string {
  const offered = PLAYBACK_WINDOWS.find((candidate) => candidate.value === window)
  if (offered) return offered.label
  const { amount, unit } = readWindow(window)
  return `${amount} ${UNIT_NAMES[unit]}${amount === 1 ? '' : 's'}`
}

/**
 * The offered window closest to a twentieth of a span (on a log scale), so playback takes about
 * twenty windows to cross it.
 * @example defaultPlaybackWindow(Date.UTC(2024, 0) - Date.UTC(2010, 0)) // '1y'
 */
export function defaultPlaybackWindow(spanMs: number): string {
  const target = Math.max(spanMs, 1) / 20
  let best: string = PLAYBACK_WINDOWS[0].value
  let bestDistance = Infinity
  for (const { value } of PLAYBACK_WINDOWS) {
    const { amount, unit } = readWindow(value)
    const distance = Math.abs(Math.log((amount * APPROX_MS[unit]) / target))
    if (distance < bestDistance) {
      best = value
      bestDistance = distance
    }
  }
  return best
}

/**
 * How far one step moves a window: a tenth of it, in whole units of the window's unit or the next
 * finer one (a year steps a month, a month three days, a day two hours), one hour at least.
 * @example playbackStep('10y') // '1y'
 * @example playbackStep('1y') // '1M'
 */
export function playbackStep(window: string): string {
  const { amount, unit } = readWindow(window)
  if (amount % 10 === 0) return `${amount / 10}${unit}`
  if (unit === 'h') return `${Math.max(1, Math.round(amount / 10))}h`
  const [finer, factor] = FINER[unit]
  return `${Math.max(1, Math.round((amount * factor) / 10))}${finer}`
}

/**
 * The precision a step's positions are written at in the URL's `at`.
 * @example stepPrecision('1M') // 'month'
 */
export function stepPrecision(step: string): TimelinePrecision {
  return PRECISION_OF_UNIT[readWindow(step).unit]
}

/**
 * Where playback starts: at `at` (a paused playback resumes) unless it lies outside the range or
 * its window already reaches the range's end; then at the range's start (a finished one starts over).
 * @param range - epoch ms, `endMs` exclusive
 * @example playbackStartMs(undefined, '1y', { startMs: Date.UTC(2010, 0), endMs: Date.UTC(2025, 0) }) // Date.UTC(2010, 0)
 */
export function playbackStartMs(
  atMs: number | undefined,
  window: string,
  range: { readonly startMs: number; readonly endMs: number },
): number {
  if (atMs !== undefined && atMs >= range.startMs && addWindow(atMs, window) < range.endMs) return atMs
  return range.startMs
}

/**
 * The next step's window start, or null when the window already reaches the range's end (playback
 * stops there, showing the end).
 * @param endMs - the range's end, exclusive
 * @example nextPlaybackAt(Date.UTC(1914, 0), '4y', Date.UTC(1920, 0)) // Date.UTC(1914, 5): a tenth of 4 years is 5 months
 */
export function nextPlaybackAt(atMs: number, window: string, endMs: number): number | null {
  if (addWindow(atMs, window) >= endMs) return null
  return addWindow(atMs, playbackStep(window))
}

/**
 * A window start as the URL's `at` writes it: at the precision of the window's step, so a 10-year
 * window's `at` reads `1914` and a week's `1914-07-28T05:00Z`.
 * @example formatPlaybackAt(Date.UTC(1914, 6, 28), '10y') // '1914'
 */
export function formatPlaybackAt(atMs: number, window: string): string {
  return formatFilterDateAt(atMs, stepPrecision(playbackStep(window)))
}

/**
 * The precision the shown window's dates are written at ("Showing 1914–1923", "January–December
 * 1914", "1–8 June 2020"): its step's, but days rather than hours unless the window counts hours.
 * @example playbackLabelPrecision('7d') // 'day'
 */
export function playbackLabelPrecision(window: string): TimelinePrecision {
  const precision = stepPrecision(playbackStep(window))
  return precision === 'hour' && readWindow(window).unit !== 'h' ? 'day' : precision
}
