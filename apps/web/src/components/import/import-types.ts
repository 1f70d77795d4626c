/**
 * The API types the import UI reads, gathered in one place so client components import types
 * only (nothing from the server code ends up in the browser bundle).
 * @module
 */
export type { CellValue } from '@chronotope/file-readers'
export type {
  CoordinateOrderChoice,
  DateOrderChoice,
  EventMapping,
  ImportChoice,
  FieldRole,
  FieldStatistics,
  GeoColumnResult,
  RowError,
  SchemaChange,
  SchemaField,
} from '@chronotope/schema'
export type { ImportJobProgress, ImportProgressResponse, StageProgressView } from '../../lib/import/import-progress'

import type { CellValue } from '@chronotope/file-readers'

/** One preview row's cells, keyed by header. */
export type SourceRowValues = Readonly<Record<string, CellValue>>
