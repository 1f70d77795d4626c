import { describe, expect, it } from 'vitest'

import { parseFilterState } from '@chronotope/filters'

import { eventConditions, SqlParams } from './event-conditions'

function conditionsOf(query: string, scope: 'all' | number[] = 'all') {
  const params = new SqlParams()
  const text = eventConditions(parseFilterState(new URLSearchParams(query)), scope, params)
  return { text, params: params.values }
}

describe('eventConditions', () => {
  it('leaves out only events marked removed when a caller who may see everything sets no filter', () => {
    expect(conditionsOf('')).toEqual({ text: 'e.removed_at is null', params: [] })
  })

  it('limits to the datasets in scope, even when the state names none', () => {
    const scoped = 'e.removed_at is null and e.dataset_id = any($1::int[])'
    expect(conditionsOf('', [3, 5])).toEqual({ text: scoped, params: [[3, 5]] })
    expect(conditionsOf('', [])).toEqual({ text: scoped, params: [[]] })
  })

  it('binds the time range inclusively, as PostgreSQL reads BCE dates', () => {
    const { text, params } = conditionsOf('start=-0500&end=1999')
    expect(text).toBe('e.removed_at is null and e.event_time >= $1::timestamptz and e.event_time <= $2::timestamptz')
    expect(params).toEqual(['0501-01-01T00:00:00.000Z BC', '1999-12-31T23:59:59.999Z'])
  })

  it('splits a box across the antimeridian into two envelopes', () => {
    const { text, params } = conditionsOf('bbox=170,-10,-170,10')
    expect(text).toMatch(
      /^e\.removed_at is null and \(e\.location && st_makeenvelope\(.*\) or e\.location && st_makeenvelope\(.*\)\)$/,
    )
    expect(params).toEqual([170, -10, 180, 10, -180, -10, -170, 10])
  })

  it('checks the view on the matches, out of reach of the spatial index, when asked', () => {
    const state = parseFilterState(new URLSearchParams('bbox=170,-10,-170,10&q=flood'))
    const text = eventConditions(state, 'all', new SqlParams(), { viewOnMatches: true })
    expect(text).toMatch(
      /^e\.removed_at is null and coalesce\(\(e\.location && st_makeenvelope\(.*\) or e\.location && st_makeenvelope\(.*\)\), false\) and to_tsvector/,
    )
    expect(eventConditions(state, 'all', new SqlParams())).not.toContain('coalesce((e.location')
  })

  it('keeps field paths and values out of the SQL text', () => {
    const hostile = `{"kind":["'; delete from users; --"],"a.b":{"min":1,"max":5}}`
    const { text, params } = conditionsOf(`filters=${encodeURIComponent(hostile)}`)
    expect(text).not.toContain('delete from')
    expect(params).toContainEqual(["'; delete from users; --"])
    expect(params).toContainEqual(['a', 'b'])
    expect(params).toContain(1)
    expect(params).toContain(5)
  })

  it('searches title, description and place with a web-style query', () => {
    const { text, params } = conditionsOf('q=%22flash%20flood%22%20-drill')
    expect(text).toContain("websearch_to_tsquery('simple'::regconfig, public.chronotope_unaccent($1))")
    expect(params).toEqual(['"flash flood" -drill'])
  })
})
