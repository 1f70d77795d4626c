/**
 * Schema detection of one sheet, the same for the preview, the upload's and start's check and the
 * schema-detection job, so all of them reach the same per-column decisions: the first rows are
 * sampled for types and statistics; then, only while a date column's day/month order is still
 * undecided, the rest of the sheet is read for that order alone (one pattern match per cell), to
 * the end if need be. A file whose date columns the sample decides is read no further.
 * @module
 */
import { readHeaders, readRows, type FormatDetectionResult, type SourceRow } from '@chronotope/file-readers'
import { createSchemaBuilder, type DetectedSchema } from '@chronotope/schema'

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
  for await (const batch of readRows(path, detection, readOptions)) {
    for (const row of batch) if (firstRows.length < wantedRows) firstRows.push(row)
    const take = sampled < sampleRows ? batch.slice(0, sampleRows - sampled) : []
    if (take.length > 0) {
      builder.addRows(take.map((row) => row.values))
      sampled += take.length
    }
    const rest = batch.length - take.length
    if (rest > 0 || sampled >= sampleRows) {
      if (schema === undefined) {
        schema = builder.build()
        undecided = undecidedDateColumns(schema)
        if (undecided.length === 0 && firstRows.length >= wantedRows) break
      }
      if (rest > 0 && undecided.length > 0) {
        builder.addDateOrderEvidence(
          batch.slice(take.length).map((row) => row.values),
          undecided,
        )
        scanned += rest
        undecided = builder.undecidedDateColumns(undecided)
      }
      if (undecided.length === 0 && firstRows.length >= wantedRows) break
    }
  }
  // Rebuilt when the scan read more, so the choices' counts and reasons include those rows.
  if (schema === undefined || scanned > 0) schema = builder.build()
  return { headers, schema, rowsSampled: sampled, rowsScannedForDates: scanned, firstRows }
}
