import { describe, expect, it } from 'vitest'

import { ByteBudgetCache, identityOf } from './byte-budget-cache'

describe('ByteBudgetCache', () => {
  it('computes a value once and forgets the least recently used past its bytes', () => {
    const cache = new ByteBudgetCache<string>(10, (value) => value.length)
    let computed = 0
    const get = (key: string, value: string) =>
      cache.get(key, () => {
        computed++
        return value
      })
    expect(get('a', 'aaaa')).toBe('aaaa')
    expect(get('a', 'other')).toBe('aaaa')
    expect(computed).toBe(1)
    get('b', 'bbbb')
    get('a', '')
    // 12 bytes with c: b, the least recently used, goes.
    get('c', 'cccc')
    expect(cache.size).toBe(2)
    expect(cache.bytes).toBe(8)
    expect(get('a', 'new')).toBe('aaaa')
    expect(get('b', 'BBBB')).toBe('BBBB')
    expect(computed).toBe(4)
  })

  it('keeps the newest value even when it alone is past the bytes', () => {
    const cache = new ByteBudgetCache<string>(2, (value) => value.length)
    cache.get('a', () => 'a')
    expect(cache.get('big', () => 'large')).toBe('large')
    expect(cache.size).toBe(1)
    expect(cache.bytes).toBe(5)
  })
})

describe('ByteBudgetCache.find and set', () => {
  it('finds only what is kept, replaces a key in place and keeps at most its entries', () => {
    const cache = new ByteBudgetCache<string>(100, (value) => value.length, 2)
    expect(cache.find('a')).toBeUndefined()
    cache.set('a', 'aa')
    cache.set('a', 'aaaa')
    expect([cache.size, cache.bytes, cache.find('a')]).toEqual([1, 4, 'aaaa'])
    cache.set('b', 'b')
    cache.find('a')
    cache.set('c', 'c')
    expect(cache.find('b')).toBeUndefined()
    expect(cache.size).toBe(2)
  })
})

describe('ByteBudgetCache.resize', () => {
  it('forgets the least recently used values past a smaller budget at once', () => {
    const cache = new ByteBudgetCache<string>(100, (value) => value.length)
    for (const key of ['a', 'b', 'c']) cache.get(key, () => key.repeat(4))
    cache.get('a', () => 'unused')
    cache.resize(8)
    expect(cache.size).toBe(2)
    expect(cache.get('b', () => 'again')).toBe('again')
  })
})

describe('identityOf', () => {
  it('names each object with its own number, the same for as long as it lives', () => {
    const one = {}
    const two = {}
    expect(identityOf(one)).toBe(identityOf(one))
    expect(identityOf(one)).not.toBe(identityOf(two))
  })
})
