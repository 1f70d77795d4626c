import { describe, expect, it } from 'vitest'

import { InvalidSetting, readSettings } from '../../config/settings'
import { basemapFiles, type NaturalEarthLayers } from '@chronotope/basemap'

import { basemapStyleUrl, MAP_STYLE_META_NAME, mapStyleChoice } from './map-style-setting'

describe('basemapStyleUrl', () => {
  it.each<['light' | 'dark', string | null, string]>([
    ['light', null, '/basemap/style-light.json'],
    ['dark', '', '/basemap/style-dark.json'],
    ['dark', '   ', '/basemap/style-dark.json'],
    ['light', 'https://tiles.example.org/style.json', 'https://tiles.example.org/style.json'],
    ['dark', 'https://tiles.example.org/{scheme}/style.json', 'https://tiles.example.org/dark/style.json'],
  ])('%s with %j → %s', (scheme, online, expected) => {
    expect(basemapStyleUrl(scheme, online)).toBe(expected)
  })

  it('names the meta tag the server renders', () => {
    expect(MAP_STYLE_META_NAME).toBe('chronotope-map-style')
  })
})

describe('mapStyleChoice', () => {
  // The styles do not depend on the data's contents.
  const layers = { countries: null, borders: null, coastlines: null } as unknown as NaturalEarthLayers
  const served = basemapFiles('/basemap', layers, layers, [])

  it('gives the offline style itself, exactly as the app serves it, keyed by its URL', () => {
    for (const scheme of ['light', 'dark'] as const) {
      const choice = mapStyleChoice(scheme, '')
      expect(choice.style).toEqual(served[`style-${scheme}.json`]!.json)
      expect(choice.key).toBe(`/basemap/style-${scheme}.json`)
    }
  })

  it('gives an online style as its URL, for MapLibre to fetch', () => {
    const choice = mapStyleChoice('dark', 'https://tiles.example.org/{scheme}/style.json')
    expect(choice).toEqual({
      style: 'https://tiles.example.org/dark/style.json',
      key: 'https://tiles.example.org/dark/style.json',
    })
  })
})

describe('the CHRONOTOPE_MAP_STYLE_URL setting', () => {
  it('is empty by default: the offline basemap', () => {
    expect(readSettings({}).mapStyleUrl).toBe('')
    expect(readSettings({ CHRONOTOPE_MAP_STYLE_URL: '  ' }).mapStyleUrl).toBe('')
  })

  it('takes an http(s) style URL, with {scheme} in it', () => {
    const url = 'https://tiles.example.org/{scheme}/style.json'
    expect(readSettings({ CHRONOTOPE_MAP_STYLE_URL: url }).mapStyleUrl).toBe(url)
  })

  it.each(['tiles.example.org/style.json', 'file:///etc/passwd', 'javascript:alert(1)'])(
    'refuses %j, naming the variable',
    (value) => {
      expect(() => readSettings({ CHRONOTOPE_MAP_STYLE_URL: value })).toThrow(InvalidSetting)
      expect(() => readSettings({ CHRONOTOPE_MAP_STYLE_URL: value })).toThrow(
        /^CHRONOTOPE_MAP_STYLE_URL must be the http\(s\) URL/,
      )
    },
  )
})
