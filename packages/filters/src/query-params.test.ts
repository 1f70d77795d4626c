import { describe, expect, it } from 'vitest'

import { encodeCursor } from './event-cursor'
import { filterError } from './filter-error-matcher'
import { parseHistogramInterval, parseListParams, parseZoom } from './query-params'
import type { HistogramIntervalParam, ListParams } from './query-params'

const params = (query: string) => new URLSearchParams(query)
const cursor = encodeCursor({ t: '2020-06-30T12:00:00.000Z', id: 42 })

describe('parseListParams', () => {
  it.each<[string, ListParams]>([
    ['', { limit: 100, sort: 'time-asc' }],
    ['limit=&page=&cursor=&sort=&fields=', { limit: 100, sort: 'time-asc' }],
    ['limit=1', { limit: 1, sort: 'time-asc' }],
    ['limit=1000&sort=time-desc', { limit: 1000, sort: 'time-desc' }],
    ['page=3&limit=50', { limit: 50, page: 3, sort: 'time-asc' }],
    ['page=10000', { limit: 100, page: 10_000, sort: 'time-asc' }],
    [`cursor=${cursor}`, { limit: 100, cursor, sort: 'time-asc' }],
    ['fields=title, address.city,title,,', { limit: 100, sort: 'time-asc', fields: ['title', 'address.city'] }],
    ['limit=5&limit=5', { limit: 5, sort: 'time-asc' }],
    ['catalog=1&bbox=1,2,3,4', { limit: 100, sort: 'time-asc' }],
  ])('reads %j', (query, expected) => {
    expect(parseListParams(params(query))).toEqual(expected)
  })

  it.each<[string, string, string]>([
    ['limit=0', 'limit', 'limit: must be a whole number from 1 to 1000; got "0"'],
    ['limit=1001', 'limit', 'limit: must be a whole number from 1 to 1000; got "1001"'],
    ['limit=-5', 'limit', 'limit: must be a whole number from 1 to 1000; got "-5"'],
    ['limit=2.5', 'limit', 'limit: must be a whole number from 1 to 1000; got "2.5"'],
    ['limit=1e2', 'limit', 'limit: must be a whole number from 1 to 1000; got "1e2"'],
    ['limit=1e999', 'limit', 'limit: must be a whole number from 1 to 1000; got "1e999"'],
    ['limit=NaN', 'limit', 'limit: must be a whole number from 1 to 1000; got "NaN"'],
    ['limit=Infinity', 'limit', 'limit: must be a whole number from 1 to 1000; got "Infinity"'],
    ['limit=99999999999999999999', 'limit', 'limit: must be a whole number from 1 to 1000; got "99999999999999999999"'],
    ['limit=10&limit=20', 'limit', 'limit: was given 2 different values ("10", "20"); give it once'],
    ['page=0', 'page', 'page: must be a whole number from 1 to 10000; got "0"'],
    ['page=10001', 'page', 'page: must be a whole number from 1 to 10000; got "10001"'],
    [
      "page=1'; drop table events; --",
      'page',
      'page: must be a whole number from 1 to 10000; got "1\'; drop table events; --"',
    ],
    [`page=2&cursor=${cursor}`, 'cursor', 'cursor: cannot be combined with page; use one of them'],
    ['cursor=garbage!', 'cursor', 'cursor: is not a cursor from a previous page of this list; start again without it'],
    ['sort=time', 'sort', 'sort: must be time-asc or time-desc; got "time"'],
    ['sort=TIME-ASC', 'sort', 'sort: must be time-asc or time-desc; got "TIME-ASC"'],
    [
      'fields=title,a..b',
      'fields',
      'fields: field path "a..b" may only hold letters, digits, _, space and - in segments of 1 to 64, separated by .',
    ],
    [
      'fields=data->>x',
      'fields',
      'fields: field path "data->>x" may only hold letters, digits, _, space and - in segments of 1 to 64, separated by .',
    ],
  ])('refuses %j', (query, parameter, message) => {
    expect(() => parseListParams(params(query))).toThrow(filterError(parameter, message))
  })

  it('refuses more than 50 fields', () => {
    const fields = Array.from({ length: 51 }, (_, index) => `f${index}`).join(',')
    expect(() => parseListParams(params(`fields=${fields}`))).toThrow(
      filterError('fields', 'fields: names 51 fields; the most is 50'),
    )
  })
})

describe('parseZoom', () => {
  it.each<[string, number]>([
    ['0', 0],
    ['5', 5],
    ['5.7', 5],
    ['22', 22],
    ['22.9', 22],
    ['0.5', 0],
    [' 3 ', 3],
    ['1e1', 10],
  ])('reads zoom=%j as %i', (zoom, expected) => {
    expect(parseZoom(params(`zoom=${encodeURIComponent(zoom)}`))).toBe(expected)
  })

  it.each<[string, string]>([
    ['', 'zoom: is required: the map zoom level, from 0 to 22'],
    ['zoom=', 'zoom: is required: the map zoom level, from 0 to 22'],
    ['zoom=-1', 'zoom: must be a number from 0 to 22; got "-1"'],
    ['zoom=-0.5', 'zoom: must be a number from 0 to 22; got "-0.5"'],
    ['zoom=23', 'zoom: must be a number from 0 to 22; got "23"'],
    ['zoom=abc', 'zoom: must be a number from 0 to 22; got "abc"'],
    ['zoom=NaN', 'zoom: must be a number from 0 to 22; got "NaN"'],
    ['zoom=Infinity', 'zoom: must be a number from 0 to 22; got "Infinity"'],
    ['zoom=1e999', 'zoom: must be a number from 0 to 22; got "1e999"'],
    ['zoom=0x10', 'zoom: must be a number from 0 to 22; got "0x10"'],
    ['zoom=3&zoom=4', 'zoom: was given 2 different values ("3", "4"); give it once'],
  ])('refuses %j', (query, message) => {
    expect(() => parseZoom(params(query))).toThrow(filterError('zoom', message))
  })
})

describe('parseHistogramInterval', () => {
  it.each<[string, HistogramIntervalParam]>([
    ['', 'auto'],
    ['interval=', 'auto'],
    ['interval=auto', 'auto'],
    ['interval=hour', 'hour'],
    ['interval=week', 'week'],
    ['interval=decade', 'decade'],
    ['interval=century', 'century'],
  ])('reads %j as %s', (query, expected) => {
    expect(parseHistogramInterval(params(query))).toBe(expected)
  })

  it.each(['interval=fortnight', 'interval=Year', 'interval=millennium', "interval='; drop table"])(
    'refuses %j',
    (query) => {
      const value = query.slice('interval='.length)
      expect(() => parseHistogramInterval(params(query))).toThrow(
        filterError(
          'interval',
          `interval: must be auto, hour, day, week, month, year, decade, century; got ${JSON.stringify(value)}`,
        ),
      )
    },
  )
})
