/**
 * Abbreviations people write in place names, expanded so "Ft. Myers" and "Fort Myers" meet. "St" is
 * "Saint" or "Street" by its place: see `saintOrStreet`.
 */
const ABBREVIATIONS: ReadonlyMap<string, string> = new Map([
  ['ste', 'sainte'],
  ['ft', 'fort'],
  ['mt', 'mount'],
  ['mtn', 'mountain'],
  ['pt', 'point'],
  ['hts', 'heights'],
  ['spgs', 'springs'],
  ['twp', 'township'],
])

/** Letters that Unicode decomposition does not fold to ASCII. */
const SPECIAL_LETTERS: ReadonlyMap<string, string> = new Map([
  ['ß', 'ss'],
  ['æ', 'ae'],
  ['ø', 'o'],
  ['œ', 'oe'],
  ['ł', 'l'],
  ['đ', 'd'],
  ['ð', 'd'],
  ['þ', 'th'],
  ['ı', 'i'],
])

/**
 * Folds a place name to the form the gazetteer indexes: lowercase, accents removed, punctuation
 * as spaces, whitespace collapsed, and common abbreviations expanded ("St" to "Saint" before a
 * name, to "Street" after a street name).
 * @example normalizePlaceName('  Ft. Myers ') // 'fort myers'
 * @example normalizePlaceName('123 Main St New York NY') // '123 main street new york ny'
 * @example normalizePlaceName('Montréal') // 'montreal'
 */
export function normalizePlaceName(name: string): string {
  const known = normalizedNames.get(name)
  if (known !== undefined) return known
  const normalized = foldPlaceName(name)
  // Bounded: an import of millions of distinct strings must not grow it without end.
  if (normalizedNames.size >= MAX_MEMOIZED_NAMES) normalizedNames.clear()
  normalizedNames.set(name, normalized)
  return normalized
}

/** How many normalized names are remembered; Unicode folding is the resolver's second-largest cost. */
const MAX_MEMOIZED_NAMES = 200_000
const normalizedNames = new Map<string, string>()

/**
 * {@link normalizePlaceName} without its memo: for indexing many names seen once (the gazetteer's
 * alternate names), which would only push the import's own names out of the memo.
 * @example foldPlaceName('München') // 'munchen'
 */
export function foldPlaceName(name: string): string {
  // Plain ASCII (most names) needs no Unicode decomposition: the cheap path halves the gazetteer's
  // indexing time. Apostrophes join ("O'Fallon" → "ofallon") so spelling with or without them meets.
  const folded = /^[ -~]*$/.test(name)
    ? name
        .toLowerCase()
        .replace(/['`]/g, '')
        .replace(/[^a-z0-9]+/g, ' ')
        .trim()
    : name
        .toLowerCase()
        .normalize('NFD')
        .replace(/\p{M}+/gu, '')
        .replace(/[ßæøœłđðþı]/g, (letter) => SPECIAL_LETTERS.get(letter) ?? letter)
        .replace(/['’`]/g, '')
        .replace(/[^\p{L}\p{N}]+/gu, ' ')
        .trim()
  if (folded === '') return ''
  const words = folded.split(' ')
  return words
    .map((word, index) => (word === 'st' ? saintOrStreet(words, index) : (ABBREVIATIONS.get(word) ?? word)))
    .join(' ')
}

/** Street-type words after which a following "St" is no longer part of the street's name. */
const STREET_TYPE_WORDS = new Set([
  'street',
  'avenue',
  'ave',
  'road',
  'rd',
  'boulevard',
  'blvd',
  'drive',
  'dr',
  'lane',
  'ln',
])

/**
 * "St" is "Street" after a street name ("Main St", "5th St", "Main St 12", "123 Main St New York"),
 * else "Saint" ("St. Louis", "Fort St. John").
 */
function saintOrStreet(words: readonly string[], index: number): string {
  if (index === 0) return 'saint'
  const isNumber = (word: string | undefined): boolean => word !== undefined && /^\d/.test(word)
  const isAfterHouseNumber =
    isNumber(words[0]) && !words.slice(1, index).some((word) => STREET_TYPE_WORDS.has(word) || word === 'st')
  const isStreet =
    index === words.length - 1 || isNumber(words[index + 1]) || isNumber(words[index - 1]) || isAfterHouseNumber
  return isStreet ? 'street' : 'saint'
}
