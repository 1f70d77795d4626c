/** One thing schema detection wants the user to look at. */
export interface SchemaWarningView {
  readonly code: string
  readonly field?: string
  readonly message: string
}

/** The schema's warnings (ambiguous dates, no time column, no location…), or nothing. */
export function SchemaWarnings({
  warnings,
  title = 'Worth checking',
}: {
  warnings: readonly SchemaWarningView[]
  title?: string
}) {
  if (warnings.length === 0) return null
  return (
    <div className="import-warnings">
      <p className="import-warnings-title">{title}</p>
      <ul>
        {warnings.map((warning) => (
          <li key={`${warning.code}-${warning.field ?? ''}-${warning.message}`}>
            {warning.field && <strong>{warning.field}: </strong>}
            {warning.message}
          </li>
        ))}
      </ul>
    </div>
  )
}
