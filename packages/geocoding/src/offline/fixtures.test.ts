import { readFileSync } from 'node:fs'

import { beforeAll, describe, expect, it } from 'vitest'

import { distanceKm } from '../distance-km'
import { inferDatasetCountry } from '../infer-dataset-country'
import { normalizeGeocodingQuery } from '../normalize-query'
import type { GeocodingQuery, GeocodingResult } from '../types'
import { createOfflineProvider } from './offline-provider'
import { FIVETHIRTYEIGHT_DIR, splitCsv } from '@chronotope/test-fixtures'

const FIXTURES = FIVETHIRTYEIGHT_DIR

function readRows(file: string): Array<Record<string, string>> {
  const [header, ...rows] = splitCsv(readFileSync(`${FIXTURES}/${file}`, 'utf8'))
  return rows
    .filter((row) => row.length > 1)
    .map((row) => Object.fromEntries((header ?? []).map((name, i) => [name, row[i] ?? ''])))
}

interface Measured {
  rows: number
  resolvedShare: number
  confidentShare: number
  medianKm: number
  p90Km: number
  within25KmShare: number
}

function quantile(sorted: readonly number[], q: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? Number.NaN
}

/** Geocodes each distinct place once (as the import does) and compares with the ground truth. */
async function measure(
  rows: Array<Record<string, string>>,
  toQuery: (row: Record<string, string>) => GeocodingQuery,
  truth?: (row: Record<string, string>) => { latitude: number; longitude: number } | undefined,
): Promise<Measured> {
  const provider = createOfflineProvider()
  const queries = rows.map(toQuery)
  const countryBias = inferDatasetCountry(queries)
  const cache = new Map<string, GeocodingResult>()
  const distances: number[] = []
  let resolved = 0
  let confident = 0
  for (const [i, query] of queries.entries()) {
    const biased = { ...query, countryBias }
    const key = normalizeGeocodingQuery(biased)
    const result = cache.get(key) ?? (await provider.geocode(biased))
    cache.set(key, result)
    if (result.best === undefined) continue
    resolved++
    if (result.best.confidence >= 0.5) confident++
    const expected = truth?.(rows[i] ?? {})
    if (expected !== undefined) distances.push(distanceKm(expected, result.best))
  }
  distances.sort((a, b) => a - b)
  return {
    rows: rows.length,
    resolvedShare: resolved / rows.length,
    confidentShare: confident / rows.length,
    medianKm: quantile(distances, 0.5),
    p90Km: quantile(distances, 0.9),
    within25KmShare: distances.filter((km) => km <= 25).length / Math.max(1, distances.length),
  }
}

function report(name: string, measured: Measured): void {
  const percent = (share: number): string => `${(share * 100).toFixed(1)} %`
  console.log(
    `${name}: ${measured.rows} rows, resolved ${percent(measured.resolvedShare)}` +
      ` (confidence ≥ 0.5: ${percent(measured.confidentShare)})` +
      (Number.isNaN(measured.medianKm)
        ? ''
        : `, median ${measured.medianKm.toFixed(1)} km, p90 ${measured.p90Km.toFixed(1)} km,` +
          ` within 25 km ${percent(measured.within25KmShare)}`),
  )
}

function latLng(latitude: string | undefined, longitude: string | undefined) {
  const lat = Number(latitude)
  const lng = Number(longitude)
  return latitude && longitude && Number.isFinite(lat) && Number.isFinite(lng)
    ? { latitude: lat, longitude: lng }
    : undefined
}

describe('offline provider on the FiveThirtyEight fixtures', () => {
  beforeAll(async () => {
    await createOfflineProvider().load()
  })

  it.each([
    ['presidential-campaign-trail_trump.csv', 0.97, 0.95],
    ['presidential-campaign-trail_clinton.csv', 0.97, 0.95],
  ])('places %s ("City, ST" with misspellings) near the ground truth', async (file, minResolved, minWithin25) => {
    const measured = await measure(
      readRows(file),
      (row) => ({ text: row.location }),
      (row) => latLng(row.lat, row.lng),
    )
    report(file, measured)
    expect(measured.resolvedShare).toBeGreaterThanOrEqual(minResolved)
    expect(measured.within25KmShare).toBeGreaterThanOrEqual(minWithin25)
    expect(measured.medianKm).toBeLessThan(5)
  })

  it('places police killings (street, city, state code) within a city-sized distance', async () => {
    const measured = await measure(
      readRows('police-killings_police_killings.csv'),
      (row) => ({ street: row.streetaddress, city: row.city, region: row.state }),
      (row) => latLng(row.latitude, row.longitude),
    )
    report('police-killings_police_killings.csv', measured)
    expect(measured.resolvedShare).toBeGreaterThanOrEqual(0.97)
    expect(measured.within25KmShare).toBeGreaterThanOrEqual(0.9)
    expect(measured.medianKm).toBeLessThan(10)
  })

  it('resolves the GOP candidate visits (city + full state name, many small towns)', async () => {
    const measured = await measure(readRows('gop-candidate-visits-2024_candidate_visits.csv'), (row) => ({
      city: row.City,
      region: row.State,
    }))
    report('gop-candidate-visits-2024_candidate_visits.csv', measured)
    expect(measured.resolvedShare).toBeGreaterThanOrEqual(0.97)
    expect(measured.confidentShare).toBeGreaterThanOrEqual(0.9)
  })
})
