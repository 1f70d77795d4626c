import { parseFilterDate } from '@chronotope/filters'
import { describe, expect, it } from 'vitest'

import {
  defaultPlaybackWindow,
  formatPlaybackAt,
  nextPlaybackAt,
  PLAYBACK_WINDOWS,
  playbackLabelPrecision,
  playbackStartMs,
  playbackStep,
  playbackWindowLabel,
  stepPrecision,
} from './playback-step'

const YEAR_MS = 365.2425 * 86_400_000

describe('playbackStep', () => {
  it.each([
    ['100y', '10y'],
    ['10y', '1y'],
    ['1y', '1M'],
    ['6M', '18d'],
    ['1M', '3d'],
    ['7d', '17h'],
    ['30d', '3d'],
    ['1d', '2h'],
    ['12h', '1h'],
    ['1h', '1h'],
  ])('a tenth of %s is %s', (window, expected) => {
    expect(playbackStep(window)).toBe(expected)
  })

  it('refuses what is not a window', () => {
    expect(() => playbackStep('1w')).toThrow(/not a playback window: "1w"/)
  })
})

describe('defaultPlaybackWindow', () => {
  it.each([
    ['the demo data, 15 years', 15 * YEAR_MS, '1y'],
    ['three centuries', 300 * YEAR_MS, '10y'],
    ['three millennia', 3000 * YEAR_MS, '100y'],
    ['a year', YEAR_MS, '1M'],
    ['ten weeks', (YEAR_MS * 10) / 52, '7d'],
    ['a month', YEAR_MS / 12, '1d'],
    ['nothing', 0, '1d'],
  ])('%s', (_name, spanMs, expected) => {
    expect(defaultPlaybackWindow(spanMs)).toBe(expected)
  })
})

describe('nextPlaybackAt', () => {
  it('moves by a tenth of the window in calendar units', () => {
    expect(nextPlaybackAt(Date.UTC(1914, 0), '10y', Date.UTC(2000, 0))).toBe(Date.UTC(1915, 0))
    expect(nextPlaybackAt(Date.UTC(2020, 0, 31), '1y', Date.UTC(2030, 0))).toBe(Date.UTC(2020, 2, 2))
    expect(nextPlaybackAt(Date.UTC(2020, 1, 1), '1M', Date.UTC(2030, 0))).toBe(Date.UTC(2020, 1, 4))
  })

  it('stops once the window reaches the end', () => {
    expect(nextPlaybackAt(Date.UTC(2014, 0), '10y', Date.UTC(2025, 0))).toBe(Date.UTC(2015, 0))
    expect(nextPlaybackAt(Date.UTC(2015, 0), '10y', Date.UTC(2025, 0))).toBeNull()
    expect(nextPlaybackAt(Date.UTC(2020, 0), '10y', Date.UTC(2025, 0))).toBeNull()
  })

  it('crosses the era before Christ', () => {
    const start = parseFilterDate('start', '-0004')
    const next = nextPlaybackAt(start, '100y', parseFilterDate('start', '0500'))
    expect(formatPlaybackAt(next!, '100y')).toBe('0006')
  })

  it('reaches the end of a range in about ten steps per window', () => {
    let at: number | null = Date.UTC(2010, 0)
    let steps = 0
    while (at !== null && steps < 1000) {
      at = nextPlaybackAt(at, '1y', Date.UTC(2025, 0))
      steps += 1
    }
    // 14 years of monthly steps before a 1-year window reaches 2025, plus the stopping call.
    expect(steps).toBe(14 * 12 + 1)
  })
})

describe('playbackStartMs', () => {
  const range = { startMs: Date.UTC(2010, 0), endMs: Date.UTC(2025, 0) }
  it('resumes at the paused position, else starts at the range start', () => {
    expect(playbackStartMs(Date.UTC(2015, 0), '1y', range)).toBe(Date.UTC(2015, 0))
    expect(playbackStartMs(undefined, '1y', range)).toBe(range.startMs)
    expect(playbackStartMs(Date.UTC(2025, 0), '1y', range)).toBe(range.startMs)
    expect(playbackStartMs(Date.UTC(1990, 0), '1y', range)).toBe(range.startMs)
  })

  it('starts a finished playback over', () => {
    expect(playbackStartMs(Date.UTC(2024, 0), '1y', range)).toBe(range.startMs)
    expect(playbackStartMs(Date.UTC(2024, 0), '1M', range)).toBe(Date.UTC(2024, 0))
  })
})

describe('formatPlaybackAt and labels', () => {
  it.each([
    [Date.UTC(1914, 6, 28, 5), '100y', '1914'],
    [Date.UTC(1914, 6, 28, 5), '10y', '1914'],
    [Date.UTC(1914, 6, 28, 5), '1y', '1914-07'],
    [Date.UTC(1914, 6, 28, 5), '1M', '1914-07-28'],
    [Date.UTC(1914, 6, 28, 5), '7d', '1914-07-28T05:00Z'],
  ])('%s with a %s window is %s', (atMs, window, expected) => {
    expect(formatPlaybackAt(atMs, window)).toBe(expected)
  })

  it('reads back to the same instant when aligned to the step', () => {
    const atMs = Date.UTC(1914, 6, 1)
    expect(parseFilterDate('start', formatPlaybackAt(atMs, '1y'))).toBe(atMs)
  })

  it('names windows', () => {
    expect(PLAYBACK_WINDOWS.map((window) => playbackWindowLabel(window.value))).toEqual([
      '1 day',
      '1 week',
      '1 month',
      '1 year',
      '10 years',
      '100 years',
    ])
    expect(playbackWindowLabel('6M')).toBe('6 months')
    expect(playbackWindowLabel('1h')).toBe('1 hour')
    expect(stepPrecision('3d')).toBe('day')
    expect(['100y', '10y', '1y', '1M', '7d', '1d', '12h'].map(playbackLabelPrecision)).toEqual([
      'year',
      'year',
      'month',
      'day',
      'day',
      'day',
      'hour',
    ])
  })
})
