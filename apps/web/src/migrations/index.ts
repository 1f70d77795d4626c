import * as migration_20261120_233922_initial from './20261120_233922_initial'
import * as migration_20261121_023643_import_pipeline from './20261121_023643_import_pipeline'
import * as migration_20261121_034555_geocoding_rate_limits from './20261121_034555_geocoding_rate_limits'
import * as migration_20261121_044344_dataset_geocoding_overrides from './20261121_044344_dataset_geocoding_overrides'
import * as migration_20261121_052000_events_search_index from './20261121_052000_events_search_index'
import * as migration_20261121_090000_event_index_versions from './20261121_090000_event_index_versions'
import * as migration_20261125_140000_job_runners from './20261125_140000_job_runners'
import * as migration_20261125_160000_rate_limit_attempts from './20261125_160000_rate_limit_attempts'
import * as migration_20261127_100000_events_original from './20261127_100000_events_original'
import * as migration_20261127_120000_events_search_unaccent from './20261127_120000_events_search_unaccent'
import * as migration_20261127_150000_event_hand_edits from './20261127_150000_event_hand_edits'
import * as migration_20261127_151000_reimport_counts from './20261127_151000_reimport_counts'
import * as migration_20261127_153000_dataset_import_settings from './20261127_153000_dataset_import_settings'
import * as migration_20261128_130000_slugs_unique_per_owner from './20261128_130000_slugs_unique_per_owner'
import * as migration_20261128_190000_scheduled_imports from './20261128_190000_scheduled_imports'
import * as migration_20261128_200000_webhooks from './20261128_200000_webhooks'
import * as migration_20261128_210000_api_keys from './20261128_210000_api_keys'
import * as migration_20261128_220000_audit_log from './20261128_220000_audit_log'
import * as migration_20261129_000000_quotas from './20261129_000000_quotas'
import * as migration_20261203_090000_event_cells from './20261203_090000_event_cells'
import * as migration_20261203_140000_event_value_cells from './20261203_140000_event_value_cells'
import * as migration_20261203_160000_search_function_cost from './20261203_160000_search_function_cost'
import * as migration_20261206_090000_event_cell_points from './20261206_090000_event_cell_points'
import * as migration_20261206_100000_event_cell_years from './20261206_100000_event_cell_years'
import * as migration_20261206_120000_event_cell_series from './20261206_120000_event_cell_series'
import * as migration_20261206_150000_event_search_cells from './20261206_150000_event_search_cells'

export const migrations = [
  {
    up: migration_20261120_233922_initial.up,
    down: migration_20261120_233922_initial.down,
    name: '20261120_233922_initial',
  },
  {
    up: migration_20261121_023643_import_pipeline.up,
    down: migration_20261121_023643_import_pipeline.down,
    name: '20261121_023643_import_pipeline',
  },
  {
    up: migration_20261121_034555_geocoding_rate_limits.up,
    down: migration_20261121_034555_geocoding_rate_limits.down,
    name: '20261121_034555_geocoding_rate_limits',
  },
  {
    up: migration_20261121_044344_dataset_geocoding_overrides.up,
    down: migration_20261121_044344_dataset_geocoding_overrides.down,
    name: '20261121_044344_dataset_geocoding_overrides',
  },
  {
    up: migration_20261121_052000_events_search_index.up,
    down: migration_20261121_052000_events_search_index.down,
    name: '20261121_052000_events_search_index',
  },
  {
    up: migration_20261121_090000_event_index_versions.up,
    down: migration_20261121_090000_event_index_versions.down,
    name: '20261121_090000_event_index_versions',
  },
  {
    up: migration_20261125_140000_job_runners.up,
    down: migration_20261125_140000_job_runners.down,
    name: '20261125_140000_job_runners',
  },
  {
    up: migration_20261125_160000_rate_limit_attempts.up,
    down: migration_20261125_160000_rate_limit_attempts.down,
    name: '20261125_160000_rate_limit_attempts',
  },
  {
    up: migration_20261127_100000_events_original.up,
    down: migration_20261127_100000_events_original.down,
    name: '20261127_100000_events_original',
  },
  {
    up: migration_20261127_120000_events_search_unaccent.up,
    down: migration_20261127_120000_events_search_unaccent.down,
    name: '20261127_120000_events_search_unaccent',
  },
  {
    up: migration_20261127_150000_event_hand_edits.up,
    down: migration_20261127_150000_event_hand_edits.down,
    name: '20261127_150000_event_hand_edits',
  },
  {
    up: migration_20261127_151000_reimport_counts.up,
    down: migration_20261127_151000_reimport_counts.down,
    name: '20261127_151000_reimport_counts',
  },
  {
    up: migration_20261127_153000_dataset_import_settings.up,
    down: migration_20261127_153000_dataset_import_settings.down,
    name: '20261127_153000_dataset_import_settings',
  },
  {
    up: migration_20261128_130000_slugs_unique_per_owner.up,
    down: migration_20261128_130000_slugs_unique_per_owner.down,
    name: '20261128_130000_slugs_unique_per_owner',
  },
  {
    up: migration_20261128_190000_scheduled_imports.up,
    down: migration_20261128_190000_scheduled_imports.down,
    name: '20261128_190000_scheduled_imports',
  },
  {
    up: migration_20261128_200000_webhooks.up,
    down: migration_20261128_200000_webhooks.down,
    name: '20261128_200000_webhooks',
  },
  {
    up: migration_20261128_210000_api_keys.up,
    down: migration_20261128_210000_api_keys.down,
    name: '20261128_210000_api_keys',
  },
  {
    up: migration_20261128_220000_audit_log.up,
    down: migration_20261128_220000_audit_log.down,
    name: '20261128_220000_audit_log',
  },
  {
    up: migration_20261129_000000_quotas.up,
    down: migration_20261129_000000_quotas.down,
    name: '20261129_000000_quotas',
  },
  {
    up: migration_20261203_090000_event_cells.up,
    down: migration_20261203_090000_event_cells.down,
    name: '20261203_090000_event_cells',
  },
  {
    up: migration_20261203_140000_event_value_cells.up,
    down: migration_20261203_140000_event_value_cells.down,
    name: '20261203_140000_event_value_cells',
  },
  {
    up: migration_20261203_160000_search_function_cost.up,
    down: migration_20261203_160000_search_function_cost.down,
    name: '20261203_160000_search_function_cost',
  },
  {
    up: migration_20261206_090000_event_cell_points.up,
    down: migration_20261206_090000_event_cell_points.down,
    name: '20261206_090000_event_cell_points',
  },
  {
    up: migration_20261206_100000_event_cell_years.up,
    down: migration_20261206_100000_event_cell_years.down,
    name: '20261206_100000_event_cell_years',
  },
  {
    up: migration_20261206_120000_event_cell_series.up,
    down: migration_20261206_120000_event_cell_series.down,
    name: '20261206_120000_event_cell_series',
  },
  {
    up: migration_20261206_150000_event_search_cells.up,
    down: migration_20261206_150000_event_search_cells.down,
    name: '20261206_150000_event_search_cells',
  },
]
