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

  it('serves the place names small maps label: countries and capitals, among them France and Paris', async () => {
    const response = await get('places.json')
    expect(response.status).toBe(200)
    const places = (await response.json()) as Array<{ name: string; kind: string; minZoom: number }>
    expect(places.find((place) => place.name === 'France')).toMatchObject({ kind: 'country', minZoom: 2 })
    expect(places.find((place) => place.name === 'Paris')).toMatchObject({ kind: 'capital', minZoom: 3 })
  })

  it('answers 404 for any other name', async () => {
    for (const file of ['nope.json', '__proto__', 'constructor', '../package.json']) {
      expect((await get(file)).status, file).toBe(404)
    }
  })

  it('lists each file for the build, the place names’ tiles among them', () => {
    const files = generateStaticParams().map(({ file }) => file)
    expect(files.filter((file) => !/^places-\d+-\d+\.json$/.test(file)).sort()).toEqual([
      'borders-50m.geojson',
      'borders.geojson',
      'coastlines-50m.geojson',
      'coastlines.geojson',
      'countries-50m.geojson',
      'countries.geojson',
      'places.json',
      'style-dark.json',
      'style-light.json',
    ])
    expect(files).toContain('places-18-13.json')
  })

  it('serves the towns of a tile: Lyon and Saint-Étienne in France’s', async () => {
    const towns = (await (await get('places-18-13.json')).json()) as Array<{ name: string }>
    expect(towns.map((town) => town.name)).toEqual(expect.arrayContaining(['Lyon', 'Saint-Étienne']))
  })
})
