'use client'
import { useId, useState, type FormEvent } from 'react'

import { ErrorMessage } from './error-message'
import { FileDropZone } from './file-drop-zone'
import { uploadImportFile } from './import-api'
import { datasetNameFromFile } from './import-format'
import { TargetPicker, type ImportUser } from './target-picker'
import { EMPTY_TARGET, uploadTargetOf, type TargetChoice } from './upload-target'
import { useFocusOnMount } from './use-focus-on-mount'

/**
 * Step 1: choose a file and where its events go, then upload it without starting, so the next
 * step can show the preview.
 */
export function UploadStep({
  user,
  maxUploadBytes,
  shouldFocus,
  onUploaded,
}: {
  user: ImportUser
  maxUploadBytes: number
  /** Focus the heading (when coming back from another step, not on first load). */
  shouldFocus: boolean
  onUploaded: (importId: number) => void
}) {
  const id = useId()
  const heading = useFocusOnMount<HTMLHeadingElement>(shouldFocus)
  const [file, setFile] = useState<File | null>(null)
  const [target, setTarget] = useState<TargetChoice>(EMPTY_TARGET)
  const [isUploading, setIsUploading] = useState(false)
  const [error, setError] = useState<string | null>(null)

  const chooseFile = (chosen: File | null) => {
    setFile(chosen)
    setError(null)
    // The dataset name follows the file until the user types their own. An update of the current
    // choice, not of this render's: the user's catalogs may have just loaded and chosen one.
    const previousDefault = file ? datasetNameFromFile(file.name) : ''
    if (chosen) {
      setTarget((current) =>
        current.datasetName === '' || current.datasetName === previousDefault
          ? { ...current, datasetName: datasetNameFromFile(chosen.name) }
          : current,
      )
    }
  }

  const submit = async (event: FormEvent) => {
    event.preventDefault()
    if (!file) return setError('Choose a file to import')
    if (file.size > maxUploadBytes) return setError('The file is larger than this site accepts; choose a smaller one')
    const result = uploadTargetOf(target)
    if ('problem' in result) return setError(result.problem)
    setIsUploading(true)
    setError(null)
    try {
      const uploaded = await uploadImportFile(file, result.target)
      onUploaded(uploaded.importId)
    } catch (uploadError) {
      setError((uploadError as Error).message)
      setIsUploading(false)
    }
  }

  return (
    <section className="import-step" aria-labelledby={`${id}-heading`}>
      <h2 id={`${id}-heading`} ref={heading} tabIndex={-1}>
        Choose a file
      </h2>
      <form onSubmit={(event) => void submit(event)} noValidate>
        <FileDropZone file={file} maxBytes={maxUploadBytes} onFile={chooseFile} />
        <h3>Where the events go</h3>
        <TargetPicker user={user} choice={target} onChange={setTarget} />
        <ErrorMessage error={error} />
        <div className="import-actions">
          <button type="submit" className="button primary" disabled={isUploading}>
            {isUploading ? 'Uploading…' : 'Upload and preview'}
          </button>
          <span className="import-hint">Nothing is imported until you have checked the preview.</span>
        </div>
      </form>
    </section>
  )
}
