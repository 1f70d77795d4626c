/**
 * Files derived from the real fixtures for import tests: the Trump campaign CSV with broken rows,
 * and the same file without its coordinate columns (a schema change for an existing dataset).
 * @module
 */
import { readFileSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import { FIVETHIRTYEIGHT_DIR } from '@chronotope/test-fixtures'

// The same folder as FIXTURES_DIR of ./imports, which loads Payload and so is not imported here.
const FIXTURES = FIVETHIRTYEIGHT_DIR

/** The real campaign-trail file: 106 rows, M/D/YYYY dates, lat/lng. */
export const TRUMP_CSV = path.join(FIXTURES, 'presidential-campaign-trail_trump.csv')

/** The rows {@link writeTrumpWithBadRows} breaks, by data row number, and how. */
export const BROKEN_ROWS = [
  { row: 3, column: 'date', value: '31/31/2016', code: 'invalid-date' },
  { row: 5, column: 'lat', value: 'north', code: 'invalid-coordinates' },
  { row: 8, column: 'date', value: '', code: 'missing-time' },
] as const

/** Data rows in the file {@link writeTrumpWithBadRows} writes. */
export const BAD_ROWS_FILE_ROWS = 30

/**
 * Writes the first 30 rows of the Trump file with three broken rows (an impossible date, a
 * latitude in words, an empty date) and returns its path.
 * @example writeTrumpWithBadRows('/tmp/x') // '/tmp/x/campaign-bad-rows.csv'
 */
export function writeTrumpWithBadRows(dir: string): string {
  const lines = readFileSync(TRUMP_CSV, 'utf8')
    .split(/\r?\n/)
    .slice(0, BAD_ROWS_FILE_ROWS + 1)
  const cells = (row: number) => lines[row]!.match(/("[^"]*"|[^,]*)(,|$)/g)!.map((cell) => cell.replace(/,$/, ''))
  const setCell = (row: number, index: number, value: string) => {
    const parts = cells(row).slice(0, 6)
    parts[index] = value
    lines[row] = parts.join(',')
  }
  setCell(3, 0, '31/31/2016')
  setCell(5, 4, 'north')
  setCell(8, 0, '')
  const file = path.join(dir, 'campaign-bad-rows.csv')
  writeFileSync(file, `${lines.join('\n')}\n`)
  return file
}

/**
 * Writes the first 40 rows of the Trump file without its `lat` and `lng` columns and returns its
 * path: imported into the dataset of the full file, it removes two columns (a breaking change).
 */
export function writeTrumpWithoutCoordinates(dir: string): string {
  const lines = readFileSync(TRUMP_CSV, 'utf8').split(/\r?\n/).slice(0, 41)
  const trimmed = lines.map((line) => line.replace(/,[^,]*,[^,]*$/, ''))
  const file = path.join(dir, 'campaign-without-coordinates.csv')
  writeFileSync(file, `${trimmed.join('\n')}\n`)
  return file
}
