import { describe, expect, it } from 'vitest'

import { isBooleanQuestionHeader, parseBooleanWord } from './boolean-words'
import { isNullMarker } from './null-markers'

describe('parseBooleanWord', () => {
  it.each<[string, boolean | undefined]>([
    ['true', true],
    ['FALSE', false],
    [' Yes ', true],
    ['n', false],
    ['Ja', true],
    ['nein', false],
    ['oui', true],
    ['Non', false],
    ['Sí', true],
    ['si', true],
    ['não', false],
    ['waar', true],
    ['1', undefined],
    ['0', undefined],
    ['maybe', undefined],
    ['yes please', undefined],
    ['', undefined],
  ])('%j → %j', (text, expected) => {
    expect(parseBooleanWord(text)).toBe(expected)
  })
})

describe('isBooleanQuestionHeader', () => {
  it.each<[string, boolean]>([
    ['is_verified', true],
    ['Has video', true],
    ['isPublic', true],
    ['IS_ACTIVE', true],
    ['island', false],
    ['hashtag', false],
    ['count', false],
  ])('%j → %j', (header, expected) => {
    expect(isBooleanQuestionHeader(header)).toBe(expected)
  })
})

describe('isNullMarker', () => {
  it.each<[string, boolean]>([
    ['NA', true],
    ['N/A', true],
    ['null', true],
    ['-', true],
    ['Unknown', true],
    ['none', true],
    ['', true],
    ['Nadia', false],
    ['0', false],
    ['no', false],
    ['unknown soldier', false],
  ])('%j → %j', (text, expected) => {
    expect(isNullMarker(text)).toBe(expected)
  })
})
