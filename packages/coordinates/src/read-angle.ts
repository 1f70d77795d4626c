import type { Axis } from './types'

/** An angle read from text, before it is checked against an axis. */
export interface Angle {
  /** Decimal degrees, negative for S and W. */
  degrees: number
  /** The axis its hemisphere letter names (N/S → latitude, E/W → longitude), if it has one. */
  hemisphereAxis?: Axis
  /** Whether it was written in degrees, minutes and seconds (or with a degree sign). */
  isDms: boolean
}

/** Why text is not an angle; the caller wraps it in an InvalidCoordinate. */
export interface AngleProblem {
  reason: string
}

type Unit = 'degrees' | 'minutes' | 'seconds'
type Token =
  | { kind: 'number'; value: number; text: string }
  | { kind: 'unit'; unit: Unit }
  | { kind: 'hemisphere'; letter: 'N' | 'S' | 'E' | 'W' }

const UNIT_WORDS: Readonly<Record<string, Unit>> = {
  d: 'degrees',
  deg: 'degrees',
  degs: 'degrees',
  degree: 'degrees',
  degrees: 'degrees',
  m: 'minutes',
  min: 'minutes',
  mins: 'minutes',
  minute: 'minutes',
  minutes: 'minutes',
  sec: 'seconds',
  secs: 'seconds',
  second: 'seconds',
  seconds: 'seconds',
}
const HEMISPHERE_WORDS: Readonly<Record<string, 'N' | 'S' | 'E' | 'W'>> = {
  n: 'N',
  north: 'N',
  s: 'S',
  south: 'S',
  e: 'E',
  east: 'E',
  w: 'W',
  west: 'W',
}
const UNIT_MARKS: Readonly<Record<string, Unit>> = {
  '°': 'degrees',
  º: 'degrees',
  '˚': 'degrees',
  "'": 'minutes',
  '′': 'minutes',
  '’': 'minutes',
  '‘': 'minutes',
  '´': 'minutes',
  '"': 'seconds',
  '″': 'seconds',
  '”': 'seconds',
  '“': 'seconds',
}
const UNIT_ORDER: readonly Unit[] = ['degrees', 'minutes', 'seconds']

function isDigit(char: string): boolean {
  return char >= '0' && char <= '9'
}

function isLetter(char: string): boolean {
  return (char >= 'a' && char <= 'z') || (char >= 'A' && char <= 'Z')
}

/**
 * Reads an angle written with a hemisphere letter or in degrees, minutes and seconds: '40.7 N',
 * 'S 33.9', '40°26′46″N', "40°26'46.3\"N", '40 26 46.3 N', '40d 26m 46s N', '40:26:46N', 'N 40° 26.767′'.
 * Only N, S, E and W name hemispheres: 'O' is east in German and west in Spanish, so it is refused.
 * @returns the angle, or a problem naming the rule it breaks
 * @example readAngle('40°26′46″N') // { degrees: 40.446111…, hemisphereAxis: 'latitude', isDms: true }
 */
export function readAngle(text: string): Angle | AngleProblem {
  const tokens = tokenize(text)
  if ('reason' in tokens) return tokens
  let sign = 1
  let rest = tokens.tokens
  if (tokens.sign !== undefined) sign = tokens.sign
  const hemispheres = rest.filter((token) => token.kind === 'hemisphere')
  if (hemispheres.length > 1) return { reason: 'it has more than one hemisphere letter' }
  const hemisphere = hemispheres[0]
  if (hemisphere !== undefined) {
    const at = rest.indexOf(hemisphere)
    if (at !== 0 && at !== rest.length - 1)
      return { reason: `the hemisphere letter ${hemisphere.letter} must come first or last` }
    if (tokens.sign !== undefined)
      return { reason: `it has both a sign and the hemisphere letter ${hemisphere.letter}` }
    if (hemisphere.letter === 'S' || hemisphere.letter === 'W') sign = -1
    rest = rest.filter((token) => token !== hemisphere)
  }
  const parts = assignUnits(rest)
  if ('reason' in parts) return parts
  const magnitude = combine(parts)
  if (typeof magnitude !== 'number') return magnitude
  return {
    degrees: sign * magnitude,
    isDms: parts.minutes !== undefined || rest.some((token) => token.kind === 'unit'),
    ...(hemisphere === undefined
      ? {}
      : { hemisphereAxis: hemisphere.letter === 'N' || hemisphere.letter === 'S' ? 'latitude' : 'longitude' }),
  }
}

