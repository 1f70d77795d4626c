import { describe, expect, it } from 'vitest'

import { filterError } from './filter-error-matcher'
import { encodeFilterState, filterStateKey, parseFilterState } from './filter-state'
import type { FilterState } from './filter-state'

const parse = (query: string) => parseFilterState(new URLSearchParams(query))
const empty: FilterState = { catalogs: [], datasets: [], fields: {} }

describe('parseFilterState', () => {
  it.each<[string, string, FilterState]>([
    ['no parameters', '', empty],
    ['empty values, as a form sends them', 'catalog=&dataset=&start=&end=&bbox=&filters=&q=', empty],
    ['only whitespace', 'start=%20&q=%20%20', empty],
    ['parameters of other endpoints, ignored', 'limit=5&zoom=3&interval=year&sort=time-desc', empty],
    ['comma-separated catalogs, sorted and deduplicated', 'catalogs=3,1,3', { ...empty, catalogs: [1, 3] }],
    [
      'repeated and mixed spellings',
      'catalog=5&catalog=2&catalogs=2,9&dataset=7&datasets=4',
      { ...empty, catalogs: [2, 5, 9], datasets: [4, 7] },
    ],
    ['stray commas and spaces', 'datasets=%201%20,,2,', { ...empty, datasets: [1, 2] }],
    ['leading zeros', 'catalog=007', { ...empty, catalogs: [7] }],
    ['the largest PostgreSQL integer', 'catalog=2147483647', { ...empty, catalogs: [2_147_483_647] }],
    [
      'a year range',
      'start=2020&end=2020',
      { ...empty, startDate: '2020-01-01T00:00:00.000Z', endDate: '2020-12-31T23:59:59.999Z' },
    ],
    [
      'BCE dates, as PostgreSQL reads them',
      'start=-0500&end=-0500-03',
      { ...empty, startDate: '0501-01-01T00:00:00.000Z BC', endDate: '0501-03-31T23:59:59.999Z BC' },
    ],
    ['an expanded ISO year', 'start=-000500-03-01T00:00:00Z', { ...empty, startDate: '0501-03-01T00:00:00.000Z BC' }],
    ['a zoned date-time', 'start=2020-06-30T12:00:00%2B02:00', { ...empty, startDate: '2020-06-30T10:00:00.000Z' }],
    [
      'a zone whose + arrived as a space',
      'start=2020-06-30T12:00:00+02:00',
      { ...empty, startDate: '2020-06-30T10:00:00.000Z' },
    ],
    [
      'start equal to end',
      'start=2020-06-30T12:00:00.000Z&end=2020-06-30T12:00:00.000Z',
      { ...empty, startDate: '2020-06-30T12:00:00.000Z', endDate: '2020-06-30T12:00:00.000Z' },
    ],
    [
      'a box across the antimeridian',
      'bbox=170,-10,-170,10',
      { ...empty, bbox: { west: 170, south: -10, east: -170, north: 10 } },
    ],
    [
      'field filters',
      'filters={"type":["b","a"],"age":{"max":5}}',
      { ...empty, fields: { age: { kind: 'range', max: 5 }, type: { kind: 'values', values: ['a', 'b'] } } },
    ],
    ['a trimmed text query', 'q=%20%20flood%20warning%20', { ...empty, text: 'flood warning' }],
    [
      'hostile text, kept as data for a bound parameter',
      "q='; drop table events; --",
      { ...empty, text: "'; drop table events; --" },
    ],
    [
      'a repeated single parameter with the same value',
      'start=2020&start=2020',
      { ...empty, startDate: '2020-01-01T00:00:00.000Z' },
    ],
  ])('reads %s', (_, query, expected) => {
    expect(parse(query)).toEqual(expected)
  })

  it('accepts 100 ids and a 200-character query', () => {
    const ids = Array.from({ length: 100 }, (_, index) => index + 1)
    expect(parse(`catalogs=${ids.join(',')}`).catalogs).toEqual(ids)
    expect(parse(`q=${'é'.repeat(200)}`).text).toHaveLength(200)
  })

  it.each<[string, string, string]>([
    ['catalog=abc', 'catalog', 'catalog: "abc" is not an id (a whole number from 1 to 2147483647)'],
    ['catalogs=1,0', 'catalogs', 'catalogs: "0" is not an id (a whole number from 1 to 2147483647)'],
    ['dataset=-3', 'dataset', 'dataset: "-3" is not an id (a whole number from 1 to 2147483647)'],
    ['datasets=1.5', 'datasets', 'datasets: "1.5" is not an id (a whole number from 1 to 2147483647)'],
    ['catalog=1e3', 'catalog', 'catalog: "1e3" is not an id (a whole number from 1 to 2147483647)'],
    ['catalog=2147483648', 'catalog', 'catalog: "2147483648" is not an id (a whole number from 1 to 2147483647)'],
    [
      'catalog=99999999999999999999999',
      'catalog',
      'catalog: "99999999999999999999999" is not an id (a whole number from 1 to 2147483647)',
    ],
    ['catalog=NaN', 'catalog', 'catalog: "NaN" is not an id (a whole number from 1 to 2147483647)'],
    ['catalog=Infinity', 'catalog', 'catalog: "Infinity" is not an id (a whole number from 1 to 2147483647)'],
    [
      'catalog=1;drop table catalogs',
      'catalog',
      'catalog: "1;drop table catalogs" is not an id (a whole number from 1 to 2147483647)',
    ],
    ['start=2020&start=2021', 'start', 'start: was given 2 different values ("2020", "2021"); give it once'],
    ['bbox=1,2,3,4&bbox=1,2,3,5', 'bbox', 'bbox: was given 2 different values ("1,2,3,4", "1,2,3,5"); give it once'],
    ['q=a&q=b', 'q', 'q: was given 2 different values ("a", "b"); give it once'],
    [
      'start=2021&end=2020',
      'end',
      'end: "2020" (through 2020-12-31T23:59:59.999Z) is before start "2021" (2021-01-01T00:00:00.000Z)',
    ],
    [
      'start=tomorrow',
      'start',
      'start: must be an ISO 8601 date (YYYY, YYYY-MM, YYYY-MM-DD or a date-time such as 2020-06-30T12:00:00Z; BCE as -0500); got "tomorrow"',
    ],
    [
      'end=1e999',
      'end',
      'end: must be an ISO 8601 date (YYYY, YYYY-MM, YYYY-MM-DD or a date-time such as 2020-06-30T12:00:00Z; BCE as -0500); got "1e999"',
    ],
    ['bbox=10,95,20,96', 'bbox', 'bbox: south (95) must be between -90 and 90'],
    ['filters={"age":{"min":5,"max":1}}', 'filters', 'filters: "age" min (5) must not be greater than max (1)'],
    [`q=${'a'.repeat(201)}`, 'q', 'q: must be at most 200 characters; got 201'],
    ['q=a%00b', 'q', 'q: must not contain a NUL character'],
  ])('refuses %j', (query, parameter, message) => {
    expect(() => parse(query)).toThrow(filterError(parameter, message))
  })

  it('refuses more than 100 ids, counted across both spellings', () => {
    const ids = Array.from({ length: 60 }, (_, index) => index + 1)
    const more = ids.map((id) => id + 60)
    expect(() => parse(`catalog=${ids.join(',')}&catalogs=${more.join(',')}`)).toThrow(
      filterError('catalogs', 'catalogs: lists more than 100 ids'),
    )
    // Repeats count once.
    expect(parse(`dataset=${ids.join(',')}&datasets=${ids.join(',')}`).datasets).toHaveLength(60)
  })
})

