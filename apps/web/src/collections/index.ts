/**
 * All of Chronotope's collections, in the order the admin lists them.
 * @module
 */
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
import { Users } from './users'

export {
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
  Users,
}

/** Every collection config, for `buildConfig`. */
export const collections = [
  Catalogs,
  Datasets,
  DatasetSchemas,
  Events,
  ImportFiles,
  ImportJobs,
  Pages,
  Media,
  GeocodingProviders,
  LocationCache,
  Users,
  AuditLog,
]
