import { describe, expect, it } from 'vitest'

import { isDocumentId } from './document-ids'

describe('isDocumentId', () => {
  it.each([
    ['1', 'number', true],
    ['2147483647', 'number', true],
    ['2147483648', 'number', false],
    ['99999999999', 'number', false],
    ['0', 'number', false],
    ['01', 'number', false],
    ['1.5', 'number', false],
    ['abc', 'number', false],
    ['-1', 'number', false],
    ['', 'number', false],
    ['abc', 'text', true],
    ['', 'text', false],
  ] as const)('%j as a %s id → %s', (raw, idType, expected) => {
    expect(isDocumentId(raw, idType)).toBe(expected)
  })
})
