/**
 * A small seeded random generator (mulberry32), so the same seed always produces the same demo
 * data: tests and screenshots stay stable.
 * @module
 */

/** A source of reproducible random numbers. */
export interface Random {
  /** A float in [0, 1). */
  next(): number
  /** An integer in [min, max], both included. */
  integer(min: number, max: number): number
  /** One element of a non-empty list. */
  pick<T>(items: readonly T[]): T
  /** A normally distributed number (Box–Muller). */
  gaussian(mean: number, standardDeviation: number): number
}

/**
 * Creates a {@link Random} from a 32-bit seed.
 * @example createRandom(42).integer(1, 6) // always the same die roll for seed 42
 */
export function createRandom(seed: number): Random {
  let state = seed >>> 0
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0
    let t = state
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
  return {
    next,
    integer: (min, max) => min + Math.floor(next() * (max - min + 1)),
    pick: (items) => {
      if (items.length === 0) throw new RangeError('pick() needs a non-empty list')
      return items[Math.floor(next() * items.length)] as (typeof items)[number]
    },
    gaussian: (mean, standardDeviation) => {
      const u = 1 - next()
      const v = next()
      return mean + standardDeviation * Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * v)
    },
  }
}
