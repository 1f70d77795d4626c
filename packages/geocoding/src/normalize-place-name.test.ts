import { describe, expect, it } from 'vitest'

import { normalizePlaceName } from './normalize-place-name'

describe('normalizePlaceName', () => {
  it.each([
    ['Springfield', 'springfield'],
    ['  New   York  ', 'new york'],
    ['Montréal', 'montreal'],
    ['São Paulo', 'sao paulo'],
    ['Düsseldorf', 'dusseldorf'],
    ['Straße', 'strasse'],
    ['Łódź', 'lodz'],
    ['St. Louis', 'saint louis'],
    ['Fort St. John', 'fort saint john'],
    // "St" after a street name or before a house number is "Street"
    ['Main St', 'main street'],
    ['5th St', '5th street'],
    ['Main St 12', 'main street 12'],
    ['123 Main St New York NY', '123 main street new york ny'],
    ['123 Main St, St. Louis', '123 main street saint louis'],
    ['Saint-Louis', 'saint louis'],
    ['Ft. Myers', 'fort myers'],
    ['Mt. Pleasant', 'mount pleasant'],
    ['Ste-Foy', 'sainte foy'],
    ["O'Fallon", 'ofallon'],
    ['Winston-Salem', 'winston salem'],
    ['Washington, D.C.', 'washington d c'],
    ['Stuttgart', 'stuttgart'],
    ['', ''],
    ['  ,.; ', ''],
  ])('%j → %j', (input, expected) => {
    expect(normalizePlaceName(input)).toBe(expected)
  })
})
