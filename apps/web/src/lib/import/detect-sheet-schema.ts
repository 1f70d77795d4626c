/**
 * Schema detection of one sheet, the same for the preview, the upload's and start's check and the
 * schema-detection job, so all of them reach the same per-column decisions: the first rows are
 * sampled for types and statistics; then, only while a date column's day/month order is still
 * undecided, the rest of the sheet is read for that order alone (one pattern match per cell), to
 * the end if need be. A file whose date columns the sample decides is read no further.
 * A GeoJSON file is placed by its features' geometries: its location is the geometry, and its
 * warnings say what the features hold instead of asking for coordinate columns.
 * @module
 */
import { readHeaders, readRows, type FormatDetectionResult, type SourceRow } from '@chronotope/file-readers'
import {
  countGeometry,
  createSchemaBuilder,
  describeGeometries,
  emptyGeometryTally,
  type DetectedSchema,
  type GeometryTally,
  type SchemaWarningCode,
} from '@chronotope/schema'

import { BATCH_SIZES } from '../../constants/batch-sizes'

/** What {@link detectSheetSchema} found. */
export interface SheetSchemaDetection {
  readonly headers: string[]
  readonly schema: DetectedSchema
  /** Rows sampled for types and statistics. */
  readonly rowsSampled: number
  /** Rows read after the sample for undecided date orders only (0 when the sample decided them). */
  readonly rowsScannedForDates: number
  /** The first rows, as many as asked for. */
  readonly firstRows: SourceRow[]
}

/** Options of {@link detectSheetSchema}. */
export interface DetectSheetSchemaOptions {
  /** The sheet, by index or name; default the first. */
  readonly sheet?: number | string
  /** First rows to return as they are (the preview's table); default none. */
  readonly firstRows?: number
  /** Rows sampled; default the schema detection sample, so every caller decides alike. */
  readonly sampleRows?: number
}

/** Warnings about coordinate columns, which a file placed by its geometries does not need. */
const LOCATION_WARNINGS: ReadonlySet<SchemaWarningCode> = new Set([
  'no-location',
  'swapped-coordinates',
  'coordinates-out-of-range',
  'invalid-coordinates',
  'ambiguous-coordinate-order',
  'conflicting-coordinate-order',
])

/**
 * A GeoJSON sheet's schema: located by the features' geometries, with no coordinate-order question
 * about a property, and a warning that says what the features hold.
 */
function placedByGeometry(schema: DetectedSchema, tally: GeometryTally, isWholeFile: boolean): DetectedSchema {
  return {
    ...schema,
    mapping: {
      ...schema.mapping,
      location: {
        kind: 'geometry',
        ...(schema.mapping.location.address ? { address: schema.mapping.location.address } : {}),
        confidence: 1,
        reason: 'GeoJSON feature geometry',
      },
    },
    choices: schema.choices.filter((choice) => choice.kind !== 'coordinate-order'),
    warnings: [
      ...schema.warnings.filter((warning) => !LOCATION_WARNINGS.has(warning.code)),
      describeGeometries(tally, isWholeFile),
    ],
  }
}

function undecidedDateColumns(schema: DetectedSchema): string[] {
  return schema.choices
    .filter((choice) => choice.kind === 'date-order' && choice.isRequired)
    .map((choice) => choice.column)
}

/**
 * Detects a sheet's schema, reading beyond the sample only while a date column's order is undecided.
 * @example (await detectSheetSchema(path, detection)).schema.choices[0].decided // 'DMY'
 */
export async function detectSheetSchema(
  path: string,
  detection: FormatDetectionResult,
  options: DetectSheetSchemaOptions = {},
): Promise<SheetSchemaDetection> {
  const sampleRows = options.sampleRows ?? BATCH_SIZES.SCHEMA_DETECTION_SAMPLE
  const wantedRows = options.firstRows ?? 0
  const readOptions = { sheet: options.sheet ?? 0, batchSize: 1000 }
  const headers = await readHeaders(path, detection, readOptions)
  const builder = createSchemaBuilder(headers)
  const firstRows: SourceRow[] = []
  let sampled = 0
  let scanned = 0
  let schema: DetectedSchema | undefined
  let undecided: string[] = []
  const isGeoJson = detection.format === 'geojson'
  const geometries = emptyGeometryTally()
  let isWholeFile = true
  for await (const batch of readRows(path, detection, readOptions)) {
    for (const row of batch) if (firstRows.length < wantedRows) firstRows.push(row)
    const take = sampled < sampleRows ? batch.slice(0, sampleRows - sampled) : []
    if (isGeoJson) {
      for (const row of take)
        countGeometry(geometries, row.centroid ? (row.geometry as { type?: string })?.type : undefined)
    }
    if (take.length > 0) {
      builder.addRows(take.map((row) => row.values))
      sampled += take.length
    }
    const rest = batch.length - take.length
    if (rest > 0 || sampled >= sampleRows) {
      if (schema === undefined) {
        schema = builder.build()
        undecided = undecidedDateColumns(schema)
        if (undecided.length === 0 && firstRows.length >= wantedRows) {
          isWholeFile = rest === 0
          break
        }
      }
      if (rest > 0 && undecided.length > 0) {
        builder.addDateOrderEvidence(
          batch.slice(take.length).map((row) => row.values),
          undecided,
        )
        scanned += rest
        undecided = builder.undecidedDateColumns(undecided)
      }
      if (undecided.length === 0 && firstRows.length >= wantedRows) {
        isWholeFile = rest === 0
        break
      }
    }
  }
  // Rebuilt when the scan read more, so the choices' counts and reasons include those rows.
  if (schema === undefined || scanned > 0) schema = builder.build()
  if (isGeoJson) schema = placedByGeometry(schema, geometries, isWholeFile && scanned === 0)
  return { headers, schema, rowsSampled: sampled, rowsScannedForDates: scanned, firstRows }
}
