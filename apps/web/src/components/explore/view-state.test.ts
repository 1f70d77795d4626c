import { createLoader } from 'nuqs/server'
import { describe, expect, it } from 'vitest'

import {
  addWindow,
  exploreHref,
  exploreParsers,
  filterStateOfView,
  keepVisibleIds,
  mapFilterState,
  narrowFilterState,
  playbackRange,
  visibleIds,
} from './view-state'

const load = createLoader(exploreParsers)
const noFilters = { catalogs: [], datasets: [], start: null, end: null, filters: {}, q: null }

describe('the explore URL', () => {
  it('reads back exactly the view it wrote', () => {
    const view = {
      datasets: [3, 1],
      start: '-0489',
      end: '1918-11',
      filters: {
        type: { kind: 'values' as const, values: ['protest', 'strike'] },
        age: { kind: 'range' as const, min: 2 },
      },
      q: 'general strike',
      lng: 12.5,
      lat: 41.9,
      zoom: 5.25,
      event: 42,
      color: 'type',
      mode: 'heatmap' as const,
      window: '10y',
      at: '1900',
    }
    const href = exploreHref(view)
    const read = load(new URL(href, 'http://x'))
    expect(read).toMatchObject({ ...view, datasets: [3, 1] })
  })

  it('leaves parameters at their defaults out of links', () => {
    expect(exploreHref({ datasets: [3], color: 'dataset', mode: 'points', tab: 'map' })).toBe('/explore?datasets=3')
    expect(exploreHref({ datasets: [3] }, '/embed')).toBe('/embed?datasets=3')
  })

  it('ignores values it cannot read instead of failing the page', () => {
    const read = load(new URL('http://x/explore?start=yesterday&window=forever&mode=3d&filters={bad'))
    expect(read.start).toBeNull()
    expect(read.window).toBeNull()
    expect(read.mode).toBe('points')
    expect(read.filters).toEqual({})
  })
})

describe('filterStateOfView', () => {
  it('gives the read API its own canonical filter state', () => {
    const { state, problems } = filterStateOfView({
      ...noFilters,
      datasets: [2],
      start: '1914',
      end: '1918',
      q: ' strike ',
    })
    expect(problems).toEqual([])
    expect(state).toEqual({
      catalogs: [],
      datasets: [2],
      startDate: '1914-01-01T00:00:00.000Z',
      endDate: '1918-12-31T23:59:59.999Z',
      fields: {},
      text: 'strike',
    })
  })

  it('drops a parameter the read API refuses and says why', () => {
    const { state, problems } = filterStateOfView({ ...noFilters, start: '1920', end: '1910' })
    expect(state.endDate).toBeUndefined()
    expect(state.startDate).toBe('1920-01-01T00:00:00.000Z')
    expect(problems).toHaveLength(1)
    expect(problems[0]!.parameter).toBe('end')
    expect(problems[0]!.message).toMatch(/before start/)
  })
})

describe('keepVisibleIds', () => {
  const visible = new Set([1, 2])
  it('takes out ids the visitor cannot see and reports them', () => {
    const result = keepVisibleIds(filterStateOfView({ ...noFilters, datasets: [2, 9] }), visible, new Set())
    expect(result.state.datasets).toEqual([2])
    expect(result.nothingVisible).toBe(false)
    expect(result.problems[0]!.message).toMatch(/cannot be shown/)
  })

  it('shows nothing, rather than everything, when no named dataset is visible', () => {
    const result = keepVisibleIds(filterStateOfView({ ...noFilters, datasets: [9] }), visible, new Set())
    expect(result.state.datasets).toEqual([])
    expect(result.nothingVisible).toBe(true)
  })

  it('shows everything visible when the link names no dataset', () => {
    expect(keepVisibleIds(filterStateOfView(noFilters), visible, new Set()).nothingVisible).toBe(false)
  })
})

describe('visibleIds', () => {
  it('collects the visible catalogs and datasets, and no id for datasets without a catalog', () => {
    const ids = visibleIds([
      { id: 1, name: 'Wars', datasets: [{ id: 2, name: 'Battles', catalogId: 1, isPublic: true }] },
      { id: null, name: 'Without a catalog', datasets: [{ id: 5, name: 'Notes', catalogId: null, isPublic: false }] },
    ])
    expect([...ids.datasetIds]).toEqual([2, 5])
    expect([...ids.catalogIds]).toEqual([1])
  })
})

describe('playback windows', () => {
  it('covers the window from its start to the millisecond before the next', () => {
    expect(playbackRange('1914', '4y')).toEqual({ startMs: Date.UTC(1914, 0, 1), endMs: Date.UTC(1918, 0, 1) - 1 })
    expect(playbackRange('2020-02', '1M')).toEqual({ startMs: Date.UTC(2020, 1, 1), endMs: Date.UTC(2020, 2, 1) - 1 })
  })

  it('moves in calendar units across the common era', () => {
    const start = new Date('-000489-01-01T00:00:00Z').getTime()
    expect(new Date(addWindow(start, '500y')).toISOString()).toBe('0011-01-01T00:00:00.000Z')
    expect(new Date(addWindow(Date.UTC(2020, 0, 1), '12h', 3)).toISOString()).toBe('2020-01-02T12:00:00.000Z')
  })

  it('is undefined without both parts', () => {
    expect(playbackRange(null, '1y')).toBeUndefined()
    expect(playbackRange('1914', null)).toBeUndefined()
  })

  it('narrows the map to the window inside the chosen range', () => {
    const { state } = filterStateOfView({ ...noFilters, start: '1915', end: '1916' })
    const narrowed = narrowFilterState(state, { window: playbackRange('1910', '10y')! })
    expect(narrowed.startDate).toBe('1915-01-01T00:00:00.000Z')
    expect(narrowed.endDate).toBe('1916-12-31T23:59:59.999Z')
    const outside = narrowFilterState(state, { window: playbackRange('1930', '1y')! })
    expect(Date.parse(outside.endDate!)).toBeGreaterThanOrEqual(Date.parse(outside.startDate!))
    expect(outside.startDate).toBe('1930-01-01T00:00:00.000Z')
  })

  it("gives the map the view's own state without a window, and the narrowed state with one", () => {
    const { state } = filterStateOfView({ ...noFilters, start: '1915', end: '1916' })
    expect(mapFilterState(state, null, null)).toEqual({ state, playbackWindow: undefined })
    const playing = mapFilterState(state, '1910', '10y')
    expect(playing.playbackWindow).toEqual(playbackRange('1910', '10y'))
    expect(playing.state).toEqual(narrowFilterState(state, { window: playbackRange('1910', '10y')! }))
  })
})
