import type { ImportPreview } from './import-api'
import { formatCount } from './import-format'

const FORMAT_LABELS: Record<string, string> = {
  csv: 'CSV',
  xlsx: 'Excel (XLSX)',
  xls: 'Excel 97–2003 (XLS)',
  ods: 'OpenDocument spreadsheet (ODS)',
  json: 'JSON',
  ndjson: 'Newline-delimited JSON',
  geojson: 'GeoJSON',
}

const DELIMITER_LABELS: Record<string, string> = {
  ',': 'comma',
  ';': 'semicolon',
  '\t': 'tab',
  '|': 'vertical bar',
}

/** What Chronotope found out about the file: format, encoding, delimiter and rows sampled. */
export function DetectionSummary({ preview }: { preview: ImportPreview }) {
  const { detection } = preview
  const items: Array<[string, string]> = [['Format', FORMAT_LABELS[detection.format] ?? detection.format]]
  if (detection.encoding)
    items.push(['Encoding', detection.encoding.toUpperCase() + (detection.hasBom ? ' with BOM' : '')])
  if (detection.delimiter) {
    const name = DELIMITER_LABELS[detection.delimiter]
    items.push([
      'Delimiter',
      name ? `${name} (${detection.delimiter === '\t' ? '⇥' : detection.delimiter})` : detection.delimiter,
    ])
  }
  items.push(['Columns', formatCount(preview.headers.length)])
  items.push(['Rows sampled', formatCount(preview.rowsSampled)])
  return (
    <>
      <dl className="import-facts">
        {items.map(([term, value]) => (
          <div key={term}>
            <dt>{term}</dt>
            <dd>{value}</dd>
          </div>
        ))}
      </dl>
      {(detection.invalidByteCount ?? 0) > 0 && (
        <p className="import-hint">
          {formatCount(detection.invalidByteCount!)} bytes are not valid UTF-8; they are read as Windows-1252
          characters.
        </p>
      )}
    </>
  )
}
