import { describe, expect, it } from 'vitest'
import { detectSwappedCoordinates } from './detect-swapped-coordinates'
import { parseCoordinate } from './parse-coordinate'
import { readFixtureColumns } from '@chronotope/test-fixtures'

/** Ground-truth coordinates of the fixtures, skipping cells that are not numbers. */
function groundTruth(
  file: string,
  latitudeColumn: string,
  longitudeColumn: string,
): { latitude: number; longitude: number }[] {
  return readFixtureColumns(file, [latitudeColumn, longitudeColumn]).flatMap(([latitude = '', longitude = '']) => {
    try {
      return [{ latitude: parseCoordinate(latitude, 'latitude'), longitude: parseCoordinate(longitude, 'longitude') }]
    } catch {
      return []
    }
  })
}

const swap = (rows: readonly { latitude: number; longitude: number }[]) =>
  rows.map(({ latitude, longitude }) => ({ latitude: longitude, longitude: latitude }))

describe('detectSwappedCoordinates on the fixtures', () => {
  it.each([
    ['police-killings_police_killings.csv', 'latitude', 'longitude', 467],
    ['presidential-campaign-trail_trump.csv', 'lat', 'lng', 106],
    ['presidential-campaign-trail_clinton.csv', 'lat', 'lng', 71],
  ])('%s: as given, not swapped; in reverse, swapped', (file, latitudeColumn, longitudeColumn, rowCount) => {
    const rows = groundTruth(file, latitudeColumn, longitudeColumn)
    expect(rows).toHaveLength(rowCount)
    const asGiven = detectSwappedCoordinates(rows)
    expect([asGiven.isSwapped, asGiven.evidence.latOutOfRange]).toEqual([false, 0])
    const reversed = detectSwappedCoordinates(swap(rows))
    expect([reversed.isSwapped, reversed.evidence.lonOutOfRange, reversed.evidence.total]).toEqual([true, 0, rowCount])
  })
})

describe('detectSwappedCoordinates', () => {
  const row = (latitude: number, longitude: number) => ({ latitude, longitude })
  it.each([
    ['no rows', [], false, 'no row has finite coordinates'],
    ['latitudes in range', [row(48.85, 2.35), row(52.52, 13.4)], false, 'all 2 latitudes are within ±90'],
    [
      'swapped American rows',
      [row(-122.4, 37.8), row(-74, 40.7), row(-118.2, 34.1), row(-97.7, 30.3)],
      true,
      '3 of 4 latitudes exceed ±90 while every longitude fits within ±90: the columns are swapped',
    ],
    [
      'one bad row in a tiny file is a typo, not a swap',
      [row(95.5, 20), row(10, 20), row(11, 20)],
      false,
      'only 1 of 3 latitudes exceed ±90: too few for a swap',
    ],
    [
      'one typo among many',
      [row(122.4, 37.8), ...Array.from({ length: 40 }, () => row(48.85, 2.35))],
      false,
      'only 1 of 41 latitudes exceed ±90: too few for a swap',
    ],
    ['both columns out of range', [row(122.4, 137.8), row(40, 100)], false, 'swapping would not fix them'],
    [
      'null island and NaN rows are not counted',
      [row(0, 0), row(Number.NaN, 3), row(-122.4, 37.8), row(-122.5, 37.7), row(-122.3, 37.9)],
      true,
      '3 of 3 latitudes exceed',
    ],
  ])('%s', (_case, rows, isSwapped, reason) => {
    const decision = detectSwappedCoordinates(rows)
    expect(decision.isSwapped).toBe(isSwapped)
    expect(decision.reason).toContain(reason)
  })
})
