/**
 * `npm run bench:geocode` (or `npx tsx bench/geocode.ts`): geocodes the place columns of the
 * FiveThirtyEight fixtures that carry ground-truth coordinates with the offline provider and prints,
 * per fixture, the share resolved, the median and 90th-percentile error in km, the share within
 * 25 km, and the offline provider's lookups per second over the distinct places with no cache
 * (the set repeated until at least 2 s have elapsed), beside the targets of issue 4.
 * @module
 */
import { readFixtureColumns } from '@chronotope/test-fixtures'

import { createOfflineProvider, distanceKm, normalizeGeocodingQuery } from '../packages/geocoding/src/index'
import type { GeocodingQuery } from '../packages/geocoding/src/index'

const TARGET_RESOLVED_SHARE = 0.95
const TARGET_MEDIAN_KM = 10
const TARGET_LOOKUPS_PER_SECOND = 20_000
const MIN_SPEED_RUN_MS = 2_000

/** One fixture's place columns and ground truth, as the import would read them. */
interface BenchFixture {
  name: string
  file: string
  columns: string[]
  toQuery: (fields: string[]) => GeocodingQuery
  truthColumns: [number, number]
}

const FIXTURES: BenchFixture[] = [
  {
    name: 'trump "City, ST"',
    file: 'presidential-campaign-trail_trump.csv',
    columns: ['location', 'lat', 'lng'],
    toQuery: ([location]) => ({ text: location, countryBias: 'US' }),
    truthColumns: [1, 2],
  },
  {
    name: 'clinton "City, ST"',
    file: 'presidential-campaign-trail_clinton.csv',
    columns: ['location', 'lat', 'lng'],
    toQuery: ([location]) => ({ text: location, countryBias: 'US' }),
    truthColumns: [1, 2],
  },
  {
    name: 'police killings city + state',
    file: 'police-killings_police_killings.csv',
    columns: ['city', 'state', 'latitude', 'longitude'],
    toQuery: ([city, state]) => ({ city, region: state, countryBias: 'US' }),
    truthColumns: [2, 3],
  },
]

function quantile(sorted: readonly number[], q: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? Number.NaN
}

const percent = (share: number): string => `${(share * 100).toFixed(1)} %`
const mark = (ok: boolean): string => (ok ? 'ok  ' : 'MISS')

const provider = createOfflineProvider()
const loadStarted = performance.now()
await provider.load()
console.log(`offline data loaded in ${(performance.now() - loadStarted).toFixed(0)} ms\n`)

const allDistinct = new Map<string, GeocodingQuery>()
console.log('fixture                         rows  distinct  resolved   median km  p90 km   ≤25 km')
for (const fixture of FIXTURES) {
  const rows = readFixtureColumns(fixture.file, fixture.columns)
  const results = new Map<string, Awaited<ReturnType<typeof provider.geocode>>>()
  const distances: number[] = []
  let resolved = 0
  for (const fields of rows) {
    const query = fixture.toQuery(fields)
    const key = normalizeGeocodingQuery(query)
    allDistinct.set(key, query)
    let result = results.get(key)
    if (result === undefined) {
      result = await provider.geocode(query)
      results.set(key, result)
    }
    if (result.best === undefined) continue
    resolved++
    const latitude = Number(fields[fixture.truthColumns[0]])
    const longitude = Number(fields[fixture.truthColumns[1]])
    if (fields[fixture.truthColumns[0]] !== '' && Number.isFinite(latitude) && Number.isFinite(longitude)) {
      distances.push(distanceKm({ latitude, longitude }, result.best))
    }
  }
  distances.sort((a, b) => a - b)
  const resolvedShare = resolved / rows.length
  const median = quantile(distances, 0.5)
  console.log(
    `${fixture.name.padEnd(30)} ${String(rows.length).padStart(5)} ${String(results.size).padStart(9)}` +
      `  ${percent(resolvedShare).padStart(7)} ${mark(resolvedShare >= TARGET_RESOLVED_SHARE)}` +
      ` ${median.toFixed(1).padStart(5)} ${mark(median <= TARGET_MEDIAN_KM)}` +
      ` ${quantile(distances, 0.9).toFixed(1).padStart(6)}  ${percent(distances.filter((km) => km <= 25).length / Math.max(1, distances.length)).padStart(7)}`,
  )
}

const queries = [...allDistinct.values()]
let lookups = 0
const started = performance.now()
while (performance.now() - started < MIN_SPEED_RUN_MS) {
  for (const query of queries) await provider.geocode(query)
  lookups += queries.length
}
const perSecond = lookups / ((performance.now() - started) / 1000)
console.log(
  `\noffline lookups/s (no cache, ${queries.length} distinct places repeated, ${lookups} lookups): ` +
    `${Math.round(perSecond).toLocaleString('en-US')} ${mark(perSecond >= TARGET_LOOKUPS_PER_SECOND)}`,
)
console.log(
  `targets: resolved ≥ ${percent(TARGET_RESOLVED_SHARE)}, median ≤ ${TARGET_MEDIAN_KM} km (city-level), ` +
    `≥ ${TARGET_LOOKUPS_PER_SECOND.toLocaleString('en-US')} lookups/s`,
)
