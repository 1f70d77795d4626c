import { describe, expect, it } from 'vitest'
import { isProperNoun } from './proper-nouns.ts'

describe('isProperNoun', () => {
  it.each([
    ['PostgreSQL', true],
    ['Payload', true],
    ['Payload,', true],
    ["Nominatim's", true],
    ['Chronotope', true],
    ['Node', true],
    ['CSV', true],
    ['UTF-8', true],
    ['ISO-8601', true],
    ['GeoJSON', true],
    ['OpenStreetMap', true],
    ['Next.js', true],
    ['Vue.js', true],
    ['Added', false],
    ['Close', false],
    ['A', false],
    ['I', false],
    ['Postgresql', false],
  ])('%s → %s', (word, expected) => {
    expect(isProperNoun(word)).toBe(expected)
  })
})
