/**
 * Files derived from the real fixtures for import tests: the Trump campaign CSV with broken rows,
 * and the same file without its coordinate columns (a schema change for an existing dataset).
 * @module
 */
import { readFileSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import { BAD_DATES, BAD_DATES_FILE_ROWS, FIVETHIRTYEIGHT_DIR } from '@chronotope/test-fixtures'

// The date-column tests' bad values, shared with the schema package's tests.
export { BAD_DATES, BAD_DATES_FILE_ROWS }

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

// Where BROKEN_ROWS' columns stand in the campaign-trail file.
const COLUMN_INDEX = { date: 0, lat: 4 } as const

/** Data rows in the file {@link writeTrumpWithBadRows} writes. */
export const BAD_ROWS_FILE_ROWS = 30

/**
 * Writes the first 30 rows of the Trump file with the three {@link BROKEN_ROWS} (an impossible
 * date, a latitude in words, an empty date) and returns its path.
 * @example writeTrumpWithBadRows('/tmp/x') // '/tmp/x/campaign-bad-rows.csv'
 */
export function writeTrumpWithBadRows(dir: string): string {
  const file = path.join(dir, 'campaign-bad-rows.csv')
  const broken = new Map(BROKEN_ROWS.map(({ row, column, value }) => [row, { [COLUMN_INDEX[column]]: value }]))
  writeFileSync(file, campaignLines(BAD_ROWS_FILE_ROWS, broken))
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

// The Trump file's lines with some cells replaced: `changes` maps a data row number to cells by index.
function campaignLines(dataRows: number, changes: ReadonlyMap<number, Record<number, string>>): string {
  const lines = readFileSync(TRUMP_CSV, 'utf8')
    .split(/\r?\n/)
    .slice(0, dataRows + 1)
  for (const [row, cells] of changes) {
    const parts = lines[row]!.match(/("[^"]*"|[^,]*)(,|$)/g)!
      .map((cell) => cell.replace(/,$/, ''))
      .slice(0, 6)
    for (const [index, value] of Object.entries(cells)) parts[Number(index)] = value
    lines[row] = parts.join(',')
  }
  return `${lines.join('\n')}\n`
}

/**
 * The first 50 rows of the Trump file (M/D/YYYY dates) with {@link BAD_DATES} in the date
 * column: a tenth of a date column that are not dates, as CSV text.
 */
export function campaignWithBadDates(): string {
  return campaignLines(BAD_DATES_FILE_ROWS, new Map(BAD_DATES.map(({ row, value }) => [row, { 0: value }])))
}

/** The row of {@link campaignWithBadCoordinates} whose latitude is 999 and longitude "abc". */
export const BAD_COORDINATES_ROW = 6

/** The first 20 rows of the Trump file, row 6 with latitude 999 and longitude "abc", as CSV text. */
export function campaignWithBadCoordinates(): string {
  return campaignLines(20, new Map([[BAD_COORDINATES_ROW, { 4: '999', 5: 'abc' }]]))
}
