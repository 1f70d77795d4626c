import { describe, expect, it } from 'vitest'

import { compareSchemas } from './compare-schemas'
import type { SchemaChangeKind } from './compare-schemas'
import { isWideningTypeChange } from './type-compatibility'
import type { FieldType, SchemaField } from './types'

function field(name: string, type: FieldType, extra: Partial<SchemaField> = {}): SchemaField {
  const statistics = {
    count: 1,
    nullCount: 0,
    emptyCount: 0,
    nullRate: 0,
    distinctCount: 1,
    isDistinctCountExact: true,
    examples: [],
    typeCounts: {},
  }
  return { name, type, nullable: false, statistics, ...extra }
}

const ALL_TYPES: FieldType[] = ['string', 'number', 'integer', 'boolean', 'date', 'enum', 'id', 'coordinate', 'mixed']

describe('isWideningTypeChange', () => {
  it.each<[FieldType, FieldType, boolean]>([
    ['integer', 'number', true],
    ['number', 'string', true],
    ['integer', 'string', true],
    ['date', 'string', true],
    ['boolean', 'string', true],
    ['enum', 'string', true],
    ['id', 'string', true],
    ['coordinate', 'string', true],
    ['string', 'mixed', true],
    ['date', 'mixed', true],
    ['string', 'number', false],
    ['number', 'integer', false],
    ['string', 'date', false],
    ['string', 'enum', false],
    ['integer', 'id', false],
    ['id', 'integer', false],
    ['date', 'integer', false],
    ['integer', 'date', false],
    ['boolean', 'enum', false],
    ['mixed', 'string', false],
    ['coordinate', 'number', false],
  ])('%s → %s widens: %j', (from, to, expected) => {
    expect(isWideningTypeChange(from, to)).toBe(expected)
  })

  it.each(ALL_TYPES)('%s → itself is no change, → mixed always widens', (type) => {
    expect([isWideningTypeChange(type, type), isWideningTypeChange(type, 'mixed')]).toEqual([true, true])
  })
})

describe('compareSchemas', () => {
  it.each<[string, SchemaField[], SchemaField[], Array<[SchemaChangeKind, string, boolean]>]>([
    ['identical schemas', [field('a', 'string')], [field('a', 'string')], []],
    [
      'an added field',
      [field('a', 'string')],
      [field('a', 'string'), field('b', 'integer')],
      [['field-added', 'b', false]],
    ],
    [
      'a removed field',
      [field('a', 'string'), field('b', 'integer')],
      [field('a', 'string')],
      [['field-removed', 'b', true]],
    ],
    ['integer → number', [field('n', 'integer')], [field('n', 'number')], [['type-changed', 'n', false]]],
    ['number → string', [field('n', 'number')], [field('n', 'string')], [['type-changed', 'n', false]]],
    ['string → number', [field('n', 'string')], [field('n', 'number')], [['type-changed', 'n', true]]],
    ['date → string', [field('d', 'date')], [field('d', 'string')], [['type-changed', 'd', false]]],
    [
      'enum values added',
      [field('e', 'enum', { enumValues: ['a'] })],
      [field('e', 'enum', { enumValues: ['a', 'b'] })],
      [['enum-changed', 'e', false]],
    ],
    [
      'enum values removed',
      [field('e', 'enum', { enumValues: ['a', 'b'] })],
      [field('e', 'enum', { enumValues: ['a'] })],
      [['enum-changed', 'e', true]],
    ],
    [
      'enum values reordered',
      [field('e', 'enum', { enumValues: ['a', 'b'] })],
      [field('e', 'enum', { enumValues: ['b', 'a'] })],
      [],
    ],
    [
      'required → nullable',
      [field('a', 'string')],
      [field('a', 'string', { nullable: true })],
      [['nullability-changed', 'a', false]],
    ],
    [
      'nullable → required',
      [field('a', 'string', { nullable: true })],
      [field('a', 'string')],
      [['nullability-changed', 'a', true]],
    ],
    [
      'a type change and a nullability change together',
      [field('a', 'integer')],
      [field('a', 'string', { nullable: true })],
      [
        ['type-changed', 'a', false],
        ['nullability-changed', 'a', false],
      ],
    ],
  ])('%s', (_case, previous, next, expected) => {
    const comparison = compareSchemas(previous, next)
    expect(comparison.changes.map((change) => [change.kind, change.field, change.isBreaking])).toEqual(expected)
    expect(comparison.isBreaking).toBe(expected.some(([, , isBreaking]) => isBreaking))
    expect(comparison.isIdentical).toBe(expected.length === 0)
  })

  it('treats every field as added when there is no previous schema', () => {
    const comparison = compareSchemas(undefined, [field('a', 'string'), field('b', 'date')])
    expect(comparison).toMatchObject({ isBreaking: false, isIdentical: false, summary: 'New schema with 2 fields' })
    expect(comparison.changes.map((change) => [change.kind, change.to])).toEqual([
      ['field-added', 'string'],
      ['field-added', 'date'],
    ])
  })

  it('records from/to and a readable reason and summary', () => {
    const comparison = compareSchemas(
      [field('e', 'enum', { enumValues: ['a', 'b'] }), field('gone', 'string')],
      [field('e', 'enum', { enumValues: ['a', 'c'] })],
    )
    expect(comparison.changes[0]).toMatchObject({
      from: ['a', 'b'],
      to: ['a', 'c'],
      reason: '"e" values added "c"; removed "b"',
    })
    expect(comparison.summary).toBe('2 changes (2 breaking): 1 enum changed, 1 field removed')
    expect(compareSchemas([field('a', 'string')], [field('a', 'string')]).summary).toBe('No changes')
  })
})
