/**
 * All of Chronotope's collections, in the order the admin lists them.
 * @module
 */
import { ApiKeys } from './api-keys'
import { AuditLog } from './audit-log'
import { Catalogs } from './catalogs'
import { DatasetSchemas } from './dataset-schemas'
import { Datasets } from './datasets'
import { Events } from './events'
import { GeocodingProviders } from './geocoding-providers'
import { ImportFiles } from './import-files'
import { ImportJobs } from './import-jobs'
import { LocationCache } from './location-cache'
import { Media } from './media'
import { Pages } from './pages'
import { ScheduledImportRuns } from './scheduled-import-runs'
import { ScheduledImports } from './scheduled-imports'
import { Users } from './users'
import { WebhookDeliveries } from './webhook-deliveries'
import { Webhooks } from './webhooks'

export {
  ApiKeys,
  AuditLog,
  Catalogs,
  DatasetSchemas,
  Datasets,
  Events,
  GeocodingProviders,
  ImportFiles,
  ImportJobs,
  LocationCache,
  Media,
  Pages,
  ScheduledImportRuns,
  ScheduledImports,
  Users,
  WebhookDeliveries,
  Webhooks,
}

/** Every collection config, for `buildConfig`. */
export const collections = [
  Catalogs,
  Datasets,
  DatasetSchemas,
  Events,
  ImportFiles,
  ImportJobs,
  ScheduledImports,
  ScheduledImportRuns,
  Pages,
  Media,
  GeocodingProviders,
  LocationCache,
  Users,
  Webhooks,
  WebhookDeliveries,
  ApiKeys,
  AuditLog,
]
