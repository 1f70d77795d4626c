/**
 * Where the tests find the real public data files: `fixtures/` at the repository root, so a
 * clean clone has everything its tests need.
 * @module
 */
import path from 'node:path'

/** The repository's `fixtures/` folder. */
export const FIXTURES_DIR = path.resolve(import.meta.dirname, '../../../fixtures')

/** The FiveThirtyEight files (CC BY 4.0): police killings, campaign trails, candidate visits. */
export const FIVETHIRTYEIGHT_DIR = path.join(FIXTURES_DIR, 'fivethirtyeight')

/**
 * The path of one FiveThirtyEight fixture.
 * @example fivethirtyeightFixture('presidential-campaign-trail_trump.csv') // '…/fixtures/fivethirtyeight/presidential-campaign-trail_trump.csv'
 */
export function fivethirtyeightFixture(name: string): string {
  return path.join(FIVETHIRTYEIGHT_DIR, name)
}
