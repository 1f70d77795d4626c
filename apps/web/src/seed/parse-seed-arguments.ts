import { parseArgs } from 'node:util'

import { InvalidSeedOption } from './configuration'
import type { SeedCollection, SeedEnvironment, SeedOptions } from './types'

/** The help text of `npm run seed`. */
export const SEED_USAGE = `Usage: npm run seed -- [options]

  --collections a,b    which to seed: users, catalogs, datasets, events, import-files,
                       import-jobs, pages, main-menu (default: all)
  --environment name   development (default), test or demo
  --events N           total events to generate (default: 2000, demo 6000, test 120)
  --random-seed N      seed of the generator; the same seed gives the same data
  --reset              delete what the seed made before, then seed again
  --help               show this text`

function integerOption(name: string, raw: string | undefined): number | undefined {
  if (raw === undefined) return undefined
  const value = Number(raw)
  if (!Number.isInteger(value)) throw new InvalidSeedOption(name, raw, 'an integer')
  return value
}

/**
 * Parses the command line of `npm run seed` into seed options (validated later by
 * `resolveSeedConfiguration`). Returns `'help'` for `--help`.
 * @example parseSeedArguments(['--environment', 'test', '--events', '50']) // { environment: 'test', generator: { eventCount: 50 }, ... }
 */
export function parseSeedArguments(argv: readonly string[]): SeedOptions | 'help' {
  const { values } = parseArgs({
    args: [...argv],
    options: {
      collections: { type: 'string' },
      environment: { type: 'string' },
      events: { type: 'string' },
      'random-seed': { type: 'string' },
      reset: { type: 'boolean', default: false },
      help: { type: 'boolean', default: false },
    },
    strict: true,
  })
  if (values.help) return 'help'
  const eventCount = integerOption('--events', values.events)
  const randomSeed = integerOption('--random-seed', values['random-seed'])
  return {
    collections: values.collections
      ?.split(',')
      .map((name) => name.trim())
      .filter(Boolean) as SeedCollection[] | undefined,
    environment: values.environment as SeedEnvironment | undefined,
    generator: {
      ...(eventCount !== undefined ? { eventCount } : {}),
      ...(randomSeed !== undefined ? { randomSeed } : {}),
    },
    reset: values.reset,
  }
}
