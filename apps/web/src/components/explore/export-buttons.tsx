'use client'
/**
 * Export buttons: download exactly the filtered events as CSV or GeoJSON from the read API's
 * export endpoints, with the number of rows said before the download.
 * @module
 */
import { countOf } from '../../lib/text/format-number'
import { useExplore } from './explore-context'
import { useDatasetCounts } from './explore-queries'

/** The CSV and GeoJSON download links of the current filters. */
export function ExportButtons() {
  const { client, filters } = useExplore()
  const counts = useDatasetCounts(filters)
  const total = counts.data?.total
  const rows = total === undefined ? '' : ` (${countOf(total, 'row')})`
  const empty = total === 0
  return (
    <div className="explore-export" role="group" aria-label="Download the filtered events">
      {(['csv', 'geojson'] as const).map((format) =>
        empty ? (
          <span key={format} className="button" aria-disabled="true">
            {format === 'csv' ? 'CSV' : 'GeoJSON'} (nothing to export)
          </span>
        ) : (
          <a key={format} className="button" href={client.exportUrl(filters, format)} download>
            {format === 'csv' ? 'CSV' : 'GeoJSON'}
            {rows}
          </a>
        ),
      )}
    </div>
  )
}
