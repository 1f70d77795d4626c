/**
 * The API reference's groups name the product's vocabulary: every type PRODUCT.md names is in the
 * "types" group, every service in "services", and every group the reference promises exists.
 */
import { readdirSync, readFileSync } from 'node:fs'
import path from 'node:path'

import { describe, expect, it } from 'vitest'

const referenceRoot = path.resolve(import.meta.dirname, '../reference')
const exportsOf = (group: string) => {
  const source = readFileSync(path.join(referenceRoot, `${group}.ts`), 'utf8')
  return new Set(
    [...source.matchAll(/export (?:type )?\{([^}]+)\}/g)].flatMap((match) =>
      match[1]!
        .split(',')
        .map((name) => name.trim())
        .filter(Boolean),
    ),
  )
}

/** The types PRODUCT.md names, as the code names them. */
const NAMED_TYPES = [
  'CoordinateExtraction',
  'ValidatedCoordinates',
  'FormatDetectionResult',
  'GeoColumnResult',
  'ProgressInfo',
  'DuplicationSummary',
  'RateLimits',
  'StageTransitionResult',
  'RelationshipConfig',
  'ResolutionStats',
  'SeedOptions',
  'SeedConfiguration',
  'CollectionSeedConfig',
  'EnvironmentConfig',
  'GeneratorConfig',
  'GeocodingCandidate',
  'GeocodingResult',
  'GeocodingResultsMap',
  'SchemaField',
  'FieldStatistics',
  'SchemaBuilderState',
  'SchemaChange',
  'SchemaComparison',
  'DuplicateInfo',
  'DuplicateAction',
  'HealthCheckResult',
  'FilterState',
  'GeocodingSettings',
  'EventsListResponse',
  'HistogramResponse',
  'ImportProgressResponse',
  'MapClustersResponse',
  'SimpleBoundsResponse',
]

describe('the API reference groups', () => {
  it('are the groups the reference promises, each with its @module name', () => {
    const groups = readdirSync(referenceRoot).map((file) => file.replace(/\.ts$/, ''))
    expect(groups.sort()).toEqual(
      ['configuration', 'constants', 'hooks', 'jobs', 'lib', 'seeding', 'services', 'types', 'utilities'].sort(),
    )
    const names = groups.map(
      (group) => /@module (.+)/.exec(readFileSync(path.join(referenceRoot, `${group}.ts`), 'utf8'))?.[1],
    )
    expect(names.sort()).toEqual(
      [
        'configuration and app',
        'constants',
        'hooks',
        'jobs',
        'lib',
        'seeding tools',
        'services',
        'types',
        'utilities',
      ].sort(),
    )
  })

  it('put every named type in "types"', () => {
    const types = exportsOf('types')
    expect(NAMED_TYPES.filter((name) => !types.has(name))).toEqual([])
  })

  it('put the nine services in "services"', () => {
    const source = readFileSync(path.join(referenceRoot, 'services.ts'), 'utf8')
    for (const module of [
      'validate-import-coordinates',
      'detect-file-format',
      'detect-geo-columns',
      'progress-tracking',
      'rate-limit-service',
      'schema-builder',
      'schema-versioning',
      'stage-transition',
      'transform-values',
    ])
      expect(source).toContain(`/${module}'`)
  })
})
