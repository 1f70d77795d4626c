/**
 * A fixed pseudo-random sequence for test data, so a failure can be replayed.
 * @module
 */

/**
 * Numbers in [0, 1) from a linear congruential generator started at `seed`; the same seed gives
 * the same sequence on every run.
 */
export function seededRandom(seed: number): () => number {
  let state = seed
  return () => (state = (state * 1103515245 + 12345) % 2 ** 31) / 2 ** 31
}
