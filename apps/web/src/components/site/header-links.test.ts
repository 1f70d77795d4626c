import { describe, expect, it } from 'vitest'

import { InvalidSetting, LOCAL_DOCS_URL, readSettings } from '../../config/settings'
import { headerLinks } from './header-links'

describe('the header links', () => {
  it('follow the main menu with Explore, Import, the documentation site and, signed in, Admin', () => {
    const links = headerLinks([{ label: 'About', type: 'page', page: { slug: 'about' } }], true, LOCAL_DOCS_URL)
    expect(links.map((link) => [link.label, link.href])).toEqual([
      ['About', '/pages/about'],
      ['Explore', '/explore'],
      ['Import', '/import'],
      ['Docs', 'http://localhost:3001'],
      ['Admin', '/admin'],
    ])
  })

  it('leave the documentation out when it is turned off, and do not repeat a menu item that links it', () => {
    expect(headerLinks([], false, null).map((link) => link.label)).toEqual(['Explore', 'Import'])
    const menu = [{ label: 'Handbook', type: 'url' as const, url: 'https://docs.example.org' }]
    expect(headerLinks(menu, false, 'https://docs.example.org').map((link) => link.label)).toEqual([
      'Handbook',
      'Explore',
      'Import',
    ])
  })
})

describe('the CHRONOTOPE_DOCS_URL setting', () => {
  it('defaults to where npm run docs serves the site, takes an http(s) URL, and off', () => {
    expect(readSettings({}).docsUrl).toBe('http://localhost:3001')
    expect(readSettings({ CHRONOTOPE_DOCS_URL: 'https://docs.example.org' }).docsUrl).toBe('https://docs.example.org')
    expect(readSettings({ CHRONOTOPE_DOCS_URL: 'off' }).docsUrl).toBeNull()
  })

  it('refuses anything else, naming the variable', () => {
    for (const value of ['javascript:alert(1)', 'docs.example.org', 'ftp://x'])
      expect(() => readSettings({ CHRONOTOPE_DOCS_URL: value })).toThrow(InvalidSetting)
  })
})
