import { describe, expect, it } from 'vitest'

import { callerCacheControl, carriesCredentials, dependsOnCaller, varyOnCaller } from './caller-caching'

describe('carriesCredentials', () => {
  it('sees a token in the Authorization header or the sign-in cookie', () => {
    expect(carriesCredentials({ authorization: 'JWT eyJ' })).toBe(true)
    expect(carriesCredentials({ authorization: 'users API-Key 123' })).toBe(true)
    expect(carriesCredentials({ cookie: 'theme=dark; payload-token=eyJ' })).toBe(true)
    expect(carriesCredentials({ cookie: 'payload-token=eyJ' })).toBe(true)
  })

  it('sees none in other cookies, an empty token or no headers', () => {
    expect(carriesCredentials({})).toBe(false)
    expect(carriesCredentials({ authorization: ' ', cookie: 'theme=dark' })).toBe(false)
    expect(carriesCredentials({ cookie: 'payload-token=' })).toBe(false)
    expect(carriesCredentials({ cookie: 'my-payload-token=x' })).toBe(false)
  })
})

describe('dependsOnCaller', () => {
  it('covers pages and the API, not the static files that are the same for everyone', () => {
    for (const path of ['/', '/explore', '/datasets/5', '/admin', '/api/users/me', '/api/graphql', '/embed/x'])
      expect(dependsOnCaller(path), path).toBe(true)
    for (const path of ['/_next/static/chunks/a.js', '/basemap/style-light.json', '/docs/', '/docs/guide'])
      expect(dependsOnCaller(path), path).toBe(false)
  })
})

describe('varyOnCaller', () => {
  it('adds Authorization and Cookie once, keeping what was there', () => {
    expect(varyOnCaller(undefined)).toBe('Authorization, Cookie')
    expect(varyOnCaller('RSC, Accept-Encoding')).toBe('RSC, Accept-Encoding, Authorization, Cookie')
    expect(varyOnCaller('authorization, cookie')).toBe('authorization, cookie')
    expect(varyOnCaller('Cookie')).toBe('Cookie, Authorization')
    expect(varyOnCaller('*')).toBe('*')
  })
})

describe('callerCacheControl', () => {
  it('makes an answer to a signed-in caller private and unstored unless its handler chose private', () => {
    expect(callerCacheControl({ credentials: true, cacheControl: undefined })).toBe('private, no-store')
    expect(callerCacheControl({ credentials: true, cacheControl: 'public, max-age=60' })).toBe('private, no-store')
    expect(callerCacheControl({ credentials: true, cacheControl: 's-maxage=31536000' })).toBe('private, no-store')
    expect(callerCacheControl({ credentials: true, cacheControl: 'private, no-cache' })).toBe('private, no-cache')
    expect(callerCacheControl({ credentials: true, cacheControl: 'no-store' })).toBe('private, no-store')
  })

  it('leaves anonymous answers as their handler made them', () => {
    expect(callerCacheControl({ credentials: false, cacheControl: undefined })).toBeUndefined()
    expect(callerCacheControl({ credentials: false, cacheControl: 'public, max-age=60' })).toBe('public, max-age=60')
  })

  it('never lets an answer that sets a cookie be stored', () => {
    expect(callerCacheControl({ credentials: false, cacheControl: undefined, setsCookie: true })).toBe(
      'private, no-store',
    )
    expect(callerCacheControl({ credentials: false, cacheControl: 'no-store', setsCookie: true })).toBe(
      'private, no-store',
    )
  })
})
