/**
 * How many rows each pipeline step handles per batch. Larger batches write faster but hold a
 * transaction longer; these were chosen so one batch commits in well under a second.
 * @example BATCH_SIZES.EVENT_CREATION // 5000
 */
export const BATCH_SIZES = {
  /** Rows sampled to detect a file's schema. */
  SCHEMA_DETECTION_SAMPLE: 10_000,
  /** Rows hashed and compared per duplicate-analysis step. */
  DUPLICATE_ANALYSIS: 5_000,
  /** Distinct place strings geocoded per geocode-batch job. */
  GEOCODING: 100,
  /** Events written per create-events-batch transaction. */
  EVENT_CREATION: 5_000,
  /** Events written per statement when seeding. */
  SEED_EVENTS: 2_000,
} as const

/**
 * Event-creation batches written at once, each on its own connection, when no two rows of the file
 * share a unique id: the database copies one batch's rows and updates its indexes on one core while
 * it does the same for the next on another. They still commit in the file's order.
 * @example CONCURRENT_EVENT_BATCHES // 2
 */
export const CONCURRENT_EVENT_BATCHES = 2
