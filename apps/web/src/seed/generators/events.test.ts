import { describe, expect, it } from 'vitest'

import { DEMO_DATASETS } from '../demo-content'
import { generateEvents } from './events'
import { createRandom } from './random'

const theme = DEMO_DATASETS.find((dataset) => dataset.slug === 'earthquakes')!.theme

describe('generateEvents', () => {
  it('is reproducible: the same seed gives the same events', () => {
    expect(generateEvents(theme, 50, 3)).toEqual(generateEvents(theme, 50, 3))
    expect(generateEvents(theme, 50, 3)).not.toEqual(generateEvents(theme, 50, 4))
  })

  it('keeps every event inside the theme’s years and valid coordinates, with unique ids', () => {
    const events = generateEvents(theme, 2000, 11)
    const [first, last] = theme.years
    for (const event of events) {
      expect(event.eventTime.getUTCFullYear()).toBeGreaterThanOrEqual(first)
      expect(event.eventTime.getUTCFullYear()).toBeLessThanOrEqual(last)
      expect(Math.abs(event.latitude)).toBeLessThanOrEqual(85)
      expect(Math.abs(event.longitude)).toBeLessThanOrEqual(180)
    }
    expect(new Set(events.map((event) => event.uniqueId)).size).toBe(2000)
  })

  it('spreads events over the years instead of piling them on one day', () => {
    const events = generateEvents(theme, 3000, 5)
    const perDay = new Map<string, number>()
    for (const event of events) {
      const day = event.eventTime.toISOString().slice(0, 10)
      perDay.set(day, (perDay.get(day) ?? 0) + 1)
    }
    expect(Math.max(...perDay.values())).toBeLessThan(30)
    expect(new Set(events.map((event) => event.eventTime.getUTCFullYear())).size).toBe(
      theme.years[1] - theme.years[0] + 1,
    )
  })
})

describe('createRandom', () => {
  it('draws integers within bounds, both included', () => {
    const random = createRandom(1)
    const draws = Array.from({ length: 1000 }, () => random.integer(1, 3))
    expect(new Set(draws)).toEqual(new Set([1, 2, 3]))
  })

  it('refuses to pick from an empty list', () => {
    expect(() => createRandom(1).pick([])).toThrow('pick() needs a non-empty list')
  })
})
