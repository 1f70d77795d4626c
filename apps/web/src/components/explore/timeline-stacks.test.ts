import { describe, expect, it } from 'vitest'

import { OTHER_COLOR } from './explore-colors'
import { OTHER_SERIES_KEY, stackHistogram, timelineBuckets, unstackedHistogram } from './timeline-stacks'

const whole = [
  { startMs: 0, endMs: 10, count: 10 },
  { startMs: 10, endMs: 20, count: 4 },
  { startMs: 20, endMs: 30, count: 0 },
]
const flood = { key: 'flood', label: 'flood', color: '#0072b2' }
const fire = { key: 'fire', label: 'fire', color: '#e69f00' }

describe('stackHistogram', () => {
  it('matches layers to bars by start and puts the rest in Other', () => {
    const stacked = stackHistogram(whole, [
      { series: flood, buckets: [{ startMs: 0, endMs: 10, count: 6 }] },
      {
        series: fire,
        buckets: [
          { startMs: 0, endMs: 10, count: 1 },
          { startMs: 10, endMs: 20, count: 4 },
        ],
      },
    ])
    expect(stacked.series.map((series) => series.key)).toEqual(['flood', 'fire', OTHER_SERIES_KEY])
    expect(stacked.series[2]).toEqual({ key: OTHER_SERIES_KEY, label: 'Other', color: OTHER_COLOR })
    expect(stacked.bars.map((bar) => bar.counts)).toEqual([
      [6, 1, 3],
      [0, 4, 0],
      [0, 0, 0],
    ])
  })

  it('leaves Other out when the layers hold every event', () => {
    const stacked = stackHistogram(whole, [
      { series: flood, buckets: [{ startMs: 0, endMs: 10, count: 10 }] },
      { series: fire, buckets: [{ startMs: 10, endMs: 20, count: 4 }] },
    ])
    expect(stacked.series).toEqual([flood, fire])
    expect(stacked.bars.map((bar) => bar.counts)).toEqual([
      [10, 0],
      [0, 4],
      [0, 0],
    ])
  })

  it('never counts Other below zero when events sit in several layers', () => {
    const stacked = stackHistogram(
      [{ startMs: 0, endMs: 10, count: 3 }],
      [
        { series: flood, buckets: [{ startMs: 0, endMs: 10, count: 3 }] },
        { series: fire, buckets: [{ startMs: 0, endMs: 10, count: 2 }] },
      ],
    )
    expect(stacked.bars[0]!.counts).toEqual([3, 2])
  })
})

describe('timelineBuckets and unstackedHistogram', () => {
  it('reads bucket instants, years before Christ included', () => {
    const buckets = timelineBuckets({
      buckets: [{ start: '-000489-01-01T00:00:00.000Z', end: '-000488-01-01T00:00:00.000Z', count: 7 }],
    })
    expect(new Date(buckets[0]!.startMs).getUTCFullYear()).toBe(-489)
    expect(buckets[0]!.count).toBe(7)
    expect(unstackedHistogram(buckets).bars[0]!.counts).toEqual([7])
  })
})
