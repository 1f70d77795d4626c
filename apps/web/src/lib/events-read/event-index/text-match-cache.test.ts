import { describe, expect, it } from 'vitest'

import { TEXT_MATCHES_MAX_BYTES, TextMatchCache, textMatchesMaxBytes } from './text-match-cache'

describe('TextMatchCache', () => {
  it('keys searches by dataset, version and text', () => {
    expect(TextMatchCache.key(1, '7', 'flood')).not.toBe(TextMatchCache.key(1, '8', 'flood'))
    expect(TextMatchCache.key(1, '7', 'flood')).not.toBe(TextMatchCache.key(17, '', 'flood'))
  })

  it('forgets the least recently used search beyond its capacity', () => {
    const cache = new TextMatchCache(2)
    cache.set('a', Int32Array.of(1))
    cache.set('b', Int32Array.of(2))
    expect(cache.get('a')).toEqual(Int32Array.of(1))
    cache.set('c', Int32Array.of(3))
    expect(cache.get('b')).toBeUndefined()
    expect(cache.get('a')).toEqual(Int32Array.of(1))
    expect(cache.size).toBe(2)
  })

  it('forgets the least recently used searches past its bytes, but always keeps the newest', () => {
    const cost = (rows: number) => {
      const probe = new TextMatchCache()
      probe.set('probe', new Int32Array(rows))
      return probe.bytes
    }
    // What the index keeps with a search's rows counts too: several times the rows' own bytes.
    expect(cost(20)).toBeGreaterThan(3 * 80)
    expect(cost(40)).toBe(2 * cost(20))
    const cache = new TextMatchCache(10, 3 * cost(20))
    cache.set('a', new Int32Array(20))
    cache.set('b', new Int32Array(20))
    cache.set('c', new Int32Array(20))
    expect([cache.size, cache.bytes]).toEqual([3, 3 * cost(20)])
    expect(cache.get('a')).toBeDefined()
    cache.set('d', new Int32Array(5))
    expect(cache.get('b')).toBeUndefined()
    expect([cache.size, cache.bytes]).toEqual([3, 2 * cost(20) + cost(5)])
    cache.set('big', new Int32Array(100))
    expect([cache.size, cache.bytes]).toEqual([1, cost(100)])
    expect(cache.get('big')).toHaveLength(100)
    // Set again, a search replaces its own bytes.
    cache.set('big', new Int32Array(10))
    expect([cache.size, cache.bytes]).toEqual([1, cost(10)])
  })
})

describe('textMatchesMaxBytes', () => {
  it("is an eighth of a small index's limit, and the default past that", () => {
    expect(textMatchesMaxBytes(256 * 1024 * 1024)).toBe(32 * 1024 * 1024)
    expect(textMatchesMaxBytes(8 * 1024 * 1024 * 1024)).toBe(TEXT_MATCHES_MAX_BYTES)
  })
})
