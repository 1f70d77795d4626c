import { describe, expect, it } from 'vitest'

import { InvalidSetting, LOCAL_DOCS_URL, readSettings } from '../../config/settings'
import { headerLinks } from './header-links'

describe('the header links', () => {
  it('follow the main menu with Explore, Import, the documentation site and, signed in, Admin', () => {
    const links = headerLinks([{ label: 'About', type: 'page', page: { slug: 'about' } }], true, LOCAL_DOCS_URL)
    expect(links.find((link) => link.label === 'Docs')?.isOutsideApp).toBe(true)
    expect(links.map((link) => [link.label, link.href])).toEqual([
      ['About', '/pages/about'],
      ['Explore', '/explore'],
      ['Import', '/import'],
      ['Docs', '/docs/'],
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
  it('defaults to the site the app serves, and takes an http(s) URL, a path on the app, and off', () => {
    expect(readSettings({}).docsUrl).toBe('/docs/')
    expect(readSettings({ CHRONOTOPE_DOCS_URL: 'https://docs.example.org' }).docsUrl).toBe('https://docs.example.org')
    expect(readSettings({ CHRONOTOPE_DOCS_URL: '/handbook/' }).docsUrl).toBe('/handbook/')
    expect(readSettings({ CHRONOTOPE_DOCS_URL: 'off' }).docsUrl).toBeNull()
  })

  it('refuses anything else, naming the variable', () => {
    for (const value of ['javascript:alert(1)', 'docs.example.org', 'ftp://x', '//evil.example.org'])
      expect(() => readSettings({ CHRONOTOPE_DOCS_URL: value })).toThrow(InvalidSetting)
  })
})

describe('the CHRONOTOPE_REPOSITORY_URL setting', () => {
  it("defaults to the project's repository and takes another http(s) address, as people paste it", () => {
    expect(readSettings({}).repositoryUrl).toBe('https://github.com/chronotope/chronotope')
    expect(
      readSettings({ CHRONOTOPE_REPOSITORY_URL: 'https://git.example.org/newsroom/chronotope.git' }).repositoryUrl,
    ).toBe('https://git.example.org/newsroom/chronotope')
    expect(readSettings({ CHRONOTOPE_REPOSITORY_URL: 'https://github.com/you/chronotope/' }).repositoryUrl).toBe(
      'https://github.com/you/chronotope',
    )
  })

  it('refuses what is not an address, naming the variable', () => {
    for (const value of ['git@github.com:you/chronotope.git', 'github.com/you/chronotope', 'https://x.org/?a=1'])
      expect(() => readSettings({ CHRONOTOPE_REPOSITORY_URL: value })).toThrow(/CHRONOTOPE_REPOSITORY_URL/)
  })
})
