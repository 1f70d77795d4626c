import { ComingSoon } from '../../../components/site/coming-soon'

/** Title of the import page. */
export const metadata = { title: 'Import' }

/** The import page (upload, preview, progress); built in a coming release. */
export default function ImportPage() {
  return (
    <ComingSoon title="Import: coming soon">
      Uploading CSV, Excel, ODS, JSON and GeoJSON files with a preview of the detected columns and live progress is
      being built.
    </ComingSoon>
  )
}
