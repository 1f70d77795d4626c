import { readFileSync } from 'node:fs'
import path from 'node:path'
import { FIVETHIRTYEIGHT_DIR, splitCsv } from '@chronotope/test-fixtures'

/** Folder of the real FiveThirtyEight CSVs shared by the project's tests. */
export const FIXTURES_FOLDER = FIVETHIRTYEIGHT_DIR

/** A CSV file read for tests: headers and rows of strings. */
export interface CsvFixture {
  headers: string[]
  rows: Array<Record<string, string>>
}

/**
 * Reads one of the shared FiveThirtyEight fixtures as headers and rows.
 * @example readCsvFixture('presidential-campaign-trail_trump.csv').rows.length // 106
 */
export function readCsvFixture(fileName: string): CsvFixture {
  const [headers = [], ...records] = splitCsv(readFileSync(path.join(FIXTURES_FOLDER, fileName), 'utf8'))
  const rows = records
    .filter((record) => record.some((value) => value.length > 0))
    .map((record) => Object.fromEntries(headers.map((header, index) => [header, record[index] ?? ''])))
  return { headers, rows }
}