describe('encodeFilterState', () => {
  const full: FilterState = {
    catalogs: [1, 3],
    datasets: [2],
    startDate: '0044-03-15T00:00:00.000Z BC',
    endDate: '2020-12-31T23:59:59.999Z',
    bbox: { west: 170, south: -10.5, east: -170, north: 10 },
    fields: { age: { kind: 'range', min: 1, max: 5 }, type: { kind: 'values', values: ['a', 'b'] } },
    text: 'flood & fire',
  }

  it('writes every part in a stable order, with exact instants', () => {
    expect([...encodeFilterState(full)]).toEqual([
      ['catalogs', '1,3'],
      ['datasets', '2'],
      ['start', '-000043-03-15T00:00:00.000Z'],
      ['end', '2020-12-31T23:59:59.999Z'],
      ['bbox', '170,-10.5,-170,10'],
      ['filters', '{"age":{"min":1,"max":5},"type":["a","b"]}'],
      ['q', 'flood & fire'],
    ])
  })

  it('omits the parts that do not filter', () => {
    expect(encodeFilterState(empty).toString()).toBe('')
    expect(encodeFilterState({ ...empty, text: '' }).toString()).toBe('')
  })

  it.each<[string, string]>([
    ['everything', encodeFilterState(full).toString()],
    ['BCE dates', 'start=-0500&end=-0500-03'],
    ['the earliest date', 'start=-9999-01-01'],
    ['partial ends', 'start=2020-02&end=2020-02'],
    ['a zoned minute', 'end=2020-01-01T10:15%2B05:30'],
    ['a wrapped box', 'bbox=170.1,-10,190.3,10'],
    ['awkward floats', 'bbox=0.1,1e-7,0.30000000000000004,0.2'],
    ['a world box', 'bbox=-500,-90,500,90'],
    ['hostile text', 'q=\'; drop table events; --&filters={"na me":["%26","=","+"]}'],
    ['unicode', 'q=Zürich 🙂&filters={"city":["Zürich","東京"]}'],
    ['a field named __proto__', 'filters={"__proto__":["x"]}'],
  ])('reads back what it writes: %s', (_, query) => {
    const state = parse(query)
    const encoded = encodeFilterState(state)
    expect(parse(encoded.toString())).toEqual(state)
    expect(filterStateKey(parse(encoded.toString()))).toBe(encoded.toString())
  })
})

