/**
 * The nine services of the import pipeline: import coordinate validator, format detector, geo
 * location detector, progress tracking, rate limit service, schema builder, schema versioning,
 * stage transition and type transformation.
 * @module services
 */
export * from '../../../packages/coordinates/src/validate-import-coordinates'
export * from '../../../packages/file-readers/src/detect-file-format'
export * from '../../../packages/schema/src/detect-geo-columns'
export * from '../../web/src/lib/import/progress-tracking'
export * from '../../web/src/lib/import/rate-limit-service'
export * from '../../../packages/schema/src/schema-builder'
export * from '../../web/src/lib/import/schema-versioning'
export * from '../../web/src/lib/import/stage-transition-service'
export * from '../../../packages/import-stages/src/stage-transition'
export * from '../../../packages/schema/src/transform-values'
