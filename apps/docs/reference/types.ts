/**
 * The named types of Chronotope: geocoding, schema detection, import and seeding, the health check
 * and the filter state, and the read API's response types (events list, histogram, import progress,
 * map clusters, simple bounds).
 * @module types
 */
export type { CoordinateExtraction } from '../../../packages/coordinates/src/types'
export type { ValidatedCoordinates } from '../../../packages/coordinates/src/validate-import-coordinates'
export type { FormatDetectionResult } from '../../../packages/file-readers/src/types'
export type { GeoColumnResult, SchemaField, FieldStatistics } from '../../../packages/schema/src/types'
export type { ProgressInfo } from '../../../packages/import-stages/src/progress'
export type { StageTransitionResult } from '../../../packages/import-stages/src/stage-transition'
export type { DuplicationSummary, DuplicateInfo, DuplicateAction } from '../../web/src/lib/import/import-documents'
export type { RateLimits } from '../../web/src/lib/import/rate-limit-service'
export type { ResolutionStats } from '../../../packages/geocoding/src/resolution-stats'
export type {
  GeocodingCandidate,
  GeocodingResult,
  GeocodingResultsMap,
  GeocodingSettings,
} from '../../../packages/geocoding/src/types'
export type { SchemaBuilderState } from '../../../packages/schema/src/schema-builder'
export type { SchemaChange, SchemaComparison } from '../../../packages/schema/src/compare-schemas'
export type { HealthCheckResult } from '../../web/src/lib/health/types'
export type { FilterState } from '../../../packages/filters/src/filter-state'
export type {
  RelationshipConfig,
  SeedOptions,
  SeedConfiguration,
  CollectionSeedConfig,
  EnvironmentConfig,
  GeneratorConfig,
} from '../../web/src/seed/types'
export type {
  EventsListResponse,
  HistogramResponse,
  MapClustersResponse,
  SimpleBoundsResponse,
} from '../../web/src/lib/events-read/read-responses'
export type { ImportProgressResponse } from '../../web/src/lib/import/import-progress'