describe('filterStateKey', () => {
  it('is the same for every way of writing the same filters', () => {
    const key = filterStateKey(parse('catalogs=1,3&filters={"type":["a","b"],"age":{"min":1}}&start=2020'))
    expect(
      filterStateKey(
        parse('filters={"age":{"min":1},"type":["b","a","a"]}&catalog=3&catalog=1&start=2020-01-01&limit=5'),
      ),
    ).toBe(key)
  })

  it('differs when the filters differ', () => {
    expect(filterStateKey(parse('end=2020'))).not.toBe(filterStateKey(parse('end=2020-06')))
    // The same last instant written three ways is one filter.
    expect(filterStateKey(parse('end=2020'))).toBe(filterStateKey(parse('end=2020-12-31')))
    expect(filterStateKey(parse('end=2020'))).toBe(filterStateKey(parse('end=2020-12-31T23:59:59.999Z')))
    expect(filterStateKey(parse('q=a'))).not.toBe(filterStateKey(parse('q=A')))
  })
})

describe('round trip over generated states', () => {
  it('reads back 500 generated states exactly', () => {
    // A fixed linear congruential sequence: the same states on every run.
    let seed = 20_240_601
    const random = () => (seed = (seed * 1_103_515_245 + 12_345) % 2_147_483_648) / 2_147_483_648
    const pick = <T>(items: readonly T[]) => items[Math.floor(random() * items.length)] as T
    let checked = 0
    for (let run = 0; run < 500; run++) {
      const params = new URLSearchParams()
      const ids = Array.from({ length: Math.floor(random() * 5) }, () => 1 + Math.floor(random() * 2_147_483_647))
      if (ids.length > 0) params.set(pick(['catalog', 'catalogs', 'dataset']), ids.join(','))
      const startMs = -150_000_000_000_000 + random() * 160_000_000_000_000
      if (random() < 0.7) params.set('start', new Date(Math.floor(startMs)).toISOString())
      if (random() < 0.7)
        params.set(
          'end',
          new Date(Math.floor(startMs + random() * 1e13)).toISOString().slice(0, pick([4, 7, 10, 16, 19, 24])),
        )
      if (random() < 0.7) {
        const south = random() * 180 - 90
        params.set(
          'bbox',
          [random() * 1080 - 540, south, random() * 1080 - 540, south + random() * (90 - south)].join(','),
        )
      }
      if (random() < 0.5)
        params.set(
          'filters',
          JSON.stringify({
            [pick(['type', 'a.b', 'x y'])]: pick([[random()], { min: -random() }, [String(random()), 'é']]),
          }),
        )
      if (random() < 0.5) params.set('q', String(random()))
      let state: FilterState
      try {
        state = parseFilterState(params)
      } catch (error) {
        // Generated west/east pairs can be more than a turn apart, and years before 1 need a sign.
        if (error instanceof Error && /bbox: west|start: must be|end: must be|is before start/.test(error.message))
          continue
        throw error
      }
      expect(parseFilterState(encodeFilterState(state))).toEqual(state)
      checked++
    }
    // Most generated states are valid, so the loop tests something.
    expect(checked).toBeGreaterThan(250)
  })
})
