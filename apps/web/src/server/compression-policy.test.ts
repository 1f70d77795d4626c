import { describe, expect, it } from 'vitest'

import { compressionLevelFor, DEFAULT_COMPRESSION_LEVEL, FAST_COMPRESSION_LEVEL } from './compression-policy'

describe('compressionLevelFor', () => {
  it('compresses the streamed exports at the fastest level, with or without a query', () => {
    for (const url of ['/api/events/export.csv', '/api/events/export.geojson', '/api/events/export.csv?datasets=1&start=1990', '/api/events/export.geojson#x']) {
      expect(compressionLevelFor(url), url).toBe(FAST_COMPRESSION_LEVEL)
    }
    expect(FAST_COMPRESSION_LEVEL).toBe(1)
  })

  it('keeps the default level for everything else', () => {
    for (const url of [
      '/',
      '/explore',
      '/api/events',
      '/api/events?bbox=0,0,1,1',
      '/api/events/histogram',
      '/api/events/export.csv.map',
      '/api/events/export.json',
      '/x/api/events/export.csv',
      '/explore?next=/api/events/export.csv',
      '/_next/static/chunks/main.js',
      undefined,
      '',
    ]) {
      expect(compressionLevelFor(url), String(url)).toBe(DEFAULT_COMPRESSION_LEVEL)
    }
    expect(DEFAULT_COMPRESSION_LEVEL).toBe(6)
  })
})
