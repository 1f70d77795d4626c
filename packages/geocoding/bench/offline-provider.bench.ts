/**
 * Measures the offline provider: data load time, memory it adds (RSS and JavaScript heap), its
 * answers for place names in other scripts, street addresses and misspellings, and geocoding
 * throughput on the distinct places of the FiveThirtyEight fixtures. Run from the repository root:
 * `node --expose-gc --import tsx packages/geocoding/bench/offline-provider.bench.ts`
 * @module
 */
import { readFileSync } from 'node:fs'

import { createOfflineProvider } from '../src/index'
import { fivethirtyeightFixture } from '@chronotope/test-fixtures'

const memoryMb = (): { rss: number; heap: number } => {
  globalThis.gc?.()
  const { rss, heapUsed } = process.memoryUsage()
  return { rss: rss / 1e6, heap: heapUsed / 1e6 }
}

const before = memoryMb()
const started = performance.now()
const provider = createOfflineProvider()
await provider.load()
const loadMs = performance.now() - started
const after = memoryMb()
console.log(
  `load: ${loadMs.toFixed(0)} ms, RSS ${before.rss.toFixed(0)} → ${after.rss.toFixed(0)} MB ` +
    `(+${(after.rss - before.rss).toFixed(0)} MB), heap +${(after.heap - before.heap).toFixed(0)} MB`,
)

const NAMES = [
  'Москва',
  'москва россия',
  'القاهرة',
  'القاهرة مصر',
  'hong kong china',
  'München',
  'Munich',
  'Köln',
  'Cologne',
  '123 Main St, New York, NY',
  '123 Main St New York NY',
  'Alexanderplatz Berlin',
  'Sprngfield',
]
for (const text of NAMES) {
  const { best } = await provider.geocode({ text })
  const answer = best ? `${best.label} (${best.precision}, ${best.confidence})` : 'not found'
  console.log(`  ${JSON.stringify(text)} → ${answer}`)
}

const lines = readFileSync(fivethirtyeightFixture('gop-candidate-visits-2024_candidate_visits.csv'), 'utf8')
  .split('\n')
  .slice(1)
  .filter((line) => line.trim() !== '')
const places = [...new Set(lines.map((line) => line.split(',').slice(2, 4).join('|')))]
for (const round of ['first', 'second']) {
  const t = performance.now()
  let fuzzyOrMissing = 0
  for (const place of places) {
    const [city, region] = place.split('|')
    const result = await provider.geocode({ city, region, countryBias: 'US' })
    if ((result.best?.confidence ?? 0) < 0.9) fuzzyOrMissing++
  }
  const ms = performance.now() - t
  console.log(
    `${round} pass: ${places.length} distinct GOP places in ${ms.toFixed(0)} ms` +
      ` (${(ms / places.length).toFixed(2)} ms/place; ${fuzzyOrMissing} below 0.9 confidence)`,
  )
}
