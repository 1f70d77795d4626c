import { normalizePlaceName } from './normalize-place-name'
import { isCompoundStreetName, splitStreetAddress } from './split-street-address'
import type { IsKnownPlace } from './split-street-address'

/** Free text split into what can be told apart without a gazetteer. */
export interface ParsedPlaceText {
  /** Place parts, most specific first, street and postal code removed: `["Dayton", "OH"]`. */
  parts: string[]
  /** A US ZIP code found in the text (5 digits; a ZIP+4 suffix is dropped). */
  postalCode?: string
  /** Leading parts that look like a street address or a city quadrant, joined with `", "`. */
  street?: string
}

/** Values that mean "no place" in spreadsheets (compared after {@link normalizePlaceName}). */
const NO_PLACE_VALUES = new Set([
  'n a',
  'na',
  'nan',
  'none',
  'null',
  'nil',
  'unknown',
  'unk',
  'tbd',
  'tba',
  'not available',
  'not applicable',
  'no location',
  'various',
  'online',
  'virtual',
  'undefined',
  'x',
  'xx',
  'xxx',
])

const STREET_SUFFIX = new Set([
  'street',
  'avenue',
  'ave',
  'av',
  'boulevard',
  'blvd',
  'road',
  'rd',
  'drive',
  'dr',
  'lane',
  'ln',
  'highway',
  'hwy',
  'parkway',
  'pkwy',
  'court',
  'ct',
  'place',
  'pl',
  'terrace',
  'ter',
  'way',
  'circle',
  'cir',
  'square',
  'sq',
  'trail',
  'trl',
  'plaza',
  'alley',
  'route',
  'rte',
  'expressway',
  'freeway',
  'pike',
  'row',
])

const QUADRANTS = new Set(['n', 's', 'e', 'w', 'ne', 'nw', 'se', 'sw', 'north', 'south', 'east', 'west'])

/** A US ZIP code or ZIP+4 at the end of a part: "OH 45402", "45402-1234". */
const TRAILING_ZIP = /^(.*?)[\s-]*\b(\d{5})(?:-\d{4})?$/

/**
 * Whether a value means "no place": empty, "N/A", "unknown", punctuation or a bare number that is no
 * ZIP code.
 * @example isNoPlace('N/A') // true
 * @example isNoPlace('12345678') // true
 * @example isNoPlace('Dayton') // false
 */
export function isNoPlace(value: string | undefined): boolean {
  if (value === undefined) return true
  const normalized = normalizePlaceName(value)
  if (normalized === '' || NO_PLACE_VALUES.has(normalized)) return true
  return /^\d+$/.test(normalized.replace(/ /g, '')) && !/^\d{5}(\d{4})?$/.test(normalized.replace(/ /g, ''))
}

/**
 * Whether a part of an address names a street or block rather than a place: it starts with a house
 * number, ends in a street word ("Main St"), names an intersection or a block, is a city quadrant
 * or a one-word street ("Alexanderplatz").
 * @example looksLikeStreet('300 block Iris Park Dr') // true
 * @example looksLikeStreet('St. Louis') // false
 */
export function looksLikeStreet(part: string): boolean {
  const words = normalizePlaceName(part).split(' ')
  const last = words[words.length - 1] ?? ''
  if (words.length === 1) return QUADRANTS.has(last) || isCompoundStreetName(part)
  if (/^\d/.test(words[0] ?? '')) return true
  if (words.includes('block') || words.includes('and') || part.includes('&')) return true
  if (isCompoundStreetName(part.split(' ')[0] ?? '')) return true
  // "Main St 12": the house number after the street, as much of Europe writes it.
  const beforeNumber = /^\d/.test(last) ? words[words.length - 2] : undefined
  return STREET_SUFFIX.has(last) || (beforeNumber !== undefined && STREET_SUFFIX.has(beforeNumber))
}

/** Options of {@link parsePlaceText}. */
export interface ParsePlaceTextOptions {
  /** Recognises place names, to find where a street written without a comma ends. */
  isKnownPlace?: IsKnownPlace
}

/**
 * Splits free place text on commas, semicolons and line breaks; takes out a trailing US ZIP code and
 * leading street parts, also when no comma ends the street ("123 Main St New York NY",
 * "Alexanderplatz Berlin"). Junk ("N/A", "") yields no parts.
 * @example parsePlaceText('12 Main St, Dayton, OH 45402') // { parts: ['Dayton', 'OH'], postalCode: '45402', street: '12 Main St' }
 * @example parsePlaceText('NW, Washington, DC') // { parts: ['Washington', 'DC'], street: 'NW' }
 * @example parsePlaceText('123 Main St New York NY') // { parts: ['New York NY'], street: '123 Main St' }
 */
export function parsePlaceText(text: string, options: ParsePlaceTextOptions = {}): ParsedPlaceText {
  const rawParts = text
    .split(/[,;\n\r]+/)
    .map((part) => part.replace(/\s+/g, ' ').trim())
    .filter((part) => part !== '')
  const result: ParsedPlaceText = { parts: [] }
  const parts: string[] = []
  for (const part of rawParts) {
    const zip = result.postalCode === undefined ? TRAILING_ZIP.exec(part) : null
    if (zip?.[2] !== undefined) {
      result.postalCode = zip[2]
      const rest = zip[1]?.trim() ?? ''
      if (rest !== '') parts.push(rest)
      continue
    }
    if (!isNoPlace(part)) parts.push(part)
  }
  const streetParts: string[] = []
  const address = parts[0] === undefined ? undefined : splitStreetAddress(parts[0], options.isKnownPlace)
  if (address !== undefined) {
    streetParts.push(address.street)
    parts[0] = address.place
  }
  // Keep at least one part as the place: "Main Street" alone is more likely a place than nothing.
  while (parts.length > 1 && looksLikeStreet(parts[0] ?? '')) streetParts.push(parts.shift() ?? '')
  result.parts = parts
  if (streetParts.length > 0) result.street = streetParts.join(', ')
  return result
}
