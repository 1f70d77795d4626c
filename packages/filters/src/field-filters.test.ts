import { describe, expect, it } from 'vitest'

import { encodeFieldFilters, fieldPathProblem, parseFieldFilters } from './field-filters'
import type { FieldFilter } from './field-filters'
import { filterError } from './filter-error-matcher'

describe('parseFieldFilters', () => {
  it.each<[string, string, Record<string, FieldFilter>]>([
    [
      'enum values, sorted and deduplicated',
      '{"type":["b","a","b"]}',
      { type: { kind: 'values', values: ['a', 'b'] } },
    ],
    [
      'numbers and booleans as text',
      '{"count":[3,1.5,true,false]}',
      { count: { kind: 'values', values: ['1.5', '3', 'false', 'true'] } },
    ],
    ['a range', '{"age":{"min":1,"max":5}}', { age: { kind: 'range', min: 1, max: 5 } }],
    ['an open range', '{"age":{"min":-2.5}}', { age: { kind: 'range', min: -2.5 } }],
    ['a one-value range', '{"age":{"min":3,"max":3}}', { age: { kind: 'range', min: 3, max: 3 } }],
    ['nested paths', '{"address.city":["Paris"]}', { 'address.city': { kind: 'values', values: ['Paris'] } }],
    [
      'spaces, dashes and underscores in names',
      '{"Event type_2-b":["x"]}',
      { 'Event type_2-b': { kind: 'values', values: ['x'] } },
    ],
    ['an empty string value', '{"note":[""]}', { note: { kind: 'values', values: [''] } }],
    ['no fields', '{}', {}],
    [
      'hostile text as a value, kept as data',
      '{"name":["\'; drop table events; --"]}',
      { name: { kind: 'values', values: ["'; drop table events; --"] } },
    ],
  ])('reads %s', (_, text, expected) => {
    expect(parseFieldFilters(text)).toEqual(expected)
  })

  it('returns fields sorted by path, so equal filters compare equal', () => {
    expect(Object.keys(parseFieldFilters('{"type":["a"],"age":{"min":1},"Zone":["z"]}'))).toEqual([
      'Zone',
      'age',
      'type',
    ])
  })

  it('keeps a field named __proto__ as a field, without touching the prototype', () => {
    const fields = parseFieldFilters('{"__proto__":["x"]}')
    expect(Object.keys(fields)).toEqual(['__proto__'])
    expect(Object.getPrototypeOf(fields)).toBe(Object.prototype)
    expect(encodeFieldFilters(fields)).toBe('{"__proto__":["x"]}')
  })

  it('accepts 20 fields of 100 values of 200 characters', () => {
    const value = 'é'.repeat(200)
    const json = JSON.stringify(
      Object.fromEntries(
        Array.from({ length: 20 }, (_, field) => [
          `f${field}`,
          Array.from({ length: 100 }, (_, index) => `${index}${value.slice(String(index).length)}`),
        ]),
      ),
    )
    const fields = parseFieldFilters(json)
    expect(Object.keys(fields)).toHaveLength(20)
    expect(fields.f0).toMatchObject({ kind: 'values' })
  })

  const tooLong = 'x'.repeat(201)
  it.each(['', '{type:["a"]}', '{"type":["a"]', "{'type':['a']}", 'NaN'])('refuses %j, which is not JSON', (text) => {
    // The part in parentheses is the JavaScript engine's own description.
    expect(() => parseFieldFilters(text)).toThrow(
      filterError(
        'filters',
        /^filters: must be a JSON object such as \{"type":\["a","b"\]\}; got invalid JSON \(.+\)$/,
      ),
    )
  })

  it.each<[string, string]>([
    ['["a"]', 'filters: must be a JSON object such as {"type":["a","b"],"age":{"min":1}}; got "[\\"a\\"]"'],
    ['null', 'filters: must be a JSON object such as {"type":["a","b"],"age":{"min":1}}; got "null"'],
    ['"type"', 'filters: must be a JSON object such as {"type":["a","b"],"age":{"min":1}}; got "\\"type\\""'],
    ['{"type":"a"}', 'filters: "type" must be a list of values or {"min":…,"max":…}; got "\\"a\\""'],
    ['{"type":null}', 'filters: "type" must be a list of values or {"min":…,"max":…}; got "null"'],
    ['{"type":[]}', 'filters: "type" needs at least one value'],
    ['{"type":[null]}', 'filters: "type" values must be text, numbers or booleans; got "null"'],
    ['{"type":[["a"]]}', 'filters: "type" values must be text, numbers or booleans; got "[\\"a\\"]"'],
    ['{"type":[{"a":1}]}', 'filters: "type" values must be text, numbers or booleans; got "{\\"a\\":1}"'],
    ['{"type":[1e999]}', 'filters: "type" values must be text, numbers or booleans; got "null"'],
    [`{"type":["${tooLong}"]}`, `filters: "type" has a value longer than 200 characters: "${'x'.repeat(60)}…"`],
    ['{"type":["a\\u0000b"]}', 'filters: "type" has a value with a NUL character'],
    ['{"age":{}}', 'filters: "age" range needs min, max or both'],
    ['{"age":{"min":5,"max":1}}', 'filters: "age" min (5) must not be greater than max (1)'],
    ['{"age":{"min":"1"}}', 'filters: "age" min must be a finite number; got "\\"1\\""'],
    ['{"age":{"max":1e999}}', 'filters: "age" max must be a finite number; got "null"'],
    ['{"age":{"min":null}}', 'filters: "age" min must be a finite number; got "null"'],
    ['{"age":{"min":1,"gt":0}}', 'filters: "age" range may only have min and max; got "gt"'],
    [
      '{"":["a"]}',
      'filters: field path "" may only hold letters, digits, _, space and - in segments of 1 to 64, separated by .',
    ],
    [
      '{"a..b":["a"]}',
      'filters: field path "a..b" may only hold letters, digits, _, space and - in segments of 1 to 64, separated by .',
    ],
    [
      '{".a":["a"]}',
      'filters: field path ".a" may only hold letters, digits, _, space and - in segments of 1 to 64, separated by .',
    ],
    [
      '{"a\'; drop table events; --":["a"]}',
      'filters: field path "a\'; drop table events; --" may only hold letters, digits, _, space and - in segments of 1 to 64, separated by .',
    ],
    [
      '{"data->>\'x\'":["a"]}',
      'filters: field path "data->>\'x\'" may only hold letters, digits, _, space and - in segments of 1 to 64, separated by .',
    ],
    [
      `{"${'a'.repeat(65)}":["a"]}`,
      `filters: field path "${'a'.repeat(60)}…" may only hold letters, digits, _, space and - in segments of 1 to 64, separated by .`,
    ],
    ['{"a.b.c.d.e.f.g.h.i.j.k":["a"]}', 'filters: field path "a.b.c.d.e.f.g.h.i.j.k" has 11 segments; the most is 10'],
  ])('refuses %j', (text, message) => {
    expect(() => parseFieldFilters(text)).toThrow(filterError('filters', message))
  })

  it('refuses more than 20 fields and more than 100 values', () => {
    const fields = JSON.stringify(Object.fromEntries(Array.from({ length: 21 }, (_, index) => [`f${index}`, ['a']])))
    expect(() => parseFieldFilters(fields)).toThrow(filterError('filters', 'filters: names 21 fields; the most is 20'))
    const values = JSON.stringify({ type: Array.from({ length: 101 }, (_, index) => String(index)) })
    expect(() => parseFieldFilters(values)).toThrow(
      filterError('filters', 'filters: "type" lists 101 values; the most is 100'),
    )
  })
})

describe('fieldPathProblem', () => {
  it.each(['type', 'address.city', 'a'.repeat(64), 'Event type', 'a-b_c.d e', 'a.b.c.d.e.f.g.h.i.j'])(
    'accepts %j',
    (path) => {
      expect(fieldPathProblem(path)).toBeUndefined()
    },
  )
})

describe('encodeFieldFilters', () => {
  it('writes fields and values in code-unit order, ranges with only their bounds', () => {
    const text = encodeFieldFilters({
      type: { kind: 'values', values: ['b', 'a', 'b'] },
      age: { kind: 'range', max: 5 },
    })
    expect(text).toBe('{"age":{"max":5},"type":["a","b"]}')
    expect(parseFieldFilters(text)).toEqual({
      age: { kind: 'range', max: 5 },
      type: { kind: 'values', values: ['a', 'b'] },
    })
  })
})
