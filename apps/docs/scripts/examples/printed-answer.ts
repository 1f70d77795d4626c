/**
 * Compares an answer the docs print with the real one, cut where the printed one is cut (see
 * `apps/web/src/lib/api/example-cuts.ts`) and leaving alone the values a caller's machine or
 * moment changes (timestamps, tokens), which must only keep their type. Pure.
 * @module
 */
import { CUT, leftOutCount, moreMarker } from '../../../web/src/lib/api/example-cuts'

/** Where a value sits in an answer: its keys and array indexes from the top. */
export type AnswerPath = readonly (string | number)[]

/** Whether the value at a path changes from one run or machine to the next. */
export type IsVolatile = (path: AnswerPath) => boolean

const typeOf = (value: unknown) => (value === null ? 'null' : Array.isArray(value) ? 'array' : typeof value)
const show = (path: AnswerPath) =>
  path.reduce<string>((text, key) => (typeof key === 'number' ? `${text}[${key}]` : `${text}.${key}`), '$')
const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value)

/**
 * Where a printed JSON answer says something the real answer does not, one line per difference.
 * @example answerDifferences({ n: 2 }, { n: 3 }, () => false) // ['$.n: printed 2, real 3']
 */
export function answerDifferences(
  printed: unknown,
  real: unknown,
  isVolatile: IsVolatile,
  path: AnswerPath = [],
): string[] {
  if (printed === CUT) return []
  if (path.length > 0 && isVolatile(path)) {
    return typeOf(printed) === typeOf(real) ? [] : [`${show(path)}: printed a ${typeOf(printed)}, real ${typeOf(real)}`]
  }
  if (typeof printed === 'string' && printed.endsWith(CUT)) {
    const start = printed.slice(0, -CUT.length)
    return typeof real === 'string' && real.startsWith(start)
      ? []
      : [`${show(path)}: printed ${JSON.stringify(printed)}, real ${JSON.stringify(real)}`]
  }
  if (Array.isArray(printed)) {
    if (!Array.isArray(real)) return [`${show(path)}: printed an array, real ${typeOf(real)}`]
    const more = leftOutCount(printed.at(-1))
    const shown = more === undefined ? printed : printed.slice(0, -1)
    const length = shown.length + (more ?? 0)
    if (real.length !== length) return [`${show(path)}: printed ${length} elements, real ${real.length}`]
    return shown.flatMap((item, index) => answerDifferences(item, real[index], isVolatile, [...path, index]))
  }
  if (isObject(printed)) {
    if (!isObject(real)) return [`${show(path)}: printed an object, real ${typeOf(real)}`]
    const keys = Object.keys(printed).filter((key) => key !== CUT)
    const missing = keys.filter((key) => !(key in real)).map((key) => `${show([...path, key])}: not in the real answer`)
    const unprinted =
      CUT in printed
        ? []
        : Object.keys(real)
            .filter((key) => !(key in printed))
            .map((key) => `${show([...path, key])}: in the real answer, not printed`)
    return [
      ...missing,
      ...unprinted,
      ...keys
        .filter((key) => key in real)
        .flatMap((key) => answerDifferences(printed[key], real[key], isVolatile, [...path, key])),
    ]
  }
  return Object.is(printed, real)
    ? []
    : [`${show(path)}: printed ${JSON.stringify(printed)}, real ${JSON.stringify(real)}`]
}

/**
 * The real answer cut where the printed one is, to paste into the page when they differ.
 * @example printedLike([1, '… 2 more'], [5, 6, 7, 8]) // [5, '… 3 more']
 */
export function printedLike(printed: unknown, real: unknown): unknown {
  if (printed === CUT) return CUT
  if (Array.isArray(printed) && Array.isArray(real)) {
    const more = leftOutCount(printed.at(-1))
    if (more === undefined) return real.map((item, index) => printedLike(printed[index], item))
    const shown = printed.length - 1
    const kept = real.slice(0, shown).map((item, index) => printedLike(printed[index], item))
    return real.length > shown ? [...kept, moreMarker(real.length - shown)] : kept
  }
  if (isObject(printed) && isObject(real)) {
    const keys = CUT in printed ? Object.keys(printed) : Object.keys(real)
    return Object.fromEntries(
      keys.map((key) => (key === CUT ? [CUT, CUT] : [key, printedLike(printed[key], real[key])])),
    )
  }
  return real
}

/**
 * Where a printed text answer (CSV, headers) differs from the real one, line by line (whatever
 * the line ends): a line `…` stands for one or more lines left out, a line ending in `…` for a
 * longer line.
 * @example textDifferences('a\n…', 'a\nb\nc') // []
 */
export function textDifferences(printed: string, real: string): string[] {
  // CSV ends its lines with CRLF; a terminal shows them as the page does.
  const want = printed.replace(/\s+$/, '').split(/\r?\n/)
  const got = real.replace(/\s+$/, '').split(/\r?\n/)
  const matches = (pattern: string, line: string | undefined) =>
    line !== undefined && (pattern.endsWith(CUT) ? line.startsWith(pattern.slice(0, -CUT.length)) : line === pattern)
  let at = 0
  for (let index = 0; index < want.length; index++) {
    const pattern = want[index]!
    if (pattern === CUT) {
      const next = want[index + 1]
      // At least one line is left out; then the printed text goes on where its next line is.
      at++
      if (next === undefined) return at <= got.length ? [] : [`line ${at}: a cut, but the real text ends`]
      while (at < got.length && !matches(next, got[at])) at++
      if (at >= got.length) return [`line ${index + 2}: printed ${JSON.stringify(next)}, not in the real text`]
      continue
    }
    if (!matches(pattern, got[at])) {
      return [`line ${at + 1}: printed ${JSON.stringify(pattern)}, real ${JSON.stringify(got[at] ?? '(end)')}`]
    }
    at++
  }
  return at === got.length ? [] : [`line ${at + 1}: the real text goes on (${JSON.stringify(got[at])})`]
}
