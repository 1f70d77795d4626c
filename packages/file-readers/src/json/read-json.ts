import type { FormatDetectionResult, ReadLimits, RowIssue, SourceRow } from '../types'
import { jsonDepthExceeds, MAX_JSON_DEPTH } from '../bounds/json-depth'
import { flattenRecord, isJsonObject } from './flatten-record'
import { type JsonRecord, readJsonRecords } from './json-records'

/** Records sampled for the header names of a JSON file. */
const HEADER_SAMPLE_RECORDS = 1000

/**
 * Turns a JSON record into a data row: objects are flattened to dot paths; anything else is an
 * empty row with a `not-an-object` issue, and an object nested deeper than {@link MAX_JSON_DEPTH}
 * levels an empty row with a `too-deep` issue (checked without recursion).
 * @example jsonRecordToRow({ value: { a: { b: 1 } } }, 1, 2000).values // { 'a.b': 1 }
 */
export function jsonRecordToRow(record: JsonRecord, rowNumber: number, maxColumns: number): SourceRow {
  const row: SourceRow = { rowNumber, values: {} }
  if (record.sourceRow !== undefined) row.sourceRow = record.sourceRow
  if (record.issue !== undefined) {
    row.issues = [record.issue]
  } else if (jsonDepthExceeds(record.value)) {
    row.issues = [tooDeep('Record', rowNumber)]
  } else if (isJsonObject(record.value)) {
    row.values = flattenRecord(record.value, maxColumns, rowNumber)
  } else {
    const shown = JSON.stringify(record.value)?.slice(0, 40) ?? String(record.value)
    row.issues = [
      {
        code: 'not-an-object',
        message: `Record ${rowNumber} is ${shown}, not an object; expected {"column": value, ...}`,
      },
    ]
  }
  return row
}

/**
 * The issue of a record or feature nested too deep to read safely.
 * @example tooDeep('Record', 3).message // 'Record 3 is nested more than 32 levels deep; …'
 */
export function tooDeep(what: string, rowNumber: number): RowIssue {
  return {
    code: 'too-deep',
    message: `${what} ${rowNumber} is nested more than ${MAX_JSON_DEPTH} levels deep; store the deep part as text or flatten it`,
  }
}

/**
 * Streams a JSON or NDJSON file as data rows (see {@link readJsonRecords} for the layouts).
 * @example for await (const rows of readJsonRows('events.json', detection, limits)) rows[0]?.values // { name: 'Rally', 'address.city': 'Erie' }
 */
export async function* readJsonRows(
  path: string,
  detection: FormatDetectionResult,
  limits: ReadLimits,
  startAfterRow = 0,
): AsyncGenerator<SourceRow[]> {
  let rowNumber = 0
  for await (const records of readJsonRecords(path, { encoding: detection.encoding ?? 'utf-8' })) {
    const rows: SourceRow[] = []
    for (const record of records) {
      rowNumber++
      if (rowNumber > startAfterRow) rows.push(jsonRecordToRow(record, rowNumber, limits.maxColumns))
    }
    if (rows.length > 0) yield rows
  }
}

/**
 * The column names of a row stream: every key of the first 1000 rows, in first-seen order.
 * @example await sampleHeaders(readJsonRows(...)) // ['name', 'address.city', 'tags']
 */
export async function sampleHeaders(rows: AsyncIterable<SourceRow[]>): Promise<string[]> {
  const names = new Set<string>()
  let seen = 0
  for await (const batch of rows) {
    for (const row of batch) {
      for (const key of Object.keys(row.values)) names.add(key)
      if (++seen >= HEADER_SAMPLE_RECORDS) return [...names]
    }
  }
  return [...names]
}
