import { describe, expect, it } from 'vitest'

import { GET, generateStaticParams } from './route'

const get = (file: string) =>
  GET(new Request(`http://localhost/basemap/${file}`), { params: Promise.resolve({ file }) })

describe('GET /basemap/{file}', () => {
  it('serves both styles, and every file a style names is served too', async () => {
    for (const theme of ['light', 'dark']) {
      const response = await get(`style-${theme}.json`)
      expect(response.status).toBe(200)
      expect(response.headers.get('content-type')).toBe('application/json')
      const style = (await response.json()) as { sources: Record<string, { data: string }> }
      for (const { data } of Object.values(style.sources)) {
        expect(data).toMatch(/^\/basemap\/[a-z]+\.geojson$/)
        const file = await get(data.slice('/basemap/'.length))
        expect(file.status, data).toBe(200)
        expect(file.headers.get('content-type')).toBe('application/geo+json')
        expect(file.headers.get('cache-control')).toBe('public, max-age=86400')
        expect(['FeatureCollection', 'Feature']).toContain(((await file.json()) as { type: string }).type)
      }
    }
  })

  it('answers 404 for any other name', async () => {
    for (const file of ['nope.json', '__proto__', 'constructor', '../package.json']) {
      expect((await get(file)).status, file).toBe(404)
    }
  })

  it('lists each file for the build', () => {
    expect(
      generateStaticParams()
        .map(({ file }) => file)
        .sort(),
    ).toEqual([
      'borders-50m.geojson',
      'borders.geojson',
      'coastlines-50m.geojson',
      'coastlines.geojson',
      'countries-50m.geojson',
      'countries.geojson',
      'style-dark.json',
      'style-light.json',
    ])
  })
})
