import { describe, expect, it } from 'vitest'

import { TextMatchCache } from './text-match-cache'

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
})
