import { afterAll, describe, expect, it } from 'vitest'

import { detectFileFormat } from '../detect-file-format'
import { MalformedFile, TooManyColumns } from '../errors'
import { readHeaders } from '../read-rows'
import { collectRows } from '../testing/collect-rows'
import { createTempFiles } from '../testing/temp-files'
import { flattenRecord } from './flatten-record'
import { scanJsonHead } from './scan-json-head'

const files = createTempFiles()
afterAll(() => files.remove())

async function read(name: string, content: string) {
  const path = files.write(name, content)
  return collectRows(path, await detectFileFormat(path))
}

describe('scanJsonHead', () => {
  it.each([
    { text: '[{"a":1}]', expected: { layout: 'array' } },
    { text: ' {"data": [{"a": 1}]}', expected: { layout: 'object' } },
    { text: '{"a":{"b":"}"}}\n{"a":2}', expected: { layout: 'ndjson' } },
    {
      text: '{"type":"FeatureCollection","features":[',
      expected: { layout: 'object', topLevelType: 'FeatureCollection' },
    },
    { text: '{"properties":{"type":"x"},"type" : "Feature"}', expected: { layout: 'object', topLevelType: 'Feature' } },
    {
      text: '{"name":"a \\"type\\"","type":"Feature"}\n{"type":"Feature"}',
      expected: { layout: 'ndjson', topLevelType: 'Feature' },
    },
  ])('scans $text', ({ text, expected }) => {
    expect(scanJsonHead(text)).toEqual(expected)
  })
})

describe('flattenRecord', () => {
  it.each([
    { input: { a: 1, b: 'x', c: true, d: null }, expected: { a: 1, b: 'x', c: true, d: null } },
    {
      input: { address: { city: 'Erie', geo: { lat: 42.1 } } },
      expected: { 'address.city': 'Erie', 'address.geo.lat': 42.1 },
    },
    { input: { tags: ['a', 'b'], empty: {} }, expected: { tags: '["a","b"]', empty: '{}' } },
    { input: { a: { b: { c: { d: { e: { f: 1 } } } } } }, expected: { 'a.b.c.d.e': '{"f":1}' } },
  ])('flattens $input', ({ input, expected }) => {
    expect(flattenRecord(input, 2000)).toEqual(expected)
  })

  it('throws TooManyColumns for a record wider than the limit', () => {
    expect(() => flattenRecord({ a: 1, b: 2, c: 3 }, 2, 7)).toThrow(new TooManyColumns(3, 2, 7))
  })
})

describe('JSON files', () => {
  it.each([
    { name: 'array.json', content: '[{"city": "Erie", "n": 1}, {"city": "Paris", "n": 2}]' },
    {
      name: 'wrapped.json',
      content:
        '{"meta": {"source": "x"}, "count": 2, "tags": [1, 2], "data": [{"city": "Erie", "n": 1}, {"city": "Paris", "n": 2}]}',
    },
    { name: 'lines.ndjson', content: '{"city": "Erie", "n": 1}\n\n{"city": "Paris", "n": 2}\n' },
  ])('reads $name', async ({ name, content }) => {
    const rows = await read(name, content)
    expect(rows.map((row) => [row.rowNumber, row.values])).toEqual([
      [1, { city: 'Erie', n: 1 }],
      [2, { city: 'Paris', n: 2 }],
    ])
  })

  it('flattens nested objects and collects headers in first-seen order', async () => {
    const path = files.write(
      'nested.json',
      '[{"name": "Rally", "address": {"city": "Erie"}}, {"name": "Hall", "tags": ["x"]}]',
    )
    const detection = await detectFileFormat(path)
    expect(await readHeaders(path, detection)).toEqual(['name', 'address.city', 'tags'])
    expect((await collectRows(path, detection)).map((row) => row.values)).toEqual([
      { name: 'Rally', 'address.city': 'Erie' },
      { name: 'Hall', tags: '["x"]' },
    ])
  })

  it('yields non-object elements as rows with a not-an-object issue', async () => {
    const rows = await read('mixed.json', '[{"a": 1}, 42, "text", [1], null, {"a": 2}]')
    expect(rows.map((row) => row.issues?.[0]?.code ?? 'ok')).toEqual([
      'ok',
      'not-an-object',
      'not-an-object',
      'not-an-object',
      'not-an-object',
      'ok',
    ])
    expect(rows[1]?.issues?.[0]?.message).toBe('Record 2 is 42, not an object; expected {"column": value, ...}')
  })

  it('gives a bad NDJSON line an invalid-json issue and keeps reading', async () => {
    const rows = await read('bad-line.ndjson', '{"a": 1}\n{"a": 2\n{"a": 3}\n')
    expect(rows.map((row) => [row.sourceRow, row.values, row.issues?.[0]?.code])).toEqual([
      [1, { a: 1 }, undefined],
      [2, {}, 'invalid-json'],
      [3, { a: 3 }, undefined],
    ])
  })

  it.each([
    { name: 'missing colon', content: '[\n  {"a": 1},\n  {"b" 2}\n]', line: 3, column: 8, excerpt: '2' },
    { name: 'trailing comma', content: '[{"a": 1},]', line: 1, column: 11, excerpt: ']' },
    { name: 'truncated', content: '[{"a": 1}, {"b": ', line: 1, column: 18, excerpt: '' },
  ])(
    'throws MalformedFile with the position for a syntax error ($name)',
    async ({ name, content, line, column, excerpt }) => {
      const error = await read(`${name}.json`, content).catch((caught: unknown) => caught)
      expect(error).toBeInstanceOf(MalformedFile)
      expect(error).toMatchObject({ line, column })
      expect((error as Error).message).toContain(`at ${JSON.stringify(excerpt).slice(0, -1)}`)
    },
  )

  it('places a syntax error deep in a large file', async () => {
    const records = Array.from({ length: 50_000 }, (_, index) => `{"n": ${index}}`)
    records[40_000] = '{"n": oops}'
    const error = await read('deep.json', `[\n${records.join(',\n')}\n]`).catch((caught: unknown) => caught)
    expect(error).toMatchObject({ line: 40_002, column: 7 })
  })

  it.each([
    { name: 'scalar.json', content: '{"count": 3}', message: 'The JSON object has no records' },
    {
      name: 'two-arrays.json',
      content: '{"a": [{"x": 1}], "b": [{"y": 2}]}',
      message: 'more than one array of objects ("a" and "b")',
    },
  ])('throws MalformedFile for JSON that is not records ($name)', async ({ name, content, message }) => {
    await expect(read(name, content)).rejects.toThrow(message)
  })

  it('reads an empty array as no rows', async () => {
    expect(await read('empty.json', '[]')).toEqual([])
    expect(await read('empty-data.json', '{"data": []}')).toEqual([])
  })

  it('resumes after a row exactly like a full read', async () => {
    const content = JSON.stringify(Array.from({ length: 30 }, (_, index) => ({ n: index })))
    const path = files.write('resume.json', content)
    const detection = await detectFileFormat(path)
    const full = await collectRows(path, detection)
    expect(await collectRows(path, detection, { startAfterRow: 17, batchSize: 4 })).toEqual(full.slice(17))
  })
})
