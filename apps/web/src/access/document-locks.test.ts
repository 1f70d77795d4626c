import { describe, expect, it } from 'vitest'

import { lockTarget } from './document-locks'

describe('lockTarget', () => {
  it.each([
    [{ document: { relationTo: 'pages', value: 4 } }, { collection: 'pages', id: 4 }],
    [{ document: { relationTo: 'pages', value: { id: 4, title: 'About' } } }, { collection: 'pages', id: 4 }],
    [
      { document: { relationTo: 'pages', value: '4' }, globalSlug: null },
      { collection: 'pages', id: '4' },
    ],
    [{ globalSlug: 'main-menu' }, { global: 'main-menu' }],
    [{ globalSlug: 'main-menu', document: null }, { global: 'main-menu' }],
    [{}, undefined],
    [null, undefined],
    ['pages', undefined],
    [{ globalSlug: '' }, undefined],
    [{ document: { relationTo: 'pages' } }, undefined],
    [{ document: { value: 4 } }, undefined],
    [{ document: { relationTo: 'pages', value: 4 }, globalSlug: 'main-menu' }, undefined],
  ])('%j points at %j', (data, target) => {
    expect(lockTarget(data)).toEqual(target)
  })
})
