import { describe, expect, it } from 'vitest'

import { InvalidSeedOption, requiredCollections, resolveSeedConfiguration, SEED_RELATIONSHIPS } from './configuration'
import { parseSeedArguments } from './parse-seed-arguments'
import { SeedDependencyMissing } from './seeders/context'
import { SEEDABLE_COLLECTIONS, type SeedCollection } from './types'

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

describe('the seed relationships', () => {
  it('list every collection after the collections it links to', () => {
    for (const [collection, links] of Object.entries(SEED_RELATIONSHIPS)) {
      for (const link of links)
        expect(SEEDABLE_COLLECTIONS.indexOf(link.collection), `${collection}.${link.field}`).toBeLessThan(
          SEEDABLE_COLLECTIONS.indexOf(collection as SeedCollection),
        )
    }
  })

  it('give each collection the whole chain it cannot do without, in dependency order', () => {
    expect(requiredCollections('users')).toEqual([])
    expect(requiredCollections('events')).toEqual(['catalogs', 'datasets'])
    expect(requiredCollections('import-jobs')).toEqual(['catalogs', 'import-files'])
    expect(requiredCollections('main-menu')).toEqual([])
  })

  it('name that chain when a dependency is missing', () => {
    expect(new SeedDependencyMissing('events', 'protest-events', 'datasets').message).toBe(
      'Cannot seed events: datasets "protest-events" does not exist. Seed datasets first ' +
        '(npm run seed -- --collections catalogs,datasets,events).',
    )
  })
})
