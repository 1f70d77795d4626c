/**
 * The events `npm run bench:read` seeds: deterministic (a seeded PRNG, so every run reads the same
 * data), 80 % clustered around city centres with a gaussian spread and 20 % spread evenly over land,
 * at times spread evenly over 1975–2024, with one of eight categories, a magnitude and a country in
 * their data, and titles in which the rare word "earthquake" appears about once in a hundred.
 * @module
 */
import type { EventRow } from '../apps/web/src/lib/events/bulk-insert-events'
import { createRandom, type Random } from '../apps/web/src/seed/generators/random'
import { CITY_CENTRES, LAND_BOXES, type CityCentre } from './read-places'

/** The categories stored in `data.category`, equally likely. */
export const CATEGORIES = ['quake', 'flood', 'storm', 'fire', 'protest', 'election', 'concert', 'accident'] as const

/** The word the text-search scenario looks for; it appears in about 1 % of titles and nowhere else. */
export const RARE_TITLE_WORD = 'earthquake'

/** Share of titles that carry {@link RARE_TITLE_WORD}. */
const RARE_TITLE_SHARE = 0.01
/** Share of events placed around a city centre; the rest fall evenly inside {@link LAND_BOXES}. */
const CLUSTERED_SHARE = 0.8
/** Share of the events in each of the five datasets. */
export const DATASET_SHARES = [0.35, 0.25, 0.2, 0.12, 0.08] as const

const FIRST_MS = Date.UTC(1975, 0, 1)
const END_MS = Date.UTC(2025, 0, 1)

const ADJECTIVES = [
  'Large',
  'Small',
  'Sudden',
  'Late',
  'Early',
  'Major',
  'Minor',
  'Brief',
  'Long',
  'Unusual',
  'Reported',
  'Local',
]
const NOUNS = [
  'gathering',
  'parade',
  'blackout',
  'landslide',
  'wildfire',
  'rally',
  'strike',
  'festival',
  'collision',
  'heatwave',
  'hailstorm',
  'vote',
  'march',
  'tremor',
  'outage',
  'sighting',
  'eruption',
  'flooding',
  'match',
  'concert',
]
const WORDS = [
  'residents',
  'reported',
  'damage',
  'near',
  'the',
  'river',
  'station',
  'road',
  'crowd',
  'police',
  'officials',
  'said',
  'several',
  'hundred',
  'people',
  'gathered',
  'after',
  'before',
  'during',
  'night',
  'morning',
  'market',
  'bridge',
  'school',
  'harbour',
  'hills',
  'centre',
  'north',
  'south',
  'east',
  'west',
  'district',
  'witnesses',
  'described',
  'loud',
  'quiet',
  'brief',
  'closed',
  'opened',
  'again',
  'later',
  'power',
  'water',
  'traffic',
  'delays',
  'minor',
  'injuries',
  'no',
  'one',
  'was',
  'hurt',
]

// Cumulative weights, so a pick is one binary search rather than a walk over 220 cities.
function cumulative(weights: readonly number[]): Float64Array {
  const sums = new Float64Array(weights.length)
  let total = 0
  weights.forEach((weight, index) => (sums[index] = total += weight))
  return sums.map((sum) => sum / total)
}

function pickIndex(sums: Float64Array, random: Random): number {
  const target = random.next()
  let low = 0
  let high = sums.length - 1
  while (low < high) {
    const middle = (low + high) >> 1
    if (sums[middle]! > target) high = middle
    else low = middle + 1
  }
  return low
}

function nearestCity(longitude: number, latitude: number): CityCentre {
  let best = CITY_CENTRES[0]!
  let bestDistance = Infinity
  for (const city of CITY_CENTRES) {
    const distance = (city.longitude - longitude) ** 2 + (city.latitude - latitude) ** 2
    if (distance < bestDistance) [best, bestDistance] = [city, distance]
  }
  return best
}

const clamp = (value: number, low: number, high: number) => Math.min(high, Math.max(low, value))
const round = (value: number, places: number) => Math.round(value * 10 ** places) / 10 ** places

/** Makes the events of a run: call the result with 0, 1, 2, … in order (it draws from one PRNG). */
export type BenchEventSource = (index: number) => EventRow

/**
 * A source of benchmark events spread over the given datasets in {@link DATASET_SHARES}.
 * @param datasetIds - the five datasets, in the order of {@link DATASET_SHARES}
 * @example createEventSource([1, 2, 3, 4, 5])(0).uniqueId // 'bench-0'
 */
export function createEventSource(datasetIds: readonly number[], seed = 1975): BenchEventSource {
  const random = createRandom(seed)
  const datasetSums = cumulative(DATASET_SHARES.slice(0, datasetIds.length))
  const citySums = cumulative(CITY_CENTRES.map((city) => city.weight))
  const boxSums = cumulative(LAND_BOXES.map((box) => (box.east - box.west) * (box.north - box.south)))
  return (index) => {
    let longitude: number
    let latitude: number
    let city: CityCentre | undefined
    if (random.next() < CLUSTERED_SHARE) {
      city = CITY_CENTRES[pickIndex(citySums, random)]!
      // Bigger cities sprawl further: 0.06° to 0.14° (7–16 km) standard deviation.
      const spreadDeg = 0.02 + 0.04 * city.weight
      longitude = city.longitude + random.gaussian(0, 1) * spreadDeg
      latitude = city.latitude + random.gaussian(0, 1) * spreadDeg
    } else {
      const box = LAND_BOXES[pickIndex(boxSums, random)]!
      longitude = box.west + random.next() * (box.east - box.west)
      latitude = box.south + random.next() * (box.north - box.south)
    }
    longitude = round(((((longitude + 180) % 360) + 360) % 360) - 180, 5)
    latitude = round(clamp(latitude, -85, 85), 5)
    const country = (city ?? nearestCity(longitude, latitude)).country
    const eventTime = new Date(FIRST_MS + Math.floor((random.next() * (END_MS - FIRST_MS)) / 1000) * 1000)
    const noun = random.next() < RARE_TITLE_SHARE ? RARE_TITLE_WORD : random.pick(NOUNS)
    const descriptionLength = 8 + Math.floor(random.next() * 8)
    const words: string[] = []
    for (let word = 0; word < descriptionLength; word++) words.push(random.pick(WORDS))
    return {
      datasetId: datasetIds[pickIndex(datasetSums, random)]!,
      uniqueId: `bench-${index}`,
      title: `${random.pick(ADJECTIVES)} ${noun} near ${city?.name ?? 'open country'}`,
      description: `${words.join(' ')}.`,
      eventTime,
      eventEndTime: null,
      timePrecision: 'second',
      longitude,
      latitude,
      locationName: city?.name ?? null,
      coordinateSource: 'source-columns',
      coordinatePrecision: null,
      coordinateConfidence: null,
      coordinateSourceColumns: ['latitude', 'longitude'],
      coordinateProvider: null,
      data: { category: random.pick(CATEGORIES), magnitude: round(random.next() * 10, 1), country },
      contentHash: null,
      importJobId: null,
      sourceRow: index + 1,
    }
  }
}
