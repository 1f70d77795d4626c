import { describe, expect, it } from 'vitest'

import { acceptsGzip, isCompressibleAsset, staticAssetPath } from './static-asset-policy'

describe('acceptsGzip', () => {
  it.each([
    ['gzip, deflate, br, zstd', true],
    ['br;q=1.0, gzip;q=0.8', true],
    ['GZIP', true],
    ['gzip;q=0', false],
    ['gzip;q=0.0, *', false],
    ['br', false],
    ['*', true],
    ['*;q=0', false],
    ['', false],
  ])('%j → %s', (header, expected) => {
    expect(acceptsGzip(header)).toBe(expected)
  })

  it('refuses a request that sends no Accept-Encoding', () => {
    expect(acceptsGzip(undefined)).toBe(false)
  })
})

describe('staticAssetPath', () => {
  it('names the asset under the build folder', () => {
    expect(staticAssetPath('/_next/static/chunks/0nur6r4d7fmar.js')).toBe('chunks/0nur6r4d7fmar.js')
    expect(staticAssetPath('/_next/static/css/app.css')).toBe('css/app.css')
  })

  it.each([
    '/_next/static/../../package.json',
    '/_next/static/chunks/%2e%2e/x.js',
    '/_next/static/chunks//x.js',
    '/_next/static/chunks/x.js?v=1',
    '/_next/static/chunks\\x.js',
    '/_next/static/',
    '/_next/image?url=x',
    '/explore',
    undefined,
  ])('leaves %j to Next', (url) => {
    expect(staticAssetPath(url)).toBeUndefined()
  })
})

describe('isCompressibleAsset', () => {
  it('compresses scripts and style sheets of a kilobyte or more', () => {
    expect(isCompressibleAsset('chunks/a.js', 1024)).toBe(true)
    expect(isCompressibleAsset('css/a.CSS', 50_000)).toBe(true)
    expect(isCompressibleAsset('chunks/a.js', 1023)).toBe(false)
  })

  it('leaves already compressed formats alone', () => {
    expect(isCompressibleAsset('media/font.woff2', 40_000)).toBe(false)
    expect(isCompressibleAsset('media/logo.png', 40_000)).toBe(false)
    expect(isCompressibleAsset('chunks/a.js.gz', 40_000)).toBe(false)
  })
})
