'use client'
import { useId, useState, type DragEvent } from 'react'

import { formatBytes } from './import-format'

/** The file types the upload endpoint reads, for the file picker's filter. */
export const ACCEPTED_FILE_TYPES = '.csv,.tsv,.tab,.txt,.xlsx,.xls,.ods,.json,.ndjson,.geojson'

/**
 * The file chooser: a large drop target that is also a labelled file input, so it works with a
 * mouse (drag and drop or click), the keyboard (Tab, then Enter or Space) and screen readers.
 * Shows the chosen file's name and size, and warns before uploading a file over the size limit.
 */
export function FileDropZone({
  file,
  maxBytes,
  onFile,
}: {
  file: File | null
  /** The server's upload limit in bytes. */
  maxBytes: number
  onFile: (file: File | null) => void
}) {
  const inputId = useId()
  const hintId = useId()
  const [isDragging, setIsDragging] = useState(false)
  const isTooLarge = file !== null && file.size > maxBytes

  const onDrop = (event: DragEvent<HTMLLabelElement>) => {
    event.preventDefault()
    setIsDragging(false)
    const dropped = event.dataTransfer.files[0]
    if (dropped) onFile(dropped)
  }

  return (
    <div className="import-dropzone-wrap">
      <input
        id={inputId}
        className="visually-hidden"
        type="file"
        name="file"
        accept={ACCEPTED_FILE_TYPES}
        aria-describedby={hintId}
        onChange={(event) => onFile(event.target.files?.[0] ?? null)}
      />
      <label
        htmlFor={inputId}
        className={`import-dropzone${isDragging ? ' is-dragging' : ''}${file ? ' has-file' : ''}`}
        onDragOver={(event) => {
          event.preventDefault()
          setIsDragging(true)
        }}
        onDragLeave={() => setIsDragging(false)}
        onDrop={onDrop}
      >
        {file ? (
          <>
            <span className="import-dropzone-title">{file.name}</span>
            <span className="import-dropzone-meta">
              {formatBytes(file.size)} · choose or drop another file to replace it
            </span>
          </>
        ) : (
          <>
            <span className="import-dropzone-title">Drop a file here, or choose one</span>
            <span className="import-dropzone-meta">CSV, TSV, Excel (XLSX, XLS), ODS, JSON or GeoJSON</span>
          </>
        )}
      </label>
      <p id={hintId} className={isTooLarge ? 'import-error' : 'import-hint'} role={isTooLarge ? 'alert' : undefined}>
        {isTooLarge
          ? `This file is ${formatBytes(file.size)}; Chronotope accepts files up to ${formatBytes(maxBytes)}. Split it or ask an admin to raise the limit.`
          : `Files up to ${formatBytes(maxBytes)}. The first row should hold the column names.`}
      </p>
    </div>
  )
}