function tokenize(text: string): { tokens: Token[]; sign?: number } | AngleProblem {
  const tokens: Token[] = []
  let sign: number | undefined
  let index = 0
  let numberCount = 0
  while (index < text.length) {
    const char = text.charAt(index)
    if (char === '.' && isDigit(text.charAt(index - 1))) return { reason: 'a number has two decimal points' }
    if (isDigit(char) || (char === '.' && isDigit(text.charAt(index + 1)))) {
      let end = index
      while (isDigit(text.charAt(end))) end++
      if ((text.charAt(end) === '.' || text.charAt(end) === ',') && isDigit(text.charAt(end + 1))) {
        end++
        while (isDigit(text.charAt(end))) end++
      }
      const numberText = text.slice(index, end)
      tokens.push({ kind: 'number', value: Number(numberText.replace(',', '.')), text: numberText })
      numberCount++
      index = end
    } else if (isLetter(char)) {
      let end = index
      while (isLetter(text.charAt(end))) end++
      const word = text.slice(index, end).toLowerCase()
      const previous = tokens[tokens.length - 1]
      const isAttachedToNumber = previous?.kind === 'number' && isDigit(text.charAt(index - 1))
      // '46s' after degrees and minutes is seconds; '33.9S' alone is south.
      if (word === 's' && isAttachedToNumber && numberCount === 3) tokens.push({ kind: 'unit', unit: 'seconds' })
      else if (UNIT_WORDS[word] !== undefined) tokens.push({ kind: 'unit', unit: UNIT_WORDS[word] })
      else if (HEMISPHERE_WORDS[word] !== undefined) tokens.push({ kind: 'hemisphere', letter: HEMISPHERE_WORDS[word] })
      else if (word === 'o') return { reason: 'O is east in German but west in Spanish and Portuguese; write E or W' }
      else return { reason: `"${text.slice(index, end)}" is not a hemisphere (N, S, E, W) or a unit` }
      index = end
    } else if (UNIT_MARKS[char] !== undefined) {
      // Two apostrophes are a seconds mark: 46''.
      if ((char === "'" || char === '′') && text.charAt(index + 1) === char) {
        tokens.push({ kind: 'unit', unit: 'seconds' })
        index += 2
      } else {
        tokens.push({ kind: 'unit', unit: UNIT_MARKS[char] })
        index++
      }
    } else if (char === '-' || char === '+' || char === '\u2212') {
      if (tokens.length > 0 || sign !== undefined) return { reason: `the sign ${char} must come before the number` }
      sign = char === '+' ? 1 : -1
      index++
    } else if (char === ' ' || char === ':' || char === '\u00a0' || char === '\t') {
      index++
    } else {
      return { reason: `"${char}" is not part of a coordinate` }
    }
  }
  return sign === undefined ? { tokens } : { tokens, sign }
}

type Parts = Partial<Record<Unit, { value: number; text: string }>>

/** Gives each number its unit: the mark after it, else the unit after the previous number's. */
function assignUnits(tokens: readonly Token[]): Parts | AngleProblem {
  const parts: Parts = {}
  let nextUnit = 0
  for (let index = 0; index < tokens.length; index++) {
    const token = tokens[index]
    if (token === undefined) continue
    if (token.kind === 'unit') return { reason: `the ${token.unit} mark has no number before it` }
    if (token.kind !== 'number') continue
    const mark = tokens[index + 1]
    const unitIndex = mark?.kind === 'unit' ? UNIT_ORDER.indexOf(mark.unit) : nextUnit
    if (mark?.kind === 'unit') index++
    const unit = UNIT_ORDER[unitIndex]
    if (unit === undefined) return { reason: 'it has more than three numbers (degrees, minutes, seconds)' }
    if (unitIndex < nextUnit) return { reason: `the ${unit} come after a smaller unit` }
    parts[unit] = { value: token.value, text: token.text }
    nextUnit = unitIndex + 1
  }
  if (parts.degrees === undefined)
    return { reason: parts.minutes || parts.seconds ? 'it has no degrees' : 'it has no number' }
  return parts
}

/** Whether a number was written without decimals: '74.0' before minutes is as odd as '74.5'. */
function isWhole(text: string): boolean {
  return !text.includes('.') && !text.includes(',')
}

function combine(parts: Parts): number | AngleProblem {
  const { degrees, minutes, seconds } = parts
  if (degrees === undefined) return { reason: 'it has no degrees' }
  if (seconds !== undefined && minutes === undefined) return { reason: 'it has seconds but no minutes' }
  if (minutes !== undefined) {
    if (!isWhole(degrees.text)) return { reason: `the degrees ${degrees.text} must be whole when minutes follow` }
    if (degrees.value > 180) return { reason: `the degrees ${degrees.text} must be 180 or less` }
    if (minutes.value >= 60) return { reason: `the minutes ${minutes.text} must be less than 60` }
  }
  if (seconds !== undefined && minutes !== undefined) {
    if (!isWhole(minutes.text)) return { reason: `the minutes ${minutes.text} must be whole when seconds follow` }
    if (seconds.value >= 60) return { reason: `the seconds ${seconds.text} must be less than 60` }
  }
  return degrees.value + (minutes?.value ?? 0) / 60 + (seconds?.value ?? 0) / 3600
}
