import { readFileSync } from 'node:fs'
import path from 'node:path'

/** The shared FiveThirtyEight fixtures (CC BY 4.0), see shared/fixtures/README.md. */
const FIXTURES = path.resolve(import.meta.dirname, '../../../../../shared/fixtures/fivethirtyeight')

/**
 * Reads columns of a fixture CSV by header name;
 * a quote-aware split keeps '"Cleveland, Ohio"' in one field. Test-only.
 * @example readFixtureColumns('presidential-campaign-trail_trump.csv', ['lat', 'lng'])
 */
export function readFixtureColumns(file: string, columns: readonly string[]): string[][] {
  const [header = '', ...lines] = readFileSync(path.join(FIXTURES, file), 'latin1').trim().split(/\r?\n/)
  const names = splitCsvLine(header)
  const indexes = columns.map((column) => names.indexOf(column))
  if (indexes.some((index) => index < 0)) throw new Error(`${file} has no column among ${columns.join(', ')}: ${names.join(', ')}`)
  return lines.map((line) => {
    const fields = splitCsvLine(line)
    return indexes.map((index) => fields[index] ?? '')
  })
}

function splitCsvLine(line: string): string[] {
  const fields: string[] = []
  let field = ''
  let isQuoted = false
  for (const char of line) {
    if (char === '"') isQuoted = !isQuoted
    else if (char === ',' && !isQuoted) {
      fields.push(field)
      field = ''
    } else field += char
  }
  fields.push(field)
  return fields
}
