/**
 * The nine services of the import pipeline: import coordinate validator, format detector, geo
 * location detector, progress tracking, rate limit service, schema builder, schema versioning,
 * stage transition and type transformation.
 * @module services
 */
// The `// Service:` lines name the service the modules after them make up: the API reference's
// overview page lists them so (apps/docs/scripts/api-pages/overview-page.ts).
// Service: import coordinate validator
export * from '../../../packages/coordinates/src/validate-import-coordinates'
// Service: format detector
export * from '../../../packages/file-readers/src/detect-file-format'
// Service: geo location detector
export * from '../../../packages/schema/src/detect-geo-columns'
// Service: progress tracking
export * from '../../web/src/lib/import/progress-tracking'
// Service: rate limit service
export * from '../../web/src/lib/import/rate-limit-service'
// Service: schema builder
export * from '../../../packages/schema/src/schema-builder'
// Service: schema versioning
export * from '../../web/src/lib/import/schema-versioning'
// Service: stage transition
export * from '../../web/src/lib/import/stage-transition-service'
export * from '../../../packages/import-stages/src/stage-transition'
// Service: type transformation
export * from '../../../packages/schema/src/transform-values'
