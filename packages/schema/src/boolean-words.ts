/**
 * Words read as booleans, in the project's languages (en, de, fr, es, it, pt, nl), compared
 * after trimming, lower-casing and removing accents. `1`/`0` are booleans only in columns whose
 * header asks a question (see {@link isBooleanQuestionHeader}).
 */
export const BOOLEAN_WORDS: Readonly<Record<string, boolean>> = Object.freeze({
  true: true,
  false: false,
  yes: true,
  no: false,
  y: true,
  n: false,
  t: true,
  f: false,
  ja: true,
  nein: false,
  wahr: true,
  falsch: false,
  oui: true,
  non: false,
  vrai: true,
  faux: false,
  si: true,
  verdadero: true,
  falso: false,
  sim: true,
  nao: false,
  vero: true,
  waar: true,
  onwaar: false,
  nee: false,
})

const words = new Map(Object.entries(BOOLEAN_WORDS))

/**
 * Reads a boolean word from {@link BOOLEAN_WORDS}, or `undefined` when the text is none.
 * @example parseBooleanWord('Sí') // true
 * @example parseBooleanWord('Nein') // false
 * @example parseBooleanWord('1') // undefined
 */
export function parseBooleanWord(text: string): boolean | undefined {
  if (text.length > 9) return undefined
  const key = text.trim().toLowerCase()
  const value = words.get(key)
  if (value !== undefined) return value
  // Only the accented spellings need normalizing ("sí", "não").
  return /[^\p{ASCII}]/u.test(key) ? words.get(key.normalize('NFD').replace(/[\u0300-\u036f]/g, '')) : undefined
}

const QUESTION_WORD_SEPARATED = /^(?:is|has|was|had|can|ist|hat)[_\-. ]/i
const QUESTION_WORD_CAMEL = /^(?:is|has|was|had|can|ist|hat)[A-Z]/

/**
 * Tells whether a header asks a yes/no question (`is_active`, `Has video`, `isPublic`), the only
 * columns where `1` and `0` are read as booleans.
 * @example isBooleanQuestionHeader('is_verified') // true
 * @example isBooleanQuestionHeader('island') // false
 */
export function isBooleanQuestionHeader(header: string): boolean {
  const text = header.trim()
  return QUESTION_WORD_SEPARATED.test(text) || QUESTION_WORD_CAMEL.test(text)
}
