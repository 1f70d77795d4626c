/**
 * A heuristic for "is this subject written as a command?": it looks only at the first word.
 * It flags past tense (`added`), gerunds (`adding`) and the third person (`adds`) of common verbs,
 * and lets through verbs that merely end in "ed"/"ing" (`embed`, `bring`).
 */

/**
 * Why a first word is not in the imperative mood.
 * @example const form: VerbForm = 'past-tense'
 */
export type VerbForm = 'past-tense' | 'gerund' | 'third-person'

/**
 * A first word that is not in the imperative mood, with the imperative to use instead if known.
 * @example findNonImperativeWord('Added stuff') // { word: 'Added', form: 'past-tense', imperative: 'add' }
 */
export interface NonImperativeWord {
  /** The word as written in the subject. */
  word: string
  form: VerbForm
  /** The imperative form, e.g. `add`; undefined when the verb is not one we know. */
  imperative: string | undefined
}

/** Reads a whitespace-separated word list (kept as text so the lists stay compact). */
function wordSet(words: string): Set<string> {
  return new Set(words.trim().split(/\s+/))
}

/** Reads whitespace-separated `from:to` pairs into a map. */
function wordMap(pairs: string): Map<string, string> {
  return new Map([...wordSet(pairs)].map((pair) => pair.split(':') as [string, string]))
}

/** Common verbs in commit subjects; their third-person forms are rejected, and they are offered as fixes. */
const COMMON_VERBS = wordSet(`
  accept add adjust align allow apply attach avoid bring build bump cache calculate cancel catch
  change check clarify clean close cluster compute configure connect convert copy correct count
  cover create decode dedupe deduplicate delete deploy describe detect disable display do
  document downgrade drop embed emit enable encode enhance ensure escape exclude expand explain
  export expose extend extract feed fetch fill filter fix format geocode get go group guard
  handle harden have hide ignore implement import improve include increase index infer install
  introduce keep let limit link lint list load log make mark measure merge migrate mock move
  normalise normalize open optimise optimize parse pass pin polish prepare prevent process
  protect publish query queue read reduce refactor register reject release remove rename render
  reorganise reorganize replace require resolve restore restructure retry return revert rework
  rewrite run sanitize save schedule secure seed select send separate serve set show simplify
  skip sort speed split start stop store streamline strip stub support test throw tidy translate
  trim try tweak unify uninstall unpin update upgrade use validate verify warn wire wrap write
`)

/** Irregular past tenses, mapped to their imperative. */
const IRREGULAR_PAST = wordMap(`
  made:make wrote:write rewrote:rewrite built:build rebuilt:rebuild ran:run took:take
  brought:bring kept:keep did:do got:get gave:give sent:send found:find broke:break hid:hide
  chose:choose threw:throw began:begin became:become had:have caught:catch fed:feed led:lead
`)

/** Words that end in "ed" or "ing" but are imperatives or nouns, not past tenses or gerunds. */
const NOT_INFLECTED = wordSet(`
  embed seed speed feed need shred proceed exceed succeed breed bleed heed shed weed bring string
  ring ping thing sing sting swing spring wing king cling fling sling wring nothing something
  anything everything during
`)

function thirdPersonOf(verb: string): string {
  if (verb === 'have') return 'has'
  if (/[^aeiou]y$/.test(verb)) return `${verb.slice(0, -1)}ies`
  if (/(?:s|sh|ch|x|z|o)$/.test(verb)) return `${verb}es`
  return `${verb}s`
}

const THIRD_PERSON = new Map([...COMMON_VERBS].map((verb) => [thirdPersonOf(verb), verb]))

/** Guesses the imperative behind a regular "-ed"/"-ing" form: `stopped` → `stop`, `adding` → `add`. */
function imperativeOf(word: string, suffix: 'ed' | 'ing'): string | undefined {
  const stem = word.slice(0, -suffix.length)
  const candidates = [stem, `${stem}e`, stem.slice(0, -1)]
  if (suffix === 'ed' && stem.endsWith('i')) candidates.push(`${stem.slice(0, -1)}y`)
  return candidates.find((candidate) => COMMON_VERBS.has(candidate))
}

function isListed(word: string): boolean {
  // `reseed` and `re-embed` are as imperative as `seed` and `embed`.
  return NOT_INFLECTED.has(word) || NOT_INFLECTED.has(word.replace(/^(?:re|un|pre|over)-?/, ''))
}

/**
 * Looks at the first word of a subject and reports it when it is not in the imperative mood.
 * Words with digits, inner capitals or punctuation (code identifiers, acronyms) are not judged.
 * @param subject - the subject after `type(scope): `
 * @returns undefined when the first word reads as a command (or cannot be judged)
 * @example findNonImperativeWord('fixes the bounds filter') // { word: 'fixes', form: 'third-person', imperative: 'fix' }
 * @example findNonImperativeWord('embed the map') // undefined
 */
export function findNonImperativeWord(subject: string): NonImperativeWord | undefined {
  const word = (subject.trim().split(/\s+/)[0] ?? '').replace(/[,:;.!?]+$/, '')
  if (!/^[A-Za-z][a-z]*$/.test(word)) return undefined
  const lower = word.toLowerCase()
  if (isListed(lower)) return undefined

  const irregular = IRREGULAR_PAST.get(lower)
  if (irregular !== undefined) return { word, form: 'past-tense', imperative: irregular }
  const thirdPerson = THIRD_PERSON.get(lower)
  if (thirdPerson !== undefined) return { word, form: 'third-person', imperative: thirdPerson }
  if (lower.length >= 4 && lower.endsWith('ed')) {
    return { word, form: 'past-tense', imperative: imperativeOf(lower, 'ed') }
  }
  if (lower.length >= 5 && lower.endsWith('ing')) {
    return { word, form: 'gerund', imperative: imperativeOf(lower, 'ing') }
  }
  return undefined
}
