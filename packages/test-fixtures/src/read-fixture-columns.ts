import { readFileSync } from 'node:fs'

import { fivethirtyeightFixture } from './paths'

/**
 * Reads columns of a FiveThirtyEight fixture by header name (Latin-1, so stray bytes survive);
 * a quote-aware split keeps '"Cleveland, Ohio"' in one field. For tests of pure packages, which
 * must not depend on the file readers.
 * @example readFixtureColumns('presidential-campaign-trail_trump.csv', ['lat', 'lng'])[0] // ['39.4453393', '-83.8285375']
 */
export function readFixtureColumns(file: string, columns: readonly string[]): string[][] {
  const [header = '', ...lines] = readFileSync(fivethirtyeightFixture(file), 'latin1').trim().split(/\r?\n/)
  const names = splitCsvLine(header)
  const indexes = columns.map((column) => names.indexOf(column))
  if (indexes.some((index) => index < 0))
    throw new Error(`${file} has no column among ${columns.join(', ')}: ${names.join(', ')}`)
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
