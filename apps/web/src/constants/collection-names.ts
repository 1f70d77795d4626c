/**
 * The slug of every collection and global: the names used in URLs (`/api/{slug}`), the database
 * and relationships. One source of truth so no slug is ever typed twice.
 * @example COLLECTION_NAMES.IMPORT_JOBS // 'import-jobs'
 */
export const COLLECTION_NAMES = {
  API_KEYS: 'api-keys',
  AUDIT_LOG: 'audit-log',
  CATALOGS: 'catalogs',
  DATASETS: 'datasets',
  DATASET_SCHEMAS: 'dataset-schemas',
  EVENTS: 'events',
  GEOCODING_PROVIDERS: 'geocoding-providers',
  IMPORT_FILES: 'import-files',
  IMPORT_JOBS: 'import-jobs',
  LOCATION_CACHE: 'location-cache',
  MEDIA: 'media',
  PAGES: 'pages',
  SCHEDULED_IMPORTS: 'scheduled-imports',
  SCHEDULED_IMPORT_RUNS: 'scheduled-import-runs',
  USERS: 'users',
  WEBHOOKS: 'webhooks',
  WEBHOOK_DELIVERIES: 'webhook-deliveries',
} as const

/** A collection slug. */
export type CollectionName = (typeof COLLECTION_NAMES)[keyof typeof COLLECTION_NAMES]

/** The slugs of Chronotope's globals. */
export const GLOBAL_NAMES = {
  MAIN_MENU: 'main-menu',
  QUOTAS: 'quotas',
} as const
