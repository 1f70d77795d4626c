import { runInNewContext } from 'node:vm'

import { describe, expect, it } from 'vitest'

import { parseThemeChoice, THEME_BOOT_SCRIPT, THEME_STORAGE_KEY } from './theme-choice'

describe('parseThemeChoice', () => {
  it.each([
    ['light', 'light'],
    ['dark', 'dark'],
    ['system', 'system'],
    ['Dark', 'system'],
    ['', 'system'],
    [null, 'system'],
    [undefined, 'system'],
  ])('%s → %s', (stored, expected) => {
    expect(parseThemeChoice(stored)).toBe(expected)
  })
})

describe('THEME_BOOT_SCRIPT', () => {
  function run(storage: { getItem(key: string): string | null }): Record<string, string> {
    const attributes: Record<string, string> = {}
    const document = { documentElement: { setAttribute: (name: string, value: string) => (attributes[name] = value) } }
    runInNewContext(THEME_BOOT_SCRIPT, { localStorage: storage, document })
    return attributes
  }

  it.each([
    ['dark', { 'data-theme': 'dark' }],
    ['light', { 'data-theme': 'light' }],
    ['system', {}],
    [null, {}],
    ['<script>', {}],
  ])('stored %s sets %o', (stored, expected) => {
    expect(run({ getItem: (key) => (key === THEME_STORAGE_KEY ? stored : null) })).toEqual(expected)
  })

  it('leaves the page alone when storage is refused', () => {
    expect(
      run({
        getItem: () => {
          throw new Error('SecurityError')
        },
      }),
    ).toEqual({})
  })
})
