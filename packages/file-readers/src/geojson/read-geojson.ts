import { flattenRecord, isJsonObject } from '../json/flatten-record'
import { jsonDepthExceeds } from '../bounds/json-depth'
import { type JsonRecord, readJsonRecords } from '../json/json-records'
import { tooDeep } from '../json/read-json'
import type { FormatDetectionResult, ReadLimits, SourceRow } from '../types'
import { geometryCentroid } from './centroid'
import { validateGeometry } from './validate-geometry'

/**
 * Turns a GeoJSON Feature into a data row: flattened properties, the feature's `id` as `values.id`
 * (unless a property is already called `id`), the geometry as in the file and its centroid. A
 * null or invalid geometry gives an `invalid-geometry` issue, a feature nested too deep a
 * `too-deep` issue; the row is still returned.
 * @example featureToRow({ value: { type: 'Feature', id: 7, properties: { name: 'A' }, geometry: { type: 'Point', coordinates: [1, 2] } } }, 1, 2000)
 * // { rowNumber: 1, values: { name: 'A', id: 7 }, geometry: { type: 'Point', coordinates: [1, 2] }, centroid: { longitude: 1, latitude: 2 } }
 */
export function featureToRow(record: JsonRecord, rowNumber: number, maxColumns: number): SourceRow {
  const row: SourceRow = { rowNumber, values: {} }
  if (record.sourceRow !== undefined) row.sourceRow = record.sourceRow
  if (record.issue !== undefined) {
    row.issues = [record.issue]
    return row
  }
  const feature = record.value
  // Before anything walks it by recursion (validation, flattening, JSON text of deep values).
  if (jsonDepthExceeds(feature)) {
    row.issues = [tooDeep('Feature', rowNumber)]
    return row
  }
  if (!isJsonObject(feature) || feature.type !== 'Feature') {
    const shown = (JSON.stringify(feature) ?? String(feature)).slice(0, 40)
    row.issues = [{ code: 'not-a-feature', message: `Feature ${rowNumber} is ${shown}, not a GeoJSON Feature` }]
    return row
  }
  const properties = isJsonObject(feature.properties) ? feature.properties : {}
  row.values = flattenRecord(properties, maxColumns, rowNumber)
  const id = feature.id
  if ((typeof id === 'string' || typeof id === 'number') && !('id' in row.values)) row.values.id = id
  const check = validateGeometry(feature.geometry)
  if (check.geometry !== undefined) {
    row.geometry = check.geometry
    const centroid = geometryCentroid(check.geometry)
    if (centroid !== undefined) row.centroid = centroid
  } else {
    row.issues = [{ code: 'invalid-geometry', message: `Feature ${rowNumber}: ${check.problem}` }]
  }
  return row
}

/**
 * Streams a GeoJSON FeatureCollection (features streamed one by one), a single Feature, or
 * newline-delimited Features as data rows.
 * @throws {@link MalformedFile} on a syntax error or when the object is neither a FeatureCollection nor a Feature
 * @example for await (const rows of readGeoJsonRows('quakes.geojson', detection, limits)) rows[0]?.centroid // { longitude: -117.6, latitude: 35.7 }
 */
export async function* readGeoJsonRows(
  path: string,
  detection: FormatDetectionResult,
  limits: ReadLimits,
  startAfterRow = 0,
): AsyncGenerator<SourceRow[]> {
  const records = readJsonRecords(path, {
    encoding: detection.encoding ?? 'utf-8',
    recordsKey: 'features',
    isObjectARecord: (object) => object.type === 'Feature',
  })
  let rowNumber = 0
  for await (const batch of records) {
    const rows: SourceRow[] = []
    for (const record of batch) {
      rowNumber++
      if (rowNumber > startAfterRow) rows.push(featureToRow(record, rowNumber, limits.maxColumns))
    }
    if (rows.length > 0) yield rows
  }
}
