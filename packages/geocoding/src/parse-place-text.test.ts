import { describe, expect, it } from 'vitest'

import { isNoPlace, looksLikeStreet, parsePlaceText } from './parse-place-text'
import type { ParsedPlaceText } from './parse-place-text'

describe('parsePlaceText', () => {
  it.each<[string, ParsedPlaceText]>([
    ['Dayton, OH', { parts: ['Dayton', 'OH'] }],
    ['  Dayton ,  Ohio  ', { parts: ['Dayton', 'Ohio'] }],
    ['Washington DC', { parts: ['Washington DC'] }],
    ['Prescott, Valley, AZ', { parts: ['Prescott', 'Valley', 'AZ'] }],
    ['Dayton; OH', { parts: ['Dayton', 'OH'] }],
    ['Dayton, OH 45402', { parts: ['Dayton', 'OH'], postalCode: '45402' }],
    ['Dayton, OH 45402-1234', { parts: ['Dayton', 'OH'], postalCode: '45402' }],
    ['45402', { parts: [], postalCode: '45402' }],
    ['12 Main St, Dayton, OH 45402', { parts: ['Dayton', 'OH'], postalCode: '45402', street: '12 Main St' }],
    ['300 block Iris Park Dr, Pineville, LA', { parts: ['Pineville', 'LA'], street: '300 block Iris Park Dr' }],
    ['22nd Ave and 56th St, Kenosha, WI', { parts: ['Kenosha', 'WI'], street: '22nd Ave and 56th St' }],
    ['NW, Washington, DC', { parts: ['Washington', 'DC'], street: 'NW' }],
    ['St. Louis, MO', { parts: ['St. Louis', 'MO'] }],
    ['Main Street', { parts: ['Main Street'] }],
    // A street without a comma before its place
    ['123 Main St New York NY', { parts: ['New York NY'], street: '123 Main St' }],
    ['123 Main St New York, NY', { parts: ['New York', 'NY'], street: '123 Main St' }],
    ['1600 Pennsylvania Ave NW Washington DC', { parts: ['Washington DC'], street: '1600 Pennsylvania Ave NW' }],
    ['12 Elm St Apt 4 Dayton OH', { parts: ['Dayton OH'], street: '12 Elm St Apt 4' }],
    ['Alexanderplatz Berlin', { parts: ['Berlin'], street: 'Alexanderplatz' }],
    ['Alexanderplatz, Berlin', { parts: ['Berlin'], street: 'Alexanderplatz' }],
    ['Friedrichstraße 43 Berlin', { parts: ['Berlin'], street: 'Friedrichstraße 43' }],
    ['Friedrichstraße 43, Berlin', { parts: ['Berlin'], street: 'Friedrichstraße 43' }],
    ['Main St 12, Springfield', { parts: ['Springfield'], street: 'Main St 12' }],
    ['Calle Mayor 5 Madrid', { parts: ['Madrid'], street: 'Calle Mayor 5' }],
    ['St. Louis MO', { parts: ['St. Louis MO'] }],
    ['N/A', { parts: [] }],
    ['', { parts: [] }],
    ['12345678', { parts: [] }],
    ['Unknown, Unknown', { parts: [] }],
  ])('%j → %j', (text, expected) => {
    expect(parsePlaceText(text)).toEqual(expected)
  })
})

describe('parsePlaceText with known place names', () => {
  const known = new Set(['new york', 'springfield', 'paris'])
  const isKnownPlace = (words: string) => known.has(words.toLowerCase())
  it.each<[string, ParsedPlaceText]>([
    ['123 Broadway New York NY', { parts: ['New York NY'], street: '123 Broadway' }],
    ['5 rue de Rivoli Paris', { parts: ['Paris'], street: '5 rue de Rivoli' }],
    ['Springfield IL', { parts: ['Springfield IL'] }],
  ])('%j → %j', (text, expected) => {
    expect(parsePlaceText(text, { isKnownPlace })).toEqual(expected)
  })
})

describe('isNoPlace', () => {
  it.each([
    ['N/A', true],
    ['n.a.', true],
    ['', true],
    ['  ', true],
    ['-', true],
    ['NULL', true],
    ['Unknown', true],
    ['12345678', true],
    ['0', true],
    ['45402', false],
    ['Dayton', false],
    ['Nome', false],
  ])('%j → %j', (value, expected) => {
    expect(isNoPlace(value)).toBe(expected)
  })
})

describe('looksLikeStreet', () => {
  it.each([
    ['300 block Iris Park Dr', true],
    ['Clearview Ln', true],
    ['Main St', true],
    ['Broadway & 5th', true],
    ['NW', true],
    ['St. Louis', false],
    ['Alexanderplatz', true],
    ['Friedrichstraße 43', true],
    ['Main St 12', true],
    ['Hamburg', false],
    ['Fort Myers', false],
    ['Salt Lake City', false],
    ['Dayton', false],
  ])('%j → %j', (part, expected) => {
    expect(looksLikeStreet(part)).toBe(expected)
  })
})
