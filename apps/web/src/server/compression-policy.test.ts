import { describe, expect, it } from 'vitest'

import { DEFAULT_GZIP, gzipOptionsFor, STREAMED_EXPORT_GZIP } from './compression-policy'

describe('gzipOptionsFor', () => {
  it('gzips the streamed exports at the fastest level in big pieces, with or without a query', () => {
    for (const url of [
      '/api/events/export.csv',
      '/api/events/export.geojson',
      '/api/events/export.csv?datasets=1&start=1990',
      '/api/events/export.geojson#x',
    ]) {
      expect(gzipOptionsFor(url), url).toBe(STREAMED_EXPORT_GZIP)
    }
    expect(STREAMED_EXPORT_GZIP).toEqual({ level: 1, chunkSize: 262_144 })
  })

  it("keeps zlib's defaults for everything else", () => {
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
      expect(gzipOptionsFor(url), String(url)).toBe(DEFAULT_GZIP)
    }
    expect(DEFAULT_GZIP).toEqual({ level: 6, chunkSize: 16_384 })
  })
})
