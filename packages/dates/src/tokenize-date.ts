import { normalizeWord, parseMonthName } from './month-names'

/** One piece of a written date: a number, a month name, an era, or a separator. */
export type DateToken =
  | { kind: 'number'; text: string; value: number }
  | { kind: 'month'; text: string; value: number }
  | { kind: 'era'; text: string; isBeforeCommonEra: boolean }
  | { kind: 'separator'; text: string }

/** The result of {@link tokenizeDate}: tokens, or the word that is not part of any date. */
export type DateTokens = { tokens: DateToken[] } | { unknownWord: string }

const WEEKDAYS = new Set([
  'monday',
  'tuesday',
  'wednesday',
  'thursday',
  'friday',
  'saturday',
  'sunday',
  'mon',
  'tue',
  'tues',
  'wed',
  'thu',
  'thur',
  'thurs',
  'fri',
  'sat',
  'sun',
  'lundi',
  'mardi',
  'mercredi',
  'jeudi',
  'vendredi',
  'samedi',
  'dimanche',
  'montag',
  'dienstag',
  'mittwoch',
  'donnerstag',
  'freitag',
  'samstag',
  'sonntag',
  'mo',
  'di',
  'mi',
  'do',
  'fr',
  'sa',
  'so',
  'lunes',
  'martes',
  'miercoles',
  'jueves',
  'viernes',
  'sabado',
  'domingo',
  'lunedi',
  'martedi',
  'mercoledi',
  'giovedi',
  'venerdi',
  'segunda',
  'terca',
  'quarta',
  'quinta',
  'sexta',
  'feira',
  'maandag',
  'dinsdag',
  'woensdag',
  'donderdag',
  'vrijdag',
  'zaterdag',
  'zondag',
])
/** Words that join the parts of a date: '5 de marzo de 2021', 'the 5th of March', 'am 5. März'. */
const FILLERS = new Set(['de', 'del', 'of', 'the', 'le', 'am', 'den', 'der', 'el', 'on', 'uhr', 'gmt', 'utc'])
const ERAS: Readonly<Record<string, boolean>> = { bc: true, bce: true, ad: false, ce: false }
const ORDINAL_SUFFIXES = new Set(['st', 'nd', 'rd', 'th', 'er', 'e', 'o', 'a', 'º', 'ª'])

function isDigit(code: number): boolean {
  return code >= 48 && code <= 57
}

function isLetter(char: string): boolean {
  return char.toLowerCase() !== char.toUpperCase() || char === 'º' || char === 'ª' || char === 'ß'
}

/** Where the word starting at `start` ends; dotted abbreviations ('B.C.', 'a.d.') are one word. */
function wordEnd(text: string, start: number): number {
  let end = start + 1
  for (;;) {
    if (isLetter(text.charAt(end))) end++
    else if (text.charAt(end) === '.' && isLetter(text.charAt(end + 1)) && !isLetter(text.charAt(end + 2))) end += 2
    else return end
  }
}

/**
 * Splits a written date into numbers, month names, eras and separators, dropping weekday names,
 * filler words ('de', 'of') and ordinal suffixes ('5th', '1er').
 * @example tokenizeDate('Tue, 3 Mar 2020') // numbers 3 and 2020, month 3, separators
 */
export function tokenizeDate(text: string): DateTokens {
  const tokens: DateToken[] = []
  let index = 0
  while (index < text.length) {
    const char = text.charAt(index)
    if (isDigit(text.charCodeAt(index))) {
      let end = index + 1
      while (end < text.length && isDigit(text.charCodeAt(end))) end++
      const digits = text.slice(index, end)
      tokens.push({ kind: 'number', text: digits, value: Number(digits) })
      index = end
      continue
    }
    if (isLetter(char)) {
      const end = wordEnd(text, index)
      const word = text.slice(index, end)
      index = end
      const normalized = normalizeWord(word).replace(/\./g, '')
      const previous = tokens[tokens.length - 1]
      if (previous?.kind === 'number' && ORDINAL_SUFFIXES.has(normalized) && previous.text.length <= 2) continue
      if (WEEKDAYS.has(normalized) || FILLERS.has(normalized)) continue
      const month = parseMonthName(normalized)
      if (month !== undefined) {
        tokens.push({ kind: 'month', text: word, value: month })
        continue
      }
      const era = ERAS[normalized]
      if (era !== undefined) {
        tokens.push({ kind: 'era', text: word, isBeforeCommonEra: era })
        continue
      }
      return { unknownWord: word }
    }
    if (char === ' ' || char === '\t' || char === '\u00a0') {
      index++
      continue
    }
    if ("/.-,'".includes(char) || char === '\u2019') {
      tokens.push({ kind: 'separator', text: char })
      index++
      continue
    }
    return { unknownWord: char }
  }
  return { tokens }
}
