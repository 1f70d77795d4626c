import type { CoordinateExtraction } from './types'

/** The order of the two numbers of an unlettered coordinate pair: latitude first or longitude first. */
export type CoordinateOrder = 'lat-lon' | 'lon-lat'

/** What one unlettered pair says about its column's order. */
export type CoordinateOrderReading = 'latitude-first' | 'longitude-first' | 'either'

/** What every unlettered pair of a column says about its order (lettered, WKT and GeoJSON values name theirs). */
export interface CoordinateOrderTally {
  /** Pairs whose second number is beyond ±90, so only latitude first fits. */
  latitudeFirst: number
  /** Pairs whose first number is beyond ±90, so only longitude first fits. */
  longitudeFirst: number
  /** Pairs whose numbers are both within ±90: either order fits. */
  either: number
  /** The first value seen of each reading, as written. */
  examples: Partial<Record<CoordinateOrderReading, string>>
}

/** The order decided from a tally, or why none is. */
export interface CoordinateOrderDecision {
  order?: CoordinateOrder
  /** True when no value decides, or as many decide each way: the user must choose. */
  isAmbiguous: boolean
  /** The decision in words, e.g. `latitude first: 12 values such as 40.7, -74.0 can only be read so`. */
  reason: string
}

/** Each order as the preview and messages say it. */
export const COORDINATE_ORDER_WORDS: Readonly<Record<CoordinateOrder, string>> = {
  'lat-lon': 'latitude first',
  'lon-lat': 'longitude first',
}

/** The reading that proves each order. */
export const PROVING_READING: Readonly<Record<CoordinateOrder, CoordinateOrderReading>> = {
  'lat-lon': 'latitude-first',
  'lon-lat': 'longitude-first',
}

/**
 * A fresh, empty tally.
 * @example emptyCoordinateOrderTally().either // 0
 */
export function emptyCoordinateOrderTally(): CoordinateOrderTally {
  return { latitudeFirst: 0, longitudeFirst: 0, either: 0, examples: {} }
}

/**
 * What a pair read by `parseCoordinatePair` (latitude first) says about its column's order; undefined
 * for pairs that name their order (hemisphere letters, WKT, GeoJSON) or fit neither order.
 * @example classifyCoordinateOrder(parseCoordinatePair('48.85, 2.35')) // 'either'
 * @example classifyCoordinateOrder(parseCoordinatePair('40.7, -122.4')) // 'latitude-first'
 */
export function classifyCoordinateOrder(pair: CoordinateExtraction): CoordinateOrderReading | undefined {
  if (pair.isOrderFree !== true) return undefined
  const first = Math.abs(pair.latitude)
  const second = Math.abs(pair.longitude)
  if (first <= 90 && second <= 90) return 'either'
  if (first <= 90 && second <= 180) return 'latitude-first'
  if (first <= 180 && second <= 90) return 'longitude-first'
  return undefined
}

/**
 * Counts one pair in a tally (nothing for pairs that name their order).
 * @param text - the value as written, kept as an example
 */
export function countCoordinateOrder(tally: CoordinateOrderTally, pair: CoordinateExtraction, text: string): void {
  const reading = classifyCoordinateOrder(pair)
  if (reading === undefined) return
  if (reading === 'latitude-first') tally.latitudeFirst++
  else if (reading === 'longitude-first') tally.longitudeFirst++
  else tally.either++
  tally.examples[reading] ??= text
}

function values(count: number): string {
  return count === 1 ? '1 value' : `${count} values`
}

/**
 * Decides a pair column's order from the values that can only be read one way, as a date column's
 * day/month order is decided: the order more values prove wins (values against it become row errors);
 * when none proves one, or as many prove each, the order is ambiguous and must be chosen.
 * @example decideCoordinateOrder({ latitudeFirst: 3, longitudeFirst: 0, either: 2, examples: { 'latitude-first': '40.7, -74.0' } }).order // 'lat-lon'
 */
export function decideCoordinateOrder(tally: CoordinateOrderTally): CoordinateOrderDecision {
  const { latitudeFirst, longitudeFirst, either, examples } = tally
  if (latitudeFirst === 0 && longitudeFirst === 0) {
    return {
      isAmbiguous: either > 0,
      reason:
        either > 0
          ? `undecided: every value, such as ${examples.either}, has both numbers within ±90, so it reads either way`
          : 'no value is an unlettered pair of numbers',
    }
  }
  if (latitudeFirst === longitudeFirst) {
    return {
      isAmbiguous: true,
      reason: `undecided: ${values(latitudeFirst)} such as ${examples['latitude-first']} can only be read latitude first and as many such as ${examples['longitude-first']} only longitude first`,
    }
  }
  const order: CoordinateOrder = latitudeFirst > longitudeFirst ? 'lat-lon' : 'lon-lat'
  const count = Math.max(latitudeFirst, longitudeFirst)
  return {
    order,
    isAmbiguous: false,
    reason: `${COORDINATE_ORDER_WORDS[order]}: ${values(count)} such as ${examples[PROVING_READING[order]]} can only be read so`,
  }
}

/**
 * The values of a tally that contradict an order (they prove the other one), with an example.
 * @example coordinateValuesAgainstOrder(tally, 'lat-lon') // { count: 1, example: '120.9, 14.6' }
 */
export function coordinateValuesAgainstOrder(
  tally: CoordinateOrderTally,
  order: CoordinateOrder,
): { count: number; example?: string } {
  return order === 'lat-lon'
    ? {
        count: tally.longitudeFirst,
        ...(tally.examples['longitude-first'] ? { example: tally.examples['longitude-first'] } : {}),
      }
    : {
        count: tally.latitudeFirst,
        ...(tally.examples['latitude-first'] ? { example: tally.examples['latitude-first'] } : {}),
      }
}
