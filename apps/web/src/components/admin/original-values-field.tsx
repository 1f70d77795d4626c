'use client'
/**
 * The event form's read-only view of the row as the file wrote it beside what Chronotope read:
 * `03/04/2024 → 3 April 2024`, `1,234 → 1234`. The `original` field it shows cannot be changed by
 * any edit (its update access is closed); only an import writes it.
 * @module
 */
import { FieldLabel, useFormFields } from '@payloadcms/ui'
import type { UIFieldClientComponent } from 'payload'
import { useEffect, useState } from 'react'

import { rowFields, type RowField } from '../event/row-fields'
import styles from './original-values-field.module.css'

function Value({ field }: { field: RowField }) {
  const read = field.text === '' ? <span className={styles.muted}>empty</span> : <bdi>{field.text}</bdi>
  if (field.written === undefined) return <>{read}</>
  return (
    <>
      <span className={styles.hidden}>written </span>
      <bdi className={styles.written}>{field.written}</bdi>
      <span aria-hidden="true" className={styles.muted}>
        {' → '}
      </span>
      <span className={styles.hidden}> read as </span>
      {read}
    </>
  )
}

/**
 * The fields of the dataset's current schema, for the file's column order and its date columns
 * (the database keeps JSON keys in an order of its own); undefined until loaded or when unreadable.
 */
function useDatasetSchemaFields(datasetId: number | undefined): unknown {
  const [fields, setFields] = useState<unknown>()
  useEffect(() => {
    if (datasetId === undefined) return
    const controller = new AbortController()
    fetch(`/api/datasets/${datasetId}?depth=1`, { credentials: 'include', signal: controller.signal })
      .then((response) => (response.ok ? (response.json() as Promise<{ currentSchema?: { fields?: unknown } }>) : null))
      .then((dataset) => setFields(dataset?.currentSchema?.fields))
      // Without the schema the table keeps the stored order and reads dates by their stored form.
      .catch(() => undefined)
    return () => controller.abort()
  }, [datasetId])
  return fields
}

/** The `originalValues` UI field of the events collection. */
export const OriginalValuesField: UIFieldClientComponent = () => {
  const data = useFormFields(([fields]) => fields.data?.value)
  const original = useFormFields(([fields]) => fields.original?.value)
  const datasetId = useFormFields(([fields]) => fields.dataset?.value)
  const schemaFields = useDatasetSchemaFields(typeof datasetId === 'number' ? datasetId : undefined)
  const rows = rowFields(data, schemaFields, original)
  const hasOriginal = typeof original === 'object' && original !== null
  return (
    <div className="field-type original-values-field">
      <FieldLabel label="The row as the file wrote it" />
      {!hasOriginal ? (
        <div className="field-description">
          This event has no row from a file (it was created by hand, or imported before Chronotope kept the file’s own
          text).
        </div>
      ) : (
        <>
          <div className="field-description">
            Read-only: editing the event never changes it. Where Chronotope read a value as something else, what it read
            follows the arrow.
          </div>
          <table className={styles.table}>
            <thead>
              <tr>
                <th scope="col">Column</th>
                <th scope="col">As written → as read</th>
              </tr>
            </thead>
            <tbody>
              {rows.map((field) => (
                <tr key={field.key}>
                  <th scope="row">{field.key}</th>
                  <td>
                    <Value field={field} />
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </>
      )}
    </div>
  )
}
