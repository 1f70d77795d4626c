import { describe, expect, it } from 'vitest'

import { InvalidSeedOption, resolveSeedConfiguration } from './configuration'
import { parseSeedArguments } from './parse-seed-arguments'
import { SEEDABLE_COLLECTIONS } from './types'

describe('resolveSeedConfiguration', () => {
  it('defaults to every collection in dependency order', () => {
    const config = resolveSeedConfiguration()
    expect(config.collections).toEqual(SEEDABLE_COLLECTIONS)
    expect(config).toMatchObject({
      environment: 'development',
      reset: false,
      generator: { eventCount: 2000, randomSeed: 1 },
    })
  })

  it('keeps dependency order whatever order collections are given in', () => {
    expect(resolveSeedConfiguration({ collections: ['events', 'users', 'datasets'] }).collections).toEqual([
      'users',
      'datasets',
      'events',
    ])
  })

  it.each([
    [{ environment: 'staging' as never }, 'environment must be development, test or demo; got "staging"'],
    [{ collections: ['comments' as never] }, 'collections must be one of users, catalogs'],
    [{ generator: { eventCount: -1 } }, 'eventCount must be an integer from 0 to 5,000,000; got -1'],
    [{ generator: { randomSeed: 1.5 } }, 'randomSeed must be an integer; got 1.5'],
  ])('rejects %o', (options, message) => {
    expect(() => resolveSeedConfiguration(options)).toThrow(InvalidSeedOption)
    expect(() => resolveSeedConfiguration(options)).toThrow(message)
  })
})

describe('parseSeedArguments', () => {
  it.each([
    [[], { collections: undefined, environment: undefined, generator: {}, reset: false }],
    [
      ['--collections', 'users, events', '--environment', 'demo', '--events', '500', '--random-seed', '9', '--reset'],
      {
        collections: ['users', 'events'],
        environment: 'demo',
        generator: { eventCount: 500, randomSeed: 9 },
        reset: true,
      },
    ],
  ])('%j', (argv, expected) => {
    expect(parseSeedArguments(argv)).toEqual(expected)
  })

  it('returns help for --help', () => {
    expect(parseSeedArguments(['--help'])).toBe('help')
  })

  it.each([
    [['--events', 'many'], '--events must be an integer; got "many"'],
    [['--unknown'], "Unknown option '--unknown'"],
  ])('rejects %j', (argv, message) => {
    expect(() => parseSeedArguments(argv)).toThrow(message)
  })
})
