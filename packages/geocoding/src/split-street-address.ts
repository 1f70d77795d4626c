/** A street address written without a comma before its place, taken apart. */
export interface StreetAndPlace {
  /** The street words, house number included: `"123 Main St"`, `"Alexanderplatz"`. */
  street: string
  /** The words after them, which name the place: `"New York NY"`, `"Berlin"`. */
  place: string
}

/**
 * Says whether some words name a known city or town (by any of its names), so that a street can be
 * told from the place that follows it when nothing else marks the boundary.
 */
export type IsKnownPlace = (words: string) => boolean

/** Street-type words written after the street's name (US, UK, Canada, Australia). */
const TRAILING_STREET_TYPES = new Set([
  'st',
  'street',
  'ave',
  'av',
  'avenue',
  'blvd',
  'boulevard',
  'rd',
  'road',
  'dr',
  'drive',
  'ln',
  'lane',
  'hwy',
  'highway',
  'pkwy',
  'parkway',
  'ct',
  'court',
  'pl',
  'place',
  'ter',
  'terrace',
  'way',
  'cir',
  'circle',
  'sq',
  'square',
  'trl',
  'trail',
  'plaza',
  'alley',
  'rte',
  'route',
  'expressway',
  'freeway',
  'pike',
  'row',
])

/** Street-type words written before the street's name ("rue de Rivoli", "Calle Mayor", "Via Roma"). */
const LEADING_STREET_TYPES = new Set([
  'rue',
  'avenue',
  'av',
  'avenida',
  'boulevard',
  'bd',
  'calle',
  'carrer',
  'camino',
  'paseo',
  'plaza',
  'praça',
  'rua',
  'largo',
  'via',
  'viale',
  'piazza',
  'corso',
  'chemin',
  'allée',
  'quai',
  'ulica',
  'ul',
  'ulitsa',
])

/** Endings of one-word street names: "Alexanderplatz", "Friedrichstraße", "Leidseplein", "Drottninggatan". */
const COMPOUND_STREET_ENDING =
  /(strasse|straße|str|platz|gasse|allee|damm|ufer|chaussee|steig|straat|plein|gracht|laan|gatan|vägen|vagen|gade|vej|veien)$/

/** Words after a street type that still belong to the street: quadrants and unit numbers. */
const DIRECTIONS = new Set(['n', 's', 'e', 'w', 'ne', 'nw', 'se', 'sw'])
const UNIT_WORDS = new Set(['apt', 'apartment', 'suite', 'ste', 'unit', 'fl', 'floor', 'room', '#'])

const HOUSE_NUMBER = /^\d+[a-z]?(?:[-/]\d+[a-z]?)?$/i

/**
 * Whether one word is a whole street name by its ending, as German, Dutch and Nordic streets are.
 * @example isCompoundStreetName('Alexanderplatz') // true
 * @example isCompoundStreetName('Hamburg') // false
 */
export function isCompoundStreetName(word: string): boolean {
  return COMPOUND_STREET_ENDING.test(bare(word))
}

function bare(word: string): string {
  return word.toLowerCase().replace(/[.,]/g, '')
}

/** How many words from `start` name a known place (1 to 3), or 0. */
function knownPlaceAt(words: readonly string[], start: number, isKnownPlace: IsKnownPlace | undefined): boolean {
  if (isKnownPlace === undefined) return false
  for (let length = 1; length <= 3 && start + length <= words.length; length++) {
    if (isKnownPlace(words.slice(start, start + length).join(' '))) return true
  }
  return false
}

function split(words: readonly string[], end: number): StreetAndPlace | undefined {
  if (end < 0 || end >= words.length - 1) return undefined
  return { street: words.slice(0, end + 1).join(' '), place: words.slice(end + 1).join(' ') }
}

/** The last word of the street after its type word: a direction or a unit may follow ("Main St NW Apt 4"). */
function extendPastUnit(words: readonly string[], end: number): number {
  let last = end
  if (DIRECTIONS.has(bare(words[last + 1] ?? ''))) last++
  const unit = bare(words[last + 1] ?? '')
  if (UNIT_WORDS.has(unit) && words[last + 2] !== undefined) last += 2
  else if (/^#\d/.test(unit)) last++
  return last
}

/** The first word from `start` where a known place begins, minus one; -1 when there is none. */
function endBeforeKnownPlace(words: readonly string[], start: number, isKnownPlace?: IsKnownPlace): number {
  for (let k = start; k < words.length; k++) if (knownPlaceAt(words, k, isKnownPlace)) return k - 1
  return -1
}

/**
 * Takes the street off the front of an address written without a comma: "123 Main St New York NY"
 * (house number, name, street type), "Alexanderplatz Berlin" or "Friedrichstraße 43 Berlin" (a
 * one-word street name), "Calle Mayor 5 Madrid" (street type first, then a house number). Where
 * nothing marks the end of the street ("123 Broadway New York"), the first words that
 * `isKnownPlace` recognises start the place. Returns undefined when the text is no such address.
 * @example splitStreetAddress('123 Main St New York NY') // { street: '123 Main St', place: 'New York NY' }
 * @example splitStreetAddress('Alexanderplatz Berlin') // { street: 'Alexanderplatz', place: 'Berlin' }
 * @example splitStreetAddress('St. Louis MO') // undefined
 */
export function splitStreetAddress(text: string, isKnownPlace?: IsKnownPlace): StreetAndPlace | undefined {
  const words = text.trim().split(/\s+/)
  if (words.length < 2) return undefined
  const first = bare(words[0] ?? '')
  if (HOUSE_NUMBER.test(first)) {
    // "123 Main St …": the first street type after a name ends the street.
    for (let j = 2; j < words.length - 1; j++) {
      if (TRAILING_STREET_TYPES.has(bare(words[j] ?? ''))) return split(words, extendPastUnit(words, j))
    }
    return split(words, endBeforeKnownPlace(words, 2, isKnownPlace))
  }
  if (isCompoundStreetName(first) && !(isKnownPlace?.(words[0] ?? '') ?? false)) {
    return split(words, HOUSE_NUMBER.test(words[1] ?? '') ? 1 : 0)
  }
  if (LEADING_STREET_TYPES.has(first) && words.length >= 3) {
    const number = words.findIndex((word, index) => index >= 2 && HOUSE_NUMBER.test(word))
    if (number > 0) return split(words, number)
    return split(words, endBeforeKnownPlace(words, 2, isKnownPlace))
  }
  return undefined
}
