import { describe, expect, it } from 'vitest'

import { activeFilterChips, fieldConditionText, orList, timeRangeText, type ChipView } from './filter-chips'

const names = {
  datasetName: (id: number) => ({ 2: 'Earthquakes', 5: 'Source meetings' })[id],
  catalogName: (id: number) => ({ 1: 'Disasters' })[id],
}
const empty: ChipView = { catalogs: [], datasets: [], start: null, end: null, q: null, filters: {} }

describe('orList', () => {
  it.each<[string[], string]>([
    [[], ''],
    [['Protest'], 'Protest'],
    [['Protest', 'March'], 'Protest or March'],
    [['a', 'b', 'c', 'd'], 'a, b, c or d'],
    [['a', 'b', 'c', 'd', 'e'], 'a, b, c or 2 others'],
  ])('%j → %j', (values, text) => {
    expect(orList(values)).toBe(text)
  })
})

describe('fieldConditionText', () => {
  it.each<[string, Parameters<typeof fieldConditionText>[1], string]>([
    ['kind', { kind: 'values', values: ['Protest'] }, 'Kind is Protest'],
    ['event_type', { kind: 'values', values: ['Protest', 'March'] }, 'Event type is Protest or March'],
    ['participants', { kind: 'range', min: 10, max: 1500 }, 'Participants from 10 to 1,500'],
    ['magnitude', { kind: 'range', min: 2.5 }, 'Magnitude at least 2.5'],
    ['magnitude', { kind: 'range', max: -3 }, 'Magnitude at most -3'],
  ])('%s %j → %j', (path, filter, text) => {
    expect(fieldConditionText(path, filter)).toBe(text)
  })
})

describe('timeRangeText', () => {
  it.each<[string | null, string | null, string]>([
    ['1914', '1918', 'Time: 1914 to 1918'],
    ['-0489', null, 'Time: from 490 BC'],
    [null, '1918-11-11T23:59:59.999Z', 'Time: until 1918-11-11'],
  ])('%j to %j', (start, end, text) => {
    expect(timeRangeText(start, end)).toBe(text)
  })
})

describe('activeFilterChips', () => {
  it('has none without filters', () => {
    expect(activeFilterChips(empty, names)).toEqual([])
  })

  it('lists every condition in order with its removal', () => {
    const view: ChipView = {
      catalogs: [1],
      datasets: [2, 7],
      start: '1914',
      end: null,
      q: '  flood ',
      filters: { kind: { kind: 'values', values: ['Protest'] }, age: { kind: 'range', max: 5 } },
    }
    expect(activeFilterChips(view, names)).toEqual([
      { key: 'catalog-1', label: 'Catalog: Disasters', remove: { catalogs: null } },
      { key: 'dataset-2', label: 'Dataset: Earthquakes', remove: { datasets: [7] } },
      { key: 'dataset-7', label: 'Dataset: #7', remove: { datasets: [2] } },
      { key: 'time', label: 'Time: from 1914', remove: { start: null, end: null } },
      { key: 'q', label: 'Text: “flood”', remove: { q: null } },
      {
        key: 'field-age',
        label: 'Age at most 5',
        remove: { filters: { kind: { kind: 'values', values: ['Protest'] } } },
      },
      { key: 'field-kind', label: 'Kind is Protest', remove: { filters: { age: { kind: 'range', max: 5 } } } },
    ])
  })

  it('removing the last field clears the parameter', () => {
    const chips = activeFilterChips({ ...empty, filters: { kind: { kind: 'values', values: ['a'] } } }, names)
    expect(chips[0]?.remove).toEqual({ filters: null })
  })

  it('ignores a blank text', () => {
    expect(activeFilterChips({ ...empty, q: '   ' }, names)).toEqual([])
  })
})
