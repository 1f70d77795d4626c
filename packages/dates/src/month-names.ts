/**
 * Month names and abbreviations in English, French, German, Spanish, Italian, Portuguese and Dutch,
 * lowercase without accents or trailing dots; index 0 is January.
 */
const NAMES_BY_MONTH: readonly (readonly string[])[] = [
  [
    'january',
    'jan',
    'janvier',
    'janv',
    'januar',
    'janner',
    'jann',
    'enero',
    'ene',
    'gennaio',
    'gen',
    'janeiro',
    'januari',
  ],
  ['february', 'feb', 'febr', 'fevrier', 'fevr', 'fev', 'februar', 'febrero', 'febbraio', 'fevereiro', 'februari'],
  ['march', 'mar', 'mars', 'marz', 'maerz', 'mrz', 'marzo', 'marco', 'maart', 'mrt'],
  ['april', 'apr', 'avril', 'avr', 'abril', 'abr', 'aprile'],
  ['may', 'mai', 'mayo', 'maggio', 'mag', 'maio', 'mei'],
  ['june', 'jun', 'juin', 'juni', 'junio', 'giugno', 'giu', 'junho'],
  ['july', 'jul', 'juillet', 'juil', 'juli', 'julio', 'luglio', 'lug', 'julho'],
  ['august', 'aug', 'aout', 'agosto', 'ago', 'augustus'],
  ['september', 'sep', 'sept', 'septembre', 'septiembre', 'setiembre', 'set', 'settembre', 'setembro'],
  ['october', 'oct', 'octobre', 'oktober', 'okt', 'octubre', 'ottobre', 'ott', 'outubro', 'out'],
  ['november', 'nov', 'novembre', 'noviembre', 'novembro'],
  ['december', 'dec', 'decembre', 'dezember', 'dez', 'diciembre', 'dic', 'dicembre', 'dezembro'],
]

const MONTH_BY_NAME: ReadonlyMap<string, number> = new Map(
  NAMES_BY_MONTH.flatMap((names, index) => names.map((name) => [name, index + 1] as const)),
)

/**
 * Lowercases a word and removes accents and trailing dots: 'Févr.' → 'fevr'.
 * @example normalizeWord('Févr.') // 'fevr'
 */
export function normalizeWord(word: string): string {
  let normalized = word.trim().toLowerCase()
  while (normalized.endsWith('.')) normalized = normalized.slice(0, -1)
  // Only decompose when needed: NFD is the slow part and most names are plain ASCII.
  if (/[^\p{ASCII}]/u.test(normalized)) {
    normalized = normalized
      .normalize('NFD')
      .replace(/[\u0300-\u036f]/g, '')
      .replace(/ß/g, 'ss')
  }
  return normalized
}

/**
 * Reads a month name (1–12) in English, French, German, Spanish, Italian, Portuguese or Dutch, full or
 * abbreviated, ignoring case, accents and a trailing dot.
 * @returns the month number, or undefined when the word is not a month name
 * @example parseMonthName('févr.') // 2
 * @example parseMonthName('März') // 3
 * @example parseMonthName('dic') // 12
 */
export function parseMonthName(value: string): number | undefined {
  if (typeof value !== 'string') return undefined
  return MONTH_BY_NAME.get(value.toLowerCase()) ?? MONTH_BY_NAME.get(normalizeWord(value))
}
