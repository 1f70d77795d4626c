/**
 * Generates realistic demo events for a dataset theme: times spread over years with seasonal
 * bursts, places clustered around real cities, and original row data as an import would keep it.
 * Pure: the same theme, count and seed give the same events.
 * @module
 */
import { createHash } from 'node:crypto'

import { DEMO_PLACES, type DemoPlace } from './places'
import { createRandom } from './random'

/** One generated event, in the shape the bulk writer takes. */
export interface GeneratedEvent {
  readonly uniqueId: string
  readonly title: string
  readonly description: string
  readonly eventTime: Date
  readonly eventEndTime: Date | null
  readonly timePrecision: 'day' | 'minute'
  readonly longitude: number
  readonly latitude: number
  readonly locationName: string
  readonly coordinateSource: 'source-columns' | 'geocoded'
  readonly coordinatePrecision: 'city' | 'street'
  readonly coordinateConfidence: number
  readonly coordinateProvider: string | null
  readonly data: Record<string, string | number>
  readonly contentHash: string
  readonly sourceRow: number
}

/** What a dataset's events are about, and where and when they happen. */
export interface EventTheme {
  /** Prefix of every event's unique id, e.g. `quake`. */
  readonly key: string
  /** Event kinds; one is picked per event and becomes part of its title. */
  readonly kinds: readonly string[]
  /** First and last year events happen in. */
  readonly years: readonly [number, number]
  /** Regions the places are drawn from; all when empty. */
  readonly regions: readonly DemoPlace['region'][]
  /** Scatter around the city, in degrees (about 111 km per degree). */
  readonly scatterDeg: number
  /** Whether coordinates were geocoded (city precision) rather than read from columns. */
  readonly geocoded: boolean
  /** Whether events last (have an end time). */
  readonly hasDuration: boolean
}

/**
 * Generates `count` events of a theme.
 * @example generateEvents(THEMES.protests, 100, 7).length // 100
 */
export function generateEvents(theme: EventTheme, count: number, seed: number): GeneratedEvent[] {
  const random = createRandom(seed)
  const places = theme.regions.length
    ? DEMO_PLACES.filter((place) => theme.regions.includes(place.region))
    : DEMO_PLACES
  const [firstYear, lastYear] = theme.years
  const start = Date.UTC(firstYear, 0, 1)
  const span = Date.UTC(lastYear, 11, 31) - start
  const events: GeneratedEvent[] = []
  for (let row = 1; row <= count; row++) {
    const place = random.pick(places)
    const kind = random.pick(theme.kinds)
    // Bursts: half the events cluster around a few moments, as real news does.
    const burst = random.next() < 0.5
    const burstCentre = ((Math.floor(random.next() * 6) + 0.5) / 6) * span
    const offset = burst ? clamp(burstCentre + random.gaussian(0, span / 60), 0, span) : random.next() * span
    const eventTime = new Date(start + Math.floor(offset / 60_000) * 60_000)
    const eventEndTime = theme.hasDuration ? new Date(eventTime.getTime() + random.integer(1, 72) * 3_600_000) : null
    const latitude = clamp(place.latitude + random.gaussian(0, theme.scatterDeg), -85, 85)
    const longitude = wrapLongitude(place.longitude + random.gaussian(0, theme.scatterDeg))
    const magnitude = Math.round((2 + random.next() * 5) * 10) / 10
    const participants = Math.round(Math.exp(random.gaussian(5, 1.5)))
    const data = {
      id: `${theme.key}-${row}`,
      date: eventTime.toISOString().slice(0, 10),
      kind,
      city: place.name,
      country: place.country,
      latitude: round6(latitude),
      longitude: round6(longitude),
      magnitude,
      participants,
    }
    const title = `${kind} in ${place.name}`
    events.push({
      uniqueId: data.id,
      title,
      description: `${title} on ${data.date}: about ${participants} people, intensity ${magnitude}.`,
      eventTime,
      eventEndTime,
      timePrecision: theme.hasDuration ? 'minute' : 'day',
      longitude: data.longitude,
      latitude: data.latitude,
      locationName: `${place.name}, ${place.country}`,
      coordinateSource: theme.geocoded ? 'geocoded' : 'source-columns',
      coordinatePrecision: theme.geocoded ? 'city' : 'street',
      coordinateConfidence: theme.geocoded ? 0.8 : 1,
      coordinateProvider: theme.geocoded ? 'offline' : null,
      data,
      contentHash: createHash('sha256').update(JSON.stringify(data)).digest('hex'),
      sourceRow: row,
    })
  }
  return events
}

function clamp(value: number, min: number, max: number): number {
  return Math.min(max, Math.max(min, value))
}

function wrapLongitude(longitude: number): number {
  return ((((longitude + 180) % 360) + 360) % 360) - 180
}

function round6(value: number): number {
  return Math.round(value * 1e6) / 1e6
}
